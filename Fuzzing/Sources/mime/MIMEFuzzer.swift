import Foundation
import FuzzSupport

@testable import PlatformKit

/// PlatformKit's MIME encoders and the message renderer on any text and bytes.
///
/// Each encoding must decode back to its input (RFC 2047 encoded words, quoted-printable, base64,
/// RFC 2231 parameter values, quoted strings) and keep its format's limits: encoded words of at most
/// 75 characters that each hold whole characters, quoted-printable and base64 lines of at most 76.
/// A rendered message must be 7-bit text with CRLF line breaks and lines of at most 998 octets.
@main
enum MIMEFuzzer {
    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            MIMEFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        switch input.choice(3) {
        case 0: checkHeaderText(input.restText())
        case 1: checkBody(input.restText())
        default: checkMessage(&input)
        }
    }

    static func checkHeaderText(_ text: String) {
        let words = MIMEEncoding.encodedWords(text).components(separatedBy: "\r\n ")
        var decoded: [UInt8] = []
        for word in words {
            invariant(word.utf8.count <= 75, "an encoded word of \(word.utf8.count) characters")
            invariant(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="), "not an encoded word: \(word)")
            guard let payload = Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) else {
                invariant(false, "bad base64 in \(word)")
                return
            }
            invariant(
                String(decoding: payload, as: UTF8.self).utf8.elementsEqual(payload),
                "a word splits a character: \(word)")
            decoded += payload
        }
        invariant(decoded == Array(text.utf8), "encoded words do not decode to the text")
        let parameter = MIMEEncoding.extendedParameterValue(text)
        invariant(parameter.hasPrefix("UTF-8''"), "parameter value \(parameter)")
        invariant(
            String(parameter.dropFirst(7)).removingPercentEncoding == text, "parameter value does not decode")
        invariant(unquote(MIMEEncoding.quotedString(text)) == text, "quoted string does not unquote")
    }

    static func checkBody(_ text: String) {
        let body = text.withCRLFLineBreaks
        let encoded = MIMEEncoding.quotedPrintable(body)
        for line in encoded.components(separatedBy: "\r\n") {
            invariant(line.utf8.count <= 76, "a quoted-printable line of \(line.utf8.count) characters")
            invariant(line.utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7E || $0 == 0x20 || $0 == 0x09 }, "raw byte")
            invariant(line.utf8.last != 0x20 && line.utf8.last != 0x09, "whitespace at a line end")
        }
        invariant(decodeQuotedPrintable(encoded) == Array(body.utf8), "quoted-printable does not decode")
        let base64 = MIMEEncoding.base64Lines(Data(body.utf8))
        let lines = base64.components(separatedBy: "\r\n")
        invariant(lines.allSatisfy { $0.utf8.count <= 76 }, "a base64 line over 76 characters")
        invariant(Data(base64Encoded: lines.joined()) == Data(body.utf8), "base64 does not decode")
    }

    static func checkMessage(_ input: inout FuzzInput) {
        let name = input.flag() ? input.text(upTo: 80) : nil
        let to = try? EmailAddress("ivan@example.org", displayName: name)
        let subject = input.text(upTo: 200)
        let filename = input.text(upTo: 100)
        let messageID = input.flag() ? input.text(upTo: 60) : nil
        let encodings: [MailMessage.BodyEncoding] = [.automatic, .quotedPrintable, .base64]
        let encoding = input.pick(encodings)
        let attachment =
            input.flag() ? try? MailAttachment(filename: filename, data: Data(input.bytes(upTo: 120))) : nil
        let body = input.restText()
        guard let to,
            let message = try? MailMessage(
                to: [to], subject: subject, body: body, attachments: attachment.map { [$0] } ?? [],
                bodyEncoding: encoding, date: Date(timeIntervalSince1970: 1_800_000_000), messageID: messageID)
        else { return }
        let rendered: Data
        do {
            rendered = try message.rendered()
        } catch {
            invariant(false, "a message that was created does not render: \(error)")
            return
        }
        let lines = split(Array(rendered))
        for line in lines where !line.allSatisfy({ $0 < 0x80 && $0 != 0 }) {
            invariant(
                false,
                "8-bit or NUL bytes in the rendered line \(String(decoding: line, as: UTF8.self).debugDescription)")
        }
        invariant(lines.allSatisfy { $0.count <= 998 }, "a rendered line over 998 octets")
        invariant(lines.allSatisfy { !$0.contains(13) && !$0.contains(10) }, "a bare CR or LF")
    }

    /// The lines of CRLF-separated bytes.
    static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 13, index + 1 < bytes.count, bytes[index + 1] == 10 {
                lines.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(bytes[start...])
        return lines
    }

    /// RFC 2045 §6.7 decoding: soft breaks removed, `=XX` to its byte.
    static func decodeQuotedPrintable(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "=") {
                if index + 2 < bytes.count, bytes[index + 1] == 13, bytes[index + 2] == 10 {
                    index += 3
                    continue
                }
                guard index + 2 < bytes.count, let byte = hexByte(bytes[index + 1], bytes[index + 2]) else {
                    return []
                }
                output.append(byte)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// The content of an RFC 5322 quoted string.
    static func unquote(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return nil }
        var output = String.UnicodeScalarView()
        var escaped = false
        for scalar in scalars.dropFirst().dropLast() {
            if escaped {
                output.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                if scalar == "\"" { return nil }
                output.append(scalar)
            }
        }
        return escaped ? nil : String(output)
    }
}
