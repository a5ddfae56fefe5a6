import InternalServiceUtilities

extension ArchiveReplay {
    /// `entries` with each absolute `Location` that names a recorded origin (the scheme, host and
    /// port of an entry's own URL) pointed at `origin`, the replaying server, its path, query and
    /// fragment kept: a redirect recorded from the real API (or through the recording proxy, which
    /// records the upstream's answer) then leads the client back to the replay. Relative locations
    /// and those on other origins stay as recorded.
    static func pointingAtServer(_ entries: [Recorded], origin: String) -> [Recorded] {
        var recordedOrigins: [ArchiveURL] = []
        for entry in entries {
            guard let url = ArchiveURL(entry.url), !recordedOrigins.contains(where: url.hasSameOrigin) else { continue }
            recordedOrigins.append(url)
        }
        return entries.map { entry in
            guard entry.response.headers.contains("Location") else { return entry }
            var entry = entry
            var headers = MockHeaders()
            for field in entry.response.headers {
                guard FieldName.same(field.name, "Location"), let location = ArchiveURL(field.value),
                    recordedOrigins.contains(where: location.hasSameOrigin)
                else {
                    headers.add(field.name, field.value)
                    continue
                }
                headers.add(field.name, origin + location.rest)
            }
            entry.response.headers = headers
            return entry
        }
    }
}
