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

/// The curl command-line tool the interoperation tests run, or nil where it is not installed.
let curlExecutable: URL? = ["/usr/bin/curl", "/usr/local/bin/curl", "/opt/homebrew/bin/curl"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
    .map { URL(fileURLWithPath: $0) }

/// Whether the jar chooses cookies for requests yet (`CookieJar.cookies(for:at:)` arrives with the
/// storage model's commit); tests of sending cookies through a jar wait for it.
let jarChoosesCookies: Bool = {
    var jar = CookieJar()
    jar.insert(Cookie(name: "probe", value: "1", domain: "example.com"))
    guard let url = URL(string: "http://example.com/") else { return false }
    return jar.cookieHeader(for: url) != nil
}()

/// Whether the jar parses and stores `Set-Cookie` fields yet (the engine's commit).
let jarStoresFields: Bool = {
    var jar = CookieJar()
    guard let url = URL(string: "http://example.com/") else { return false }
    if case .stored = jar.store("probe=1", from: url) { return true }
    return false
}()
