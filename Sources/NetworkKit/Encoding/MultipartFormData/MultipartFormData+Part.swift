public import Foundation

extension MultipartFormData {
    /// One part: its headers and content.
    public struct Part: Sendable, Hashable {
        /// The field name; empty for a part appended with its own header fields
        /// (``MultipartFormData/append(_:withLength:headers:)``).
        public let name: String
        /// The file name, for a file part.
        public let fileName: String?
        /// The part's media type, for a file part.
        public let mimeType: String?
        /// The part's bytes; empty for a part read from ``fileURL`` when the form is encoded.
        public let content: Data
        /// The file a part appended with ``MultipartFormData/append(streamingFileAt:name:fileName:mimeType:)``
        /// or Alamofire's `append(_:withName:)` for a file URL is read from; nil for a part held in memory.
        public let fileURL: URL?
        /// The file's size when it was appended; a file of another size when read is an error.
        let fileSize: Int64
        /// The part's header fields as given, in place of the ones made from its name, file name and
        /// media type.
        let headers: HTTPHeaders?
        /// For a part read from a stream that did not have the length announced: that length and the
        /// bytes found (at least one more than announced when it had more).
        let streamMismatch: StreamMismatch?

        init(
            name: String, fileName: String?, mimeType: String?, content: Data, fileURL: URL? = nil,
            fileSize: Int64 = 0, headers: HTTPHeaders? = nil, streamMismatch: StreamMismatch? = nil
        ) {
            self.name = name
            self.fileName = fileName
            self.mimeType = mimeType
            self.content = content
            self.fileURL = fileURL
            self.fileSize = fileSize
            self.headers = headers
            self.streamMismatch = streamMismatch
        }

        /// The number of content bytes.
        var length: Int64 { fileURL == nil ? Int64(content.count) : fileSize }

        /// The header fields before the content, each line ended by CRLF, then the empty line.
        var headerText: String {
            if let headers {
                return headers.map { "\($0.name): \($0.value)\r\n" }.joined() + "\r\n"
            }
            var text = "Content-Disposition: form-data; name=\"\(Self.quoted(name))\""
            if let fileName { text += "; filename=\"\(Self.quoted(fileName))\"" }
            text += "\r\n"
            if let mimeType { text += "Content-Type: \(mimeType)\r\n" }
            return text + "\r\n"
        }

        /// Escapes `"`, CR and LF in a parameter value as the HTML standard's form encoding does.
        private static func quoted(_ value: String) -> String {
            value.replacingOccurrences(of: "\"", with: "%22")
                .replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
    }

    /// The length a stream was announced with and the bytes it had.
    struct StreamMismatch: Sendable, Hashable {
        let announced: UInt64
        let found: UInt64
    }
}
