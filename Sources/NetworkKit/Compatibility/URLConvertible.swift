public import Foundation

/// A value that can give a `URL`: Alamofire's protocol of this name, adopted by `String`, `URL` and
/// `URLComponents`.
///
/// ```swift
/// let url = try "https://example.com/items?page=2".asURL()
/// ```
public protocol URLConvertible: Sendable {
    /// The URL this value describes.
    ///
    /// - Returns: The URL.
    /// - Throws: ``AFError/invalidURL(url:)`` when the value is not a valid URL.
    func asURL() throws -> URL
}

extension String: URLConvertible {
    /// The URL this string spells.
    ///
    /// - Returns: The URL.
    /// - Throws: ``AFError/invalidURL(url:)`` when `URL(string:)` refuses the string.
    public func asURL() throws -> URL {
        guard let url = URL(string: self) else { throw AFError.invalidURL(url: self) }
        return url
    }
}

extension URL: URLConvertible {
    /// This URL.
    ///
    /// - Returns: `self`.
    public func asURL() throws -> URL { self }
}

extension URLComponents: URLConvertible {
    /// The URL these components make.
    ///
    /// - Returns: The URL.
    /// - Throws: ``AFError/invalidURL(url:)`` when the components make no URL.
    public func asURL() throws -> URL {
        guard let url else { throw AFError.invalidURL(url: self) }
        return url
    }
}
