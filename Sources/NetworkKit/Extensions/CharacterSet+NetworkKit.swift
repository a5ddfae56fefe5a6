public import Foundation

// MARK: - Alamofire-compatible front door

extension CharacterSet {
    /// The characters Alamofire leaves unescaped in a query key or value: RFC 3986's query characters
    /// without the delimiters that would end one, `A–Z a–z 0–9 - . _ ~ ? /`.
    ///
    /// RFC 3986 §3.4 allows `pchar`, `/` and `?` in a query; of those, the general delimiters
    /// `: # [ ] @` and the sub-delimiters `! $ & ' ( ) * + , ; =` are taken out, so that `&`, `=` and
    /// `+` in a value cannot split or change a pair. `?` and `/` stay, so a URL can travel as a value.
    /// It is the same set as ``PercentEncoding/AllowedCharacters/queryComponent``, which NetworkKit's
    /// encoders use, and the default of ``URLEncodedFormEncoder/allowedCharacters``.
    ///
    /// ```swift
    /// "a b&c/d".addingPercentEncoding(withAllowedCharacters: .afURLQueryAllowed)  // "a%20b%26c/d"
    /// ```
    public static let afURLQueryAllowed = CharacterSet(
        charactersIn: String(decoding: PercentEncoding.AllowedCharacters.queryComponent.asciiMembers, as: UTF8.self))
}
