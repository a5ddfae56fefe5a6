import Foundation
import FuzzSupport

@testable import NetworkKit

/// NetworkKit's `Set-Cookie` parser (RFC 6265 §5.2 with RFC 6265bis's limits), the cookie-date
/// algorithm behind `Expires`, the splitting of a header a platform joined with commas, and the
/// storage model a response's fields go into: all of it reads what any server sends.
///
/// A parsed field must keep to RFC 6265bis's limits (no control character, name and value within
/// 4,096 bytes, no `;` in either); a jar fed the field must stay within its limits, and every
/// cookie it then chooses for the request's URL must domain-match it and path-match it.
@main
enum SetCookieFuzzer {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let hosts = ["example.com", "www.example.com", "127.0.0.1", "a.b.co.uk", "localhost"]

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            SetCookieFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input: a host and path to answer from, then the header's text.
    static func fuzz(_ input: inout FuzzInput) {
        let host = hosts[Int(input.byte()) % hosts.count]
        let secure = input.byte() & 1 == 1
        let path = ["/", "/a/b", "/a/", ""][Int(input.byte()) % 4]
        let text = input.restText()
        guard let url = URL(string: "\(secure ? "https" : "http")://\(host)\(path)") else { return }

        for field in SetCookie.split(combined: text) {
            invariant(field.utf8.count <= text.utf8.count, "a split field longer than the header")
            guard let parsed = try? SetCookie(parsing: field) else { continue }
            let bytes = Array(parsed.name.utf8) + Array(parsed.value.utf8)
            invariant(bytes.count <= 4096, "a field over 4,096 bytes was accepted")
            invariant(!bytes.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }, "a control character was accepted")
            invariant(!bytes.contains(UInt8(ascii: ";")), "a ';' in a name or value")
        }

        var limits = CookieJar.Limits()
        limits.cookiesPerDomain = 4
        limits.cookies = 8
        var jar = CookieJar(limits: limits)
        for field in text.split(separator: "\n", omittingEmptySubsequences: false) {
            jar.store(String(field), from: url, at: now)
        }
        invariant(jar.cookies.count <= limits.cookies, "the jar holds \(jar.cookies.count) cookies")
        for cookie in jar.cookies(for: url, at: now) {
            invariant(
                cookie.isHostOnly
                    ? cookie.domain == host : host == cookie.domain || host.hasSuffix("." + cookie.domain),
                "\(cookie.domain) chosen for \(host)")
            invariant(!cookie.isSecure || secure, "a secure cookie chosen for http")
        }
    }
}
