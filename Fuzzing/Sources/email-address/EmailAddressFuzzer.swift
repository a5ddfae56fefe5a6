import Foundation
import FuzzSupport
import PlatformKit

/// `EmailAddress` and `MailtoURL` on any text.
///
/// An address is accepted exactly when `EmailAddress.isValid` says so (after trimming spaces), and
/// only as plain ASCII; a `mailto:` URL built from accepted addresses and any subject and body must
/// be a URL whose parts decode back to those addresses, that subject and that body (line breaks as
/// CRLF).
@main
enum EmailAddressFuzzer {
    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            EmailAddressFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        let addresses = (0..<(1 + input.choice(3))).map { _ in input.text(upTo: 80) }
        let subject = input.flag() ? input.text(upTo: 120) : nil
        let body = input.flag() ? input.text(upTo: 200) : nil
        let name = input.flag() ? input.text(upTo: 40) : nil
        check(addresses: addresses, subject: subject, body: body, displayName: name)
    }

    static func check(addresses: [String], subject: String?, body: String?, displayName: String?) {
        var accepted: [String] = []
        for text in addresses {
            let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            do {
                let address = try EmailAddress(text)
                invariant(EmailAddress.isValid(trimmed), "accepted \(text.debugDescription), which isValid rejects")
                invariant(address.address == trimmed, "stored \(address.address.debugDescription)")
                invariant(
                    address.address.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "non-ASCII address \(address.address)")
                invariant(address.address.utf8.count <= 254, "address longer than 254 octets")
                accepted.append(trimmed)
            } catch {
                invariant(!EmailAddress.isValid(trimmed), "rejected \(text.debugDescription): \(error)")
            }
        }
        if let displayName, let first = accepted.first {
            let named = try? EmailAddress(first, displayName: displayName)
            let hasControl = displayName.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            invariant((named == nil) == hasControl, "display name \(displayName.debugDescription) judged wrongly")
        }
        let mailto = MailtoURL(to: addresses, cc: accepted, subject: subject, body: body)
        guard accepted.count == addresses.count else {
            invariant((try? mailto.string()) == nil, "a mailto URL with a rejected address")
            return
        }
        checkURL(mailto, addresses: accepted, subject: subject, body: body)
    }

    static func checkURL(_ mailto: MailtoURL, addresses: [String], subject: String?, body: String?) {
        let url: URL
        do {
            url = try mailto.url()
        } catch {
            invariant(false, "no URL for accepted addresses: \(error)")
            return
        }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            invariant(false, "\(url) has no components")
            return
        }
        invariant(components.scheme == "mailto", "scheme \(String(describing: components.scheme))")
        invariant(components.path == addresses.joined(separator: ","), "path \(components.path)")
        let items = components.queryItems ?? []
        let value = { (name: String) in items.first { $0.name == name }?.value }
        invariant(value("cc") == addresses.joined(separator: ","), "cc \(String(describing: value("cc")))")
        invariant(value("subject") == subject, "subject \(String(describing: value("subject")))")
        invariant(value("body") == body.map(crlf), "body \(String(describing: value("body")))")
        invariant(items.count == 1 + (subject == nil ? 0 : 1) + (body == nil ? 0 : 1), "query items \(items)")
    }

    /// Every CR, LF or CRLF as CRLF, scalar by scalar.
    static func crlf(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousWasCR { output.append(contentsOf: "\r\n".unicodeScalars) }
                previousWasCR = false
            } else {
                if scalar == "\r" { output.append(contentsOf: "\r\n".unicodeScalars) } else { output.append(scalar) }
                previousWasCR = scalar == "\r"
            }
        }
        return String(output)
    }
}
