extension MockResponse {
    /// The bytes a fixed stub of this response sends for a non-`HEAD` request, kept once
    /// (`preEncoded`) and formatted the general way (`formatted`), for each way a connection can
    /// carry on (`close`, `keep`, `keep-alive`); nil for a response the kept bytes never answer.
    package func encodingsForTesting(date: String) -> [(reuse: String, preEncoded: [UInt8], formatted: [UInt8])]? {
        let fixed = PreEncodedResponse(self)
        guard fixed.isEncoded else { return nil }
        let reuses: [(String, Connection.Reuse)] = [("close", .close), ("keep", .keep), ("keep-alive", .keepAnnounced)]
        return reuses.map { name, requested in
            var preEncoded: [UInt8] = []
            fixed.write(reuse: fixed.reuse(after: requested), date: date, into: &preEncoded)
            var formatted: [UInt8] = []
            let reuse: Connection.Reuse = ResponseWriter.closesConnection(self) ? .close : requested
            ResponseWriter.write(self, omittingBody: false, reuse: reuse, date: date, into: &formatted)
            return (name, preEncoded, formatted)
        }
    }
}
