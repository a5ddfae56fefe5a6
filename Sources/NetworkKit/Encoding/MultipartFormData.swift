public import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields and files, joined by a random boundary that
/// is checked not to occur in any part.
///
/// ```swift
/// var form = MultipartFormData()
/// form.append("Ann", name: "user")
/// form.append(imageData, name: "avatar", fileName: "me.png", mimeType: "image/png")
/// let body = form.encode()
/// let contentType = form.contentType  // read after encode()
/// ```
public struct MultipartFormData: Sendable, Hashable {
    /// One part: its headers and content.
    public struct Part: Sendable, Hashable {
        /// The field name.
        public let name: String
        /// The file name, for a file part.
        public let fileName: String?
        /// The part's media type, for a file part.
        public let mimeType: String?
        /// The part's bytes.
        public let content: Data
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

    /// The body bytes; first picks a new boundary if the current one occurs in a part.
    ///
    /// - Returns: The encoded form.
    public mutating func encode() -> Data {
        while parts.contains(where: { $0.content.range(of: Data(boundary.utf8)) != nil }) {
            boundary = Self.randomBoundary()
        }
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            body.append(Data(headerText(of: part).utf8))
            body.append(part.content)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
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
