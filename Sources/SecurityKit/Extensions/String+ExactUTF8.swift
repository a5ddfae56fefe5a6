extension String {
    /// `bytes` as a string when they are valid UTF-8, keeping every byte: a leading byte-order mark
    /// too, which `String(data:encoding:)` drops on Linux.
    ///
    /// - Parameter bytes: The UTF-8 bytes.
    init?(exactUTF8 bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
