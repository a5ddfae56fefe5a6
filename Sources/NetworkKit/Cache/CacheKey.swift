import Foundation

/// What a stored response is filed under (RFC 9111 §2): the request method and the target URI.
///
/// The cache stores responses to `GET` only, so every key's method is `GET`; a `HEAD` request is
/// answered from, and freshens, the `GET` key of its URL. The URI is the request URL's absolute
/// string without its fragment, which is never sent (RFC 9110 §4.2.5); it is otherwise kept as
/// written, so two spellings of one URL are two keys (a miss, never a wrong answer).
struct CacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The method the stored responses answered.
    let method: String
    /// The target URI, without a fragment.
    let uri: String

    /// The `GET` key of `url`.
    ///
    /// - Parameter url: The request's URL.
    init(url: URL) {
        self.init(uri: Self.withoutFragment(url.absoluteString))
    }

    /// The `GET` key of a URI already written as a key (read back from a file).
    ///
    /// - Parameter uri: The target URI, without a fragment.
    init(uri: String) {
        method = "GET"
        self.uri = uri
    }

    /// `GET https://example.com/a`.
    var description: String { "\(method) \(uri)" }

    /// The name of the key's file in a cache directory: the 64-bit FNV-1a hash of ``description``
    /// in 16 lowercase hexadecimal digits, then `.cache`. Two keys with one hash share a file; the
    /// file holds its key, so the other key reads as a miss.
    var fileName: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in description.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits + Self.fileExtension
    }

    /// The extension of cache files, which tells them from lock and temporary files.
    static let fileExtension = ".cache"

    /// `text` up to its first `#`. Most URLs have none, which a search of the bytes tells without
    /// reading the text as characters.
    private static func withoutFragment(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "#")), let hash = text.firstIndex(of: "#") else { return text }
        return String(text[..<hash])
    }
}
