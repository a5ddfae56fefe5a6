import Foundation
import Testing

/// What the cookie suites share: a fixed clock and URLs from literals.
enum CookieTesting {
    /// 2023-11-14T22:13:20Z, the "now" of every cookie test.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// A URL from a literal that must parse.
    static func url(_ string: String) throws -> URL {
        try #require(URL(string: string))
    }
}
