public import Foundation

/// An e-mail message to hand to a mail transport: addresses, subject, text body and attachments.
///
/// `rendered()` turns it into RFC 5322 bytes: non-ASCII subjects and names as RFC 2047 encoded
/// words, the body in 7-bit, quoted-printable or base64 so no line exceeds 998 octets, and
/// attachments in `multipart/mixed`. Line breaks cannot reach a header: every field is checked.
///
/// ```swift
/// let message = try MailMessage(
///     to: [EmailAddress("ivan@example.org")], subject: "Отчёт", body: "Готово 🎉")
/// let bytes = try message.rendered()
/// ```
public struct MailMessage: Sendable, Equatable {
    /// How the text body is written on the wire.
    public enum BodyEncoding: Sendable, Equatable {
        /// 7-bit when the text is ASCII with short lines, quoted-printable otherwise.
        case automatic
        /// Always quoted-printable.
        case quotedPrintable
        /// Always base64.
        case base64
    }

    /// The sender; sendmail fills in the local user when it is `nil`.
    public var from: EmailAddress?
    /// The main recipients.
    public var to: [EmailAddress]
    /// Copy recipients.
    public var cc: [EmailAddress]
    /// Blind-copy recipients: written as a `Bcc` header, which `sendmail -t` removes after reading.
    public var bcc: [EmailAddress]
    /// The subject line (a single line).
    public var subject: String
    /// The plain-text body; any line-break style is sent as CRLF.
    public var body: String
    /// Files sent with the message.
    public var attachments: [MailAttachment]
    /// How the body is encoded.
    public var bodyEncoding: BodyEncoding
    /// The `Date` header.
    public var date: Date
    /// The `Message-ID` header without angle brackets; generated when `nil`.
    public var messageID: String?

    /// Creates a message, checking that it has a recipient and a one-line subject.
    ///
    /// - Parameters:
    ///   - from: The sender.
    ///   - to: Main recipients.
    ///   - cc: Copy recipients.
    ///   - bcc: Blind-copy recipients.
    ///   - subject: The subject; it must not contain a line break.
    ///   - body: The text.
    ///   - attachments: Files to attach.
    ///   - bodyEncoding: How to encode the body.
    ///   - date: The date to stamp; now by default.
    ///   - messageID: A `Message-ID` (without `<>`), printable ASCII without spaces; generated when `nil`.
    /// - Throws: `PlatformError.invalidMessage` when there is no recipient, the subject or message
    ///   ID contains a control character, or the message ID is not 1 to 984 printable ASCII
    ///   characters without spaces or angle brackets (so its header line fits in 998 octets).
    public init(
        from: EmailAddress? = nil,
        to: [EmailAddress],
        cc: [EmailAddress] = [],
        bcc: [EmailAddress] = [],
        subject: String,
        body: String,
        attachments: [MailAttachment] = [],
        bodyEncoding: BodyEncoding = .automatic,
        date: Date = Date(),
        messageID: String? = nil
    ) throws(PlatformError) {
        guard !(to.isEmpty && cc.isEmpty && bcc.isEmpty) else { throw .invalidMessage(.noRecipients) }
        guard !subject.containsControlCharacter else { throw .invalidMessage(.controlCharacter(field: "subject")) }
        if let messageID { try Self.validate(messageID: messageID) }
        self.from = from
        self.to = to
        self.cc = cc
        self.bcc = bcc
        self.subject = subject
        self.body = body
        self.attachments = attachments
        self.bodyEncoding = bodyEncoding
        self.date = date
        self.messageID = messageID
    }
}

// MARK: - Message-ID

extension MailMessage {
    /// The longest `Message-ID` accepted (984): `Message-ID: <…>` must fit in RFC 5322's 998-octet line.
    static let maximumMessageIDLength = 998 - "Message-ID: <>".utf8.count

    /// Checks a `Message-ID` given without angle brackets: a control character is header injection;
    /// anything but 1 to ``maximumMessageIDLength`` printable ASCII characters other than `<` and
    /// `>` cannot stand in RFC 5322's `msg-id`.
    static func validate(messageID: String) throws(PlatformError) {
        guard !messageID.containsControlCharacter else { throw .invalidMessage(.controlCharacter(field: "Message-ID")) }
        let isPrintable = messageID.utf8.allSatisfy { byte in
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
        }
        guard isPrintable, !messageID.isEmpty, messageID.utf8.count <= maximumMessageIDLength else {
            throw .invalidMessage(.invalidMessageID(messageID))
        }
    }
}
