import Foundation
import NetworkKit

/// What a Netscape cookie file carries of a cookie, to compare cookies across a file (which keeps no
/// creation or access time, and expiry only to the second).
struct CookieFileFields: Hashable, CustomStringConvertible {
    var name: String
    var value: String
    var domain: String
    var path: String
    var expiry: Int64?
    var isHostOnly: Bool
    var isSecure: Bool
    var isHTTPOnly: Bool

    init(_ cookie: Cookie) {
        name = cookie.name
        value = cookie.value
        domain = cookie.domain
        path = cookie.path
        expiry = cookie.expiresAt.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        isHostOnly = cookie.isHostOnly
        isSecure = cookie.isSecure
        isHTTPOnly = cookie.isHTTPOnly
    }

    var description: String { "\(name)=\(value) \(domain)\(path)" }
}

/// The curl command-line tool the interoperation tests run (scripts/test installs it); a test that
/// needs it fails with `#require` where it is missing, never skips.
let curlExecutable: URL? = ["/usr/bin/curl", "/usr/local/bin/curl", "/opt/homebrew/bin/curl"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
    .map { URL(fileURLWithPath: $0) }
