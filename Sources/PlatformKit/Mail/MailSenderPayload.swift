/// What `MailUtil` sends: the recipient, subject and body (SurfUtils-compatible), plus copies and
/// attachments.
public struct MailSenderPayload: Sendable, Equatable {
    /// The main recipient's address.
    public var recipient: String
    /// The subject line, if any.
    public var subject: String?
    /// The message text.
    public var body: String
    /// Copy recipients.
    public var cc: [String]
    /// Blind-copy recipients.
    public var bcc: [String]
    /// Files to attach (used by the composer and transport channels; a `mailto:` URL cannot carry
    /// them).
    public var attachments: [MailAttachment]

    /// Creates a payload.
    ///
    /// - Parameters:
    ///   - recipient: The main recipient's address.
    ///   - subject: The subject line.
    ///   - body: The message text.
    ///   - cc: Copy recipients.
    ///   - bcc: Blind-copy recipients.
    ///   - attachments: Files to attach.
    public init(
        recipient: String,
        subject: String? = nil,
        body: String,
        cc: [String] = [],
        bcc: [String] = [],
        attachments: [MailAttachment] = []
    ) {
        self.recipient = recipient
        self.subject = subject
        self.body = body
        self.cc = cc
        self.bcc = bcc
        self.attachments = attachments
    }

    /// The payload as a `mailto:` URL builder.
    public var mailtoURL: MailtoURL {
        MailtoURL(to: [recipient], cc: cc, bcc: bcc, subject: subject, body: body)
    }

    /// The payload as a message for a transport.
    ///
    /// - Parameter sender: The `From` address, if any.
    /// - Returns: A checked message.
    /// - Throws: `PlatformError.invalidMessage` for an address that is not one or a subject with a
    ///   line break.
    public func message(from sender: EmailAddress? = nil) throws(PlatformError) -> MailMessage {
        var copies: [EmailAddress] = []
        for address in cc { copies.append(try EmailAddress(address)) }
        var blindCopies: [EmailAddress] = []
        for address in bcc { blindCopies.append(try EmailAddress(address)) }
        return try MailMessage(
            from: sender, to: [try EmailAddress(recipient)], cc: copies, bcc: blindCopies,
            subject: subject ?? "", body: body, attachments: attachments)
    }
}

/// The name SurfUtils' README gives ``MailSenderPayload`` in its MailSender example.
public typealias MapUtilPayload = MailSenderPayload
