import Foundation
import PlatformKit
import Testing

@Suite("MailMessage rendering (RFC 5322, 2045, 2047)")
struct MailMessageTests {
    private func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")
    }

    /// The header block, unfolded, as name → value.
    private func headers(_ data: Data) -> [String: String] {
        let text = String(decoding: data, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n")[0].replacingOccurrences(of: "\r\n ", with: " ")
        var result: [String: String] = [:]
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            result[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(
                in: .whitespaces)
        }
        return result
    }

    @Test("a non-ASCII subject becomes encoded words of at most 75 characters that decode back")
    func encodedWordSubject() throws {
        // Given a long Russian subject with an emoji
        let subject = "Отчёт о поездке: Москва → Санкт-Петербург, длинная тема 🚄 с переносом"
        let message = try MailMessage(to: [EmailAddress("a@example.org")], subject: subject, body: "x")

        // When rendering
        let subjectValue = try #require(headers(try message.rendered())["Subject"])

        // Then each word is a UTF-8 B word ≤ 75 characters, and Foundation's base64 decodes them
        let words = subjectValue.split(separator: " ").map(String.init)
        #expect(words.count > 1)
        var decoded = Data()
        for word in words {
            #expect(word.count <= 75)
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            decoded += try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
            // no word ends inside a character: each decodes as UTF-8 on its own
            let alone = try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
            #expect(String(data: alone, encoding: .utf8) != nil)
        }
        #expect(String(decoding: decoded, as: UTF8.self) == subject)
    }

    @Test("an ASCII message stays 7bit and readable")
    func asciiIsSevenBit() throws {
        let message = try MailMessage(
            from: EmailAddress("me@example.org", displayName: "Me \"Quoted\""), to: [EmailAddress("a@example.org")],
            subject: "Hello", body: "Plain text\nline two", date: Date(timeIntervalSince1970: 0),
            messageID: "id1@example.org")
        let rendered = try message.rendered()
        let fields = headers(rendered)
        #expect(fields["Subject"] == "Hello")
        #expect(fields["From"] == "\"Me \\\"Quoted\\\"\" <me@example.org>")
        #expect(fields["Date"] == "Thu, 01 Jan 1970 00:00:00 +0000")
        #expect(fields["Message-ID"] == "<id1@example.org>")
        #expect(fields["Content-Transfer-Encoding"] == "7bit")
        #expect(String(decoding: rendered, as: UTF8.self).hasSuffix("\r\n\r\nPlain text\r\nline two\r\n"))
    }

    @Test("a 10 MB body with one huge line renders with every line within 998 octets")
    func hugeBodyStaysWithinLineLimit() throws {
        // Given 10 MB of text without a single line break, mixing ASCII and Cyrillic
        let body = String(repeating: "abc Жж = ", count: 1_000_000)
        for encoding in [MailMessage.BodyEncoding.automatic, .base64] {
            let message = try MailMessage(
                to: [EmailAddress("a@example.org")], subject: "big", body: body, bodyEncoding: encoding)
            // When rendering
            let rendered = try message.rendered()
            // Then no line is longer than 998 octets (76 for the encoded body)
            let longest = lines(rendered).map(\.utf8.count).max() ?? 0
            #expect(longest <= 76)
            #expect(rendered.count > body.utf8.count)
        }
    }

    @Test("CR or LF in any field is refused: header injection is impossible")
    func injectionIsRefused() throws {
        let to = [try EmailAddress("a@example.org")]
        #expect(throws: PlatformError.invalidMessage(.controlCharacter(field: "subject"))) {
            try MailMessage(to: to, subject: "Hi\r\nBcc: victim@example.org", body: "x")
        }
        #expect(throws: PlatformError.invalidMessage(.controlCharacter(field: "filename"))) {
            try MailAttachment(filename: "a.txt\r\nX-Evil: 1", data: Data())
        }
        #expect(throws: PlatformError.invalidMessage(.invalidMediaType("text/plain\r\nX-Evil: 1"))) {
            try MailAttachment(filename: "a.txt", mediaType: "text/plain\r\nX-Evil: 1", data: Data())
        }
        #expect(throws: PlatformError.invalidMessage(.noRecipients)) {
            try MailMessage(to: [], subject: "x", body: "x")
        }
        // A subject changed after creation is checked again when rendering
        var message = try MailMessage(to: to, subject: "fine", body: "x")
        message.subject = "bad\nBcc: victim@example.org"
        #expect(throws: PlatformError.invalidMessage(.controlCharacter(field: "subject"))) { try message.rendered() }
    }

    @Test("attachments go in multipart/mixed as base64 with an RFC 2231 name when non-ASCII")
    func multipart() throws {
        // Given bytes that are not UTF-8 and a Cyrillic file name
        let bytes = Data([0, 1, 2, 0xFF, 0xFE, 0x80] + Array(repeating: 0x41, count: 200))
        let attachment = try MailAttachment(filename: "отчёт.bin", data: bytes)
        let message = try MailMessage(
            to: [EmailAddress("a@example.org")], subject: "s", body: "b", attachments: [attachment])

        // When rendering
        let text = String(decoding: try message.rendered(), as: UTF8.self)

        // Then the boundary separates a text part and a base64 part that Foundation decodes back
        let contentType = try #require(headers(Data(text.utf8))["Content-Type"])
        #expect(contentType.hasPrefix("multipart/mixed; boundary=\""))
        let boundary = String(contentType.split(separator: "\"")[1])
        let parts = text.components(separatedBy: "--\(boundary)")
        #expect(parts.count == 4)  // preamble, text, attachment, closing "--"
        #expect(parts[3].hasPrefix("--"))
        let attachmentPart = parts[2]
        #expect(attachmentPart.contains("filename*=UTF-8''%D0%BE%D1%82%D1%87%D1%91%D1%82.bin"))
        let encoded = attachmentPart.components(separatedBy: "\r\n\r\n")[1].replacingOccurrences(of: "\r\n", with: "")
        #expect(Data(base64Encoded: encoded) == bytes)
    }

    @Test("quoted-printable keeps every line within 76 characters and escapes '=' and trailing spaces")
    func quotedPrintable() throws {
        let body = "Цена = 100 ₽   \n" + String(repeating: "é", count: 100)
        let message = try MailMessage(
            to: [EmailAddress("a@example.org")], subject: "s", body: body, bodyEncoding: .quotedPrintable)
        let text = String(decoding: try message.rendered(), as: UTF8.self)
        let encodedBody = text.components(separatedBy: "\r\n\r\n")[1]
        for line in encodedBody.components(separatedBy: "\r\n") {
            #expect(line.count <= 76)
            #expect(!line.hasSuffix(" "))
        }
        #expect(encodedBody.hasPrefix("=D0=A6=D0=B5=D0=BD=D0=B0 =3D 100 =E2=82=BD  =20\r\n"))
    }

    @Test("a Message-ID that is not printable ASCII or too long is refused, at creation and when rendering")
    func messageIDIsChecked() throws {
        // Given the Message-ID the mime fuzz target found (four U+FFFD, non-ASCII bytes in a header),
        // one with a space and one a character too long for a 998-octet line
        let to = [try EmailAddress("a@example.org")]
        let found = "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"
        let tooLong = String(repeating: "x", count: 984 - "@example.org".count + 1) + "@example.org"

        // When creating messages with them, or setting one after creation
        // Then each is refused with a typed reason, and the longest accepted ID still fits in one line
        for bad in [found, "a b@example.org", tooLong, ""] {
            #expect(throws: PlatformError.invalidMessage(.invalidMessageID(bad))) {
                try MailMessage(to: to, subject: "s", body: "b", messageID: bad)
            }
        }
        var message = try MailMessage(to: to, subject: "s", body: "b", messageID: String(tooLong.dropFirst()))
        #expect(try lines(message.rendered()).allSatisfy { $0.utf8.count <= 998 })
        message.messageID = found
        #expect(throws: PlatformError.invalidMessage(.invalidMessageID(found))) { try message.rendered() }
    }
}
