public import Foundation

// MARK: - Rendering

extension MailMessage {
    /// The message as RFC 5322 bytes with CRLF line breaks, ready for `sendmail -t -i`.
    ///
    /// - Returns: Headers, a blank line and the MIME body.
    /// - Throws: `PlatformError.invalidMessage` when a field was changed after creation to hold a
    ///   line break or a message ID that is not one, or the message has no recipient.
    public func rendered() throws(PlatformError) -> Data {
        try validate()
        var headers: [String] = []
        if let from { headers.append("From: " + Self.mailbox(from)) }
        if !to.isEmpty { headers.append("To: " + Self.mailboxList(to)) }
        if !cc.isEmpty { headers.append("Cc: " + Self.mailboxList(cc)) }
        if !bcc.isEmpty { headers.append("Bcc: " + Self.mailboxList(bcc)) }
        headers.append("Subject: " + Self.headerText(subject))
        headers.append("Date: " + Self.rfc5322Date(date))
        headers.append("Message-ID: <\(messageID ?? generatedMessageID)>")
        headers.append("MIME-Version: 1.0")
        let entity: String
        if attachments.isEmpty {
            entity = textPart()
        } else {
            entity = multipart(boundary: "=_ServiceUtils_" + UUID().uuidString.replacingOccurrences(of: "-", with: ""))
        }
        return Data((headers.joined(separator: "\r\n") + "\r\n" + entity).utf8)
    }

    private func validate() throws(PlatformError) {
        guard !(to.isEmpty && cc.isEmpty && bcc.isEmpty) else { throw .invalidMessage(.noRecipients) }
        guard !subject.containsControlCharacter else { throw .invalidMessage(.controlCharacter(field: "subject")) }
        if let messageID { try Self.validate(messageID: messageID) }
    }

    private var generatedMessageID: String {
        let domain = from.map { String($0.address.split(separator: "@").last ?? "localhost") } ?? "localhost"
        return UUID().uuidString.lowercased() + "@" + domain
    }

    /// The text body's headers, a blank line and the encoded text.
    private func textPart() -> String {
        let text = body.withCRLFLineBreaks
        let encoding: BodyEncoding
        switch bodyEncoding {
        case .automatic: encoding = Self.fitsSevenBit(text) ? .automatic : .quotedPrintable
        default: encoding = bodyEncoding
        }
        var part = "Content-Type: text/plain; charset=utf-8\r\n"
        switch encoding {
        case .automatic:
            part += "Content-Transfer-Encoding: 7bit\r\n\r\n" + text
        case .quotedPrintable:
            part += "Content-Transfer-Encoding: quoted-printable\r\n\r\n" + MIMEEncoding.quotedPrintable(text)
        case .base64:
            part += "Content-Transfer-Encoding: base64\r\n\r\n" + MIMEEncoding.base64Lines(Data(text.utf8))
        }
        return part + "\r\n"
    }

    private func multipart(boundary: String) -> String {
        var result = "Content-Type: multipart/mixed; boundary=\"\(boundary)\"\r\n\r\n"
        result += "This is a multi-part message in MIME format.\r\n"
        result += "--\(boundary)\r\n" + textPart()
        for attachment in attachments {
            result += "--\(boundary)\r\n" + Self.attachmentPart(attachment)
        }
        return result + "--\(boundary)--\r\n"
    }

    private static func attachmentPart(_ attachment: MailAttachment) -> String {
        let name: String
        let disposition: String
        if MIMEEncoding.isPlainHeaderText(attachment.filename, maximumLength: 60) {
            name = "name=" + MIMEEncoding.quotedString(attachment.filename)
            disposition = "filename=" + MIMEEncoding.quotedString(attachment.filename)
        } else {
            name = "name=\"" + MIMEEncoding.encodedWords(attachment.filename, separator: " ") + "\""
            disposition = "filename*=" + MIMEEncoding.extendedParameterValue(attachment.filename)
        }
        return "Content-Type: \(attachment.mediaType);\r\n \(name)\r\n"
            + "Content-Disposition: attachment;\r\n \(disposition)\r\n"
            + "Content-Transfer-Encoding: base64\r\n\r\n"
            + MIMEEncoding.base64Lines(attachment.data) + "\r\n"
    }

    /// ASCII text whose lines all stay within 998 octets.
    static func fitsSevenBit(_ text: String) -> Bool {
        var lineLength = 0
        for byte in text.utf8 {
            if byte >= 0x80 || byte == 0 { return false }
            if byte == UInt8(ascii: "\n") {
                lineLength = 0
            } else {
                lineLength += 1
                if lineLength > 998 { return false }
            }
        }
        return true
    }

    /// Header text as it is when plain ASCII and short, otherwise folded encoded words.
    static func headerText(_ text: String) -> String {
        MIMEEncoding.isPlainHeaderText(text) ? text : MIMEEncoding.encodedWords(text)
    }

    static func mailbox(_ address: EmailAddress) -> String {
        guard let name = address.displayName else { return address.address }
        let phrase =
            MIMEEncoding.isPlainHeaderText(name, maximumLength: 60)
            ? MIMEEncoding.quotedString(name) : MIMEEncoding.encodedWords(name, separator: " ")
        return "\(phrase) <\(address.address)>"
    }

    static func mailboxList(_ addresses: [EmailAddress]) -> String {
        addresses.map(mailbox).joined(separator: ",\r\n ")
    }

    /// An RFC 5322 date in UTC, such as `Sun, 29 Nov 2026 16:30:00 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
