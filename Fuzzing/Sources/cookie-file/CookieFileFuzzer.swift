import Foundation
import FuzzSupport

@testable import NetworkKit

/// NetworkKit's reader of the Netscape cookie-file format (curl's and wget's jars), which reads files
/// other programs wrote.
///
/// A file read without an error must write back to a file that reads as the same cookies (every
/// cookie the format can hold: name, value, domain, path, host-only, secure and HttpOnly kept), and
/// the error of a file that cannot be read must name a line within the file.
@main
enum CookieFileFuzzer {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            CookieFileFuzzer.fuzz(&input)
            return 0
        }
    }

    /// The fields a cookie file keeps.
    struct Kept: Hashable {
        let name, value, domain, path: String
        let hostOnly, secure, httpOnly: Bool

        init(_ cookie: Cookie) {
            (name, value, domain, path) = (cookie.name, cookie.value, cookie.domain, cookie.path)
            (hostOnly, secure, httpOnly) = (cookie.isHostOnly, cookie.isSecure, cookie.isHTTPOnly)
        }
    }

    /// One input: the file's text.
    static func fuzz(_ input: inout FuzzInput) {
        let text = input.restText()
        let cookies: [Cookie]
        do {
            cookies = try NetscapeCookieFile.read(text, at: now)
        } catch {
            let lines = text.utf8.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
            invariant(error.line >= 0 && error.line <= lines, "\(error) names a line outside the file")
            return
        }
        let written = NetscapeCookieFile.write(cookies)
        guard let again = try? NetscapeCookieFile.read(written, at: now) else {
            return invariant(
                false, "a file read without an error wrote one that does not read: \(written.debugDescription)")
        }
        let before = Set(cookies.map(Kept.init))
        for cookie in again {
            invariant(before.contains(Kept(cookie)), "\(cookie.name) changed in a round trip")
        }
    }
}
