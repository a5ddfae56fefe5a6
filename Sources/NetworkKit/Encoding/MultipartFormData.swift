public import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields and files, joined by a random boundary that
/// is checked not to occur in any part held in memory.
///
/// ```swift
/// var form = MultipartFormData()
/// form.append("Ann", name: "user")
/// form.append(imageData, name: "avatar", fileName: "me.png", mimeType: "image/png")
/// try form.append(streamingFileAt: videoURL, name: "video")  // read when sent, never held whole
/// let response = try await client.upload(.multipart(form), to: API.post)
/// ```
///
/// ``encode()`` builds the whole body in memory; ``HTTPClient/upload(_:to:options:progress:)``
/// does so only below ``UploadOptions/multipartMemoryThreshold`` and otherwise writes it to a
/// temporary file that it streams and then removes.
public struct MultipartFormData: Sendable, Hashable {
    /// One part: its headers and content.
    public struct Part: Sendable, Hashable {
        /// The field name.
        public let name: String
        /// The file name, for a file part.
        public let fileName: String?
        /// The part's media type, for a file part.
        public let mimeType: String?
        /// The part's bytes; empty for a part read from ``fileURL`` when the form is encoded.
        public let content: Data
        /// The file a part appended with ``MultipartFormData/append(streamingFileAt:name:fileName:mimeType:)``
        /// is read from; nil for a part held in memory.
        public let fileURL: URL?
        /// The file's size when it was appended; a file of another size when read is an error.
        let fileSize: Int64

        init(
            name: String, fileName: String?, mimeType: String?, content: Data, fileURL: URL? = nil, fileSize: Int64 = 0
        ) {
            self.name = name
            self.fileName = fileName
            self.mimeType = mimeType
            self.content = content
            self.fileURL = fileURL
            self.fileSize = fileSize
        }

        /// The number of content bytes.
        var length: Int64 { fileURL == nil ? Int64(content.count) : fileSize }
    }

    /// The parts, in the order they were appended.
    public private(set) var parts: [Part] = []
    /// The boundary between parts; ``encode()`` replaces it if it occurs in a part.
    public private(set) var boundary: String

    /// Creates an empty form with a random boundary.
    public init() {
        boundary = Self.randomBoundary()
    }

    /// The `Content-Type` header value naming the boundary.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Appends a text field.
    ///
    /// - Parameters:
    ///   - value: The field's text, sent as UTF-8.
    ///   - name:  The field name.
    public mutating func append(_ value: String, name: String) {
        parts.append(Part(name: name, fileName: nil, mimeType: nil, content: Data(value.utf8)))
    }

    /// Appends bytes, as a file when `fileName` is given.
    ///
    /// - Parameters:
    ///   - data:     The content.
    ///   - name:     The field name.
    ///   - fileName: The file name the server sees.
    ///   - mimeType: The content's media type; `application/octet-stream` for a file when nil.
    public mutating func append(_ data: Data, name: String, fileName: String? = nil, mimeType: String? = nil) {
        let type = mimeType ?? (fileName == nil ? nil : "application/octet-stream")
        parts.append(Part(name: name, fileName: fileName, mimeType: type, content: data))
    }

    /// Appends the contents of a file, read now.
    ///
    /// - Parameters:
    ///   - fileURL:  A file URL.
    ///   - name:     The field name.
    ///   - fileName: The file name the server sees; the URL's last component when nil.
    ///   - mimeType: The media type; guessed from the extension when nil.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` with ``HTTPError/EncodingFailureReason/unreadableFile(path:reason:)``.
    public mutating func append(fileAt fileURL: URL, name: String, fileName: String? = nil, mimeType: String? = nil)
        throws
    {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw HTTPError.encodingFailed(.unreadableFile(path: fileURL.path, reason: error.localizedDescription))
        }
        let type = mimeType ?? Self.mimeType(forExtension: fileURL.pathExtension)
        append(data, name: name, fileName: fileName ?? fileURL.lastPathComponent, mimeType: type)
    }

    /// Appends a file part whose bytes are read only when the form is encoded or sent, so an upload
    /// never holds the file in memory.
    ///
    /// The file must keep its size until then: one that is gone or of another size by then fails the
    /// encoding or the upload with ``HTTPError/EncodingFailureReason/unreadableFile(path:reason:)``.
    /// The boundary is not searched for in the file (it has 128 random bits).
    ///
    /// - Parameters:
    ///   - fileURL:  A file URL.
    ///   - name:     The field name.
    ///   - fileName: The file name the server sees; the URL's last component when nil.
    ///   - mimeType: The media type; guessed from the extension when nil.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` with ``HTTPError/EncodingFailureReason/unreadableFile(path:reason:)``
    ///   when the file cannot be read now.
    public mutating func append(
        streamingFileAt fileURL: URL, name: String, fileName: String? = nil, mimeType: String? = nil
    ) throws(HTTPError) {
        let size = try Self.readableSize(of: fileURL)
        parts.append(
            Part(
                name: name, fileName: fileName ?? fileURL.lastPathComponent,
                mimeType: mimeType ?? Self.mimeType(forExtension: fileURL.pathExtension), content: Data(),
                fileURL: fileURL, fileSize: size))
    }

    /// The body bytes; first picks a new boundary if the current one occurs in a part held in memory.
    ///
    /// Files of parts appended with ``append(streamingFileAt:name:fileName:mimeType:)`` are read
    /// here, whole.
    ///
    /// - Returns: The encoded form.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` when such a file is gone or changed size.
    public mutating func encode() throws(HTTPError) -> Data {
        chooseBoundary()
        var body = Data()
        for part in parts {
            body.append(head(of: part))
            if let fileURL = part.fileURL {
                body.append(try Self.read(fileURL, expecting: part.fileSize))
            } else {
                body.append(part.content)
            }
            body.append(Data("\r\n".utf8))
        }
        body.append(tail)
        return body
    }

    /// Picks a new boundary while the current one occurs in a part held in memory.
    mutating func chooseBoundary() {
        while parts.contains(where: { $0.content.range(of: Data(boundary.utf8)) != nil }) {
            boundary = Self.randomBoundary()
        }
    }

    /// The delimiter and header fields before a part's content.
    func head(of part: Part) -> Data {
        Data("--\(boundary)\r\n\(headerText(of: part))".utf8)
    }

    /// The closing delimiter.
    var tail: Data { Data("--\(boundary)--\r\n".utf8) }

    /// The size of the encoded form, without reading any file.
    var encodedLength: Int64 {
        parts.reduce(Int64(tail.count)) { $0 + Int64(head(of: $1).count) + $1.length + 2 }
    }

    private func headerText(of part: Part) -> String {
        var text = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
        if let fileName = part.fileName { text += "; filename=\"\(Self.quoted(fileName))\"" }
        text += "\r\n"
        if let mimeType = part.mimeType { text += "Content-Type: \(mimeType)\r\n" }
        return text + "\r\n"
    }

    /// Escapes `"`, CR and LF in a parameter value as the HTML standard's form encoding does.
    private static func quoted(_ value: String) -> String {
        value.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return "NetworkKit-" + String(high, radix: 16) + String(low, radix: 16)
    }

    /// A media type for common file extensions; `application/octet-stream` otherwise.
    static func mimeType(forExtension fileExtension: String) -> String {
        let types = [
            "txt": "text/plain", "html": "text/html", "csv": "text/csv", "json": "application/json",
            "xml": "application/xml", "pdf": "application/pdf", "zip": "application/zip",
            "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
            "webp": "image/webp", "heic": "image/heic", "mp4": "video/mp4", "mp3": "audio/mpeg",
        ]
        return types[fileExtension.lowercased()] ?? "application/octet-stream"
    }
}
