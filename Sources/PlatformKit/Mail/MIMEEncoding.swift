import Foundation
import NetworkKit

/// The encodings an Internet message needs: RFC 2047 encoded words, quoted-printable and base64
/// bodies (RFC 2045) and RFC 2231 parameter values.
enum MIMEEncoding {
    /// `text` as UTF-8 "B" encoded words, each at most 75 characters, joined by `separator`.
    ///
    /// A word never splits a Unicode scalar (RFC 2047 §5), and keeps a grapheme cluster whole when
    /// the cluster fits in one word; a longer cluster (a letter with dozens of combining marks) is
    /// split between its scalars.
    static func encodedWords(_ text: String, separator: String = "\r\n ") -> String {
        // "=?UTF-8?B?" + payload + "?=" ≤ 75, so the payload has at most 63 → 60 base64 characters,
        // which carry 45 bytes.
        let maximumBytes = 45
        var words: [String] = []
        var chunk: [UInt8] = []
        func append(_ bytes: [UInt8]) {
            if !chunk.isEmpty && chunk.count + bytes.count > maximumBytes {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        for character in text {
            let bytes = Array(String(character).utf8)
            if bytes.count <= maximumBytes {
                append(bytes)
            } else {
                for scalar in character.unicodeScalars { append(Array(String(scalar).utf8)) }
            }
        }
        if !chunk.isEmpty || words.isEmpty { words.append(encodedWord(chunk)) }
        return words.joined(separator: separator)
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?="
    }

    /// Whether `text` can go into a header as it is: printable ASCII, no `=?`, short enough.
    static func isPlainHeaderText(_ text: String, maximumLength: Int = 76) -> Bool {
        text.utf8.count <= maximumLength && !text.contains("=?")
            && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
    }

    /// Base64 of `data` in lines of 76 characters separated by CRLF.
    static func base64Lines(_ data: Data) -> String {
        data.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
    }

    /// Quoted-printable (RFC 2045 §6.7) of `text`, whose line breaks must already be CRLF: hard
    /// breaks stay, lines are cut with soft breaks so none exceeds 76 characters.
    static func quotedPrintable(_ text: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count + input.count / 2)
        var length = 0
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == 0x0D, index + 1 < input.count, input[index + 1] == 0x0A {
                output.append(0x0D)
                output.append(0x0A)
                length = 0
                index += 2
                continue
            }
            let atLineEnd = index + 1 == input.count || input[index + 1] == 0x0D
            let literal =
                (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "="))
                || ((byte == 0x20 || byte == 0x09) && !atLineEnd)
            let width = literal ? 1 : 3
            // At most 75 characters before a soft break's "=", so no line exceeds 76.
            if length + width > 75 {
                output.append(UInt8(ascii: "="))
                output.append(0x0D)
                output.append(0x0A)
                length = 0
            }
            if literal {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "="))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
            length += width
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// An RFC 2231 extended parameter value: `UTF-8''` and percent-encoded bytes.
    static func extendedParameterValue(_ text: String) -> String {
        "UTF-8''" + PercentEncoding.encode(text, allowing: .unreserved)
    }

    /// `text` as an RFC 5322 quoted string: `"` and `\` escaped with a backslash.
    ///
    /// The text is read scalar by scalar: a quote followed by a combining mark is one `Character`
    /// that a `Character`-based replacement would leave unescaped.
    static func quotedString(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        output.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { output.append("\\") }
            output.append(scalar)
        }
        output.append("\"")
        return String(output)
    }
}
