public import Foundation
import NetworkKit

/// Builds `mailto:` URLs as RFC 6068 describes them.
///
/// Every header value is percent-encoded byte by byte, so `&`, `=`, `?`, `#`, `%`, `+` and
/// non-ASCII text survive, and line breaks in the body become `%0D%0A`. (SurfUtils encoded with
/// `urlHostAllowed`, which leaves `&` and `=` raw, so a subject with `&` cut the body off.)
///
/// ```swift
/// let url = try MailtoURL(to: ["support@example.org"], subject: "Q&A", body: "Hi!\nThanks").url()
/// // mailto:support@example.org?subject=Q%26A&body=Hi%21%0D%0AThanks
/// ```
public struct MailtoURL: Sendable, Equatable {
    /// The main recipients, put in the URL's path.
    public var to: [String]
    /// Copy recipients (`cc=`).
    public var cc: [String]
    /// Blind-copy recipients (`bcc=`).
    public var bcc: [String]
    /// The subject (`subject=`), if any.
    public var subject: String?
    /// The body (`body=`), if any.
    public var body: String?

    /// Creates a builder.
    ///
    /// - Parameters:
    ///   - to: Recipient addresses.
    ///   - cc: Copy recipients.
    ///   - bcc: Blind-copy recipients.
    ///   - subject: The subject line.
    ///   - body: The message text; any line break style is sent as CRLF.
    public init(to: [String], cc: [String] = [], bcc: [String] = [], subject: String? = nil, body: String? = nil) {
        self.to = to
        self.cc = cc
        self.bcc = bcc
        self.subject = subject
        self.body = body
    }

    /// The URL as text.
    ///
    /// - Returns: Such as `mailto:a@example.org?subject=Hi`.
    /// - Throws: `PlatformError.invalidMessage(.invalidAddress)` for any recipient that is not an
    ///   address.
    public func string() throws(PlatformError) -> String {
        var text = "mailto:" + (try Self.addressList(to))
        var fields: [String] = []
        if !cc.isEmpty { fields.append("cc=" + (try Self.addressList(cc))) }
        if !bcc.isEmpty { fields.append("bcc=" + (try Self.addressList(bcc))) }
        if let subject { fields.append("subject=" + PercentEncoding.encode(subject, allowing: .unreserved)) }
        if let body { fields.append("body=" + PercentEncoding.encode(body.withCRLFLineBreaks, allowing: .unreserved)) }
        if !fields.isEmpty { text += "?" + fields.joined(separator: "&") }
        return text
    }

    /// The URL.
    ///
    /// - Returns: A `mailto:` URL.
    /// - Throws: `PlatformError.invalidMessage` for a recipient that is not an address.
    public func url() throws(PlatformError) -> URL {
        let text = try string()
        guard let url = URL(string: text) else { throw .invalidMessage(.invalidAddress(text)) }
        return url
    }

    /// Addresses checked and joined with commas; `@` stays raw, everything else is encoded.
    private static func addressList(_ addresses: [String]) throws(PlatformError) -> String {
        var encoded: [String] = []
        for raw in addresses {
            let address = try EmailAddress(raw).address
            encoded.append(PercentEncoding.encode(address, allowing: .mailtoAddress))
        }
        return encoded.joined(separator: ",")
    }
}

extension String {
    /// The text with every CR, LF or CRLF replaced by CRLF.
    var withCRLFLineBreaks: String {
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + utf8.count / 40)
        var previousWasCR = false
        for byte in utf8 {
            if byte == 0x0A {
                if !previousWasCR {
                    output.append(0x0D)
                    output.append(0x0A)
                }
                previousWasCR = false
            } else if byte == 0x0D {
                output.append(0x0D)
                output.append(0x0A)
                previousWasCR = true
            } else {
                output.append(byte)
                previousWasCR = false
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
