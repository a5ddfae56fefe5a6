public import Foundation

/// A file sent with an e-mail: its name, media type and bytes.
///
/// ```swift
/// let log = try MailAttachment(filename: "журнал.txt", mediaType: "text/plain", data: Data("…".utf8))
/// ```
public struct MailAttachment: Sendable, Equatable {
    /// The file name the recipient sees; may be non-ASCII.
    public let filename: String
    /// The media type, such as `application/pdf`.
    public let mediaType: String
    /// The file's content.
    public let data: Data

    /// Creates an attachment.
    ///
    /// - Parameters:
    ///   - filename: The name shown to the recipient.
    ///   - mediaType: A `type/subtype` media type; `application/octet-stream` by default.
    ///   - data: The content.
    /// - Throws: `PlatformError.invalidMessage` when the name has a control character or the media
    ///   type is not of the form `type/subtype`.
    public init(filename: String, mediaType: String = "application/octet-stream", data: Data) throws(PlatformError) {
        guard !filename.containsControlCharacter else { throw .invalidMessage(.controlCharacter(field: "filename")) }
        guard Self.isMediaType(mediaType) else { throw .invalidMessage(.invalidMediaType(mediaType)) }
        self.filename = filename
        self.mediaType = mediaType.lowercased()
        self.data = data
    }

    /// Whether `text` is `type/subtype` made of RFC 2045 token characters.
    static func isMediaType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let special = Set("()<>@,;:\\\"/[]?= ".unicodeScalars)
        return parts.allSatisfy { part in
            !part.isEmpty
                && part.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !special.contains($0) }
        }
    }
}
