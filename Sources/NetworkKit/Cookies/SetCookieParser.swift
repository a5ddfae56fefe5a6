import Foundation

/// RFC 6265 §5.2 on the UTF-8 bytes of a `Set-Cookie` field (RFC 6265bis §5.6 for its control
/// characters and size limits): what ``SetCookie/init(parsing:)`` and ``SetCookie/split(combined:)``
/// run. No regular expressions, no scanner, no allocation but the strings it returns.
struct SetCookieParser {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// The limits on name and value together, and on one attribute's value.
    let limits: CookieJar.Limits

    /// Parses one field.
    ///
    /// - Parameter bytes: The field's UTF-8 bytes.
    /// - Returns: The field, or why it is to be ignored.
    func parse(_ bytes: Bytes) -> Result<SetCookie, CookieRejection> {
        // One pass finds the end of the name-value-pair (the first ';'), its first '=' and any
        // control character (RFC 6265bis §5.6 step 1: %x00-08 / %x0A-1F / %x7F).
        var pairEnd = bytes.count
        var equals: Int?
        var control: Int?
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") {
                if index < pairEnd { pairEnd = index }
            } else if byte == UInt8(ascii: "="), equals == nil, index < pairEnd {
                equals = index
            } else if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                control = index
                break
            }
        }
        if let control {
            // Name the cookie only when its name is clean (the control character comes after it).
            let name = equals.flatMap { $0 < control ? text(bytes, trimmed(bytes, 0, $0)) : nil } ?? ""
            return .failure(CookieRejection(name: name, reason: .controlCharacter))
        }
        // Step 2 (RFC 6265bis): without '=', the name is empty and the whole pair is the value.
        let nameRange = equals.map { trimmed(bytes, 0, $0) } ?? 0..<0
        let valueRange = trimmed(bytes, equals.map { $0 + 1 } ?? 0, pairEnd)
        let name = text(bytes, nameRange)
        guard !(nameRange.isEmpty && valueRange.isEmpty) else {
            return .failure(CookieRejection(name: name, reason: .emptyNameAndValue))
        }
        guard nameRange.count + valueRange.count <= limits.nameAndValueBytes else {
            return .failure(CookieRejection(name: name, reason: .tooLarge(limit: limits.nameAndValueBytes)))
        }
        var cookie = SetCookie(name: name, value: text(bytes, valueRange))
        // §5.2's attribute loop: each cookie-av runs to the next ';'.
        var start = pairEnd
        while start < bytes.count {
            start += 1  // the ';'
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            apply(bytes, start..<end, to: &cookie)
            start = end
        }
        return .success(cookie)
    }

    /// Steps 4 to 6 of the attribute loop for one cookie-av, then §5.2.1 to §5.2.6 (and RFC 6265bis's
    /// `SameSite`) for its name.
    private func apply(_ bytes: Bytes, _ range: Range<Int>, to cookie: inout SetCookie) {
        var equals = range.upperBound
        for index in range where bytes[index] == UInt8(ascii: "=") {
            equals = index
            break
        }
        let nameRange = trimmed(bytes, range.lowerBound, equals)
        let valueRange = equals < range.upperBound ? trimmed(bytes, equals + 1, range.upperBound) : equals..<equals
        // RFC 6265bis: an attribute value longer than the limit is ignored.
        guard valueRange.count <= limits.attributeValueBytes else { return }
        let value = Bytes(rebasing: bytes[valueRange])
        switch AttributeName(Bytes(rebasing: bytes[nameRange])) {
        case .expires:
            // §5.2.1: a value that is not a cookie-date is ignored.
            if let date = CookieDate.parse(value) { cookie.expires = date }
        case .maxAge:
            if let seconds = Self.maxAge(value) { cookie.maxAge = seconds }
        case .domain:
            // §5.2.3: an empty value is ignored (RFC 6265bis); a leading '.' is dropped.
            guard let first = value.first else { return }
            let domain = CookieDomain.asciiLowercased(
                text(Bytes(rebasing: value.dropFirst(first == UInt8(ascii: ".") ? 1 : 0)))
            )
            cookie.domain = domain.isEmpty ? nil : domain
        case .path:
            // §5.2.4: an empty value, or one not starting with '/', means the default path.
            cookie.path = value.first == UInt8(ascii: "/") ? text(value) : nil
        case .secure:
            cookie.isSecure = true
        case .httpOnly:
            cookie.isHTTPOnly = true
        case .sameSite:
            cookie.sameSite = Self.sameSite(value)
        case nil:
            break  // unknown attributes are ignored
        }
    }

    /// §5.2.2: the first character a digit or '-', the rest digits; else nil (the attribute is
    /// ignored). Values beyond `Int64` saturate.
    static func maxAge(_ value: Bytes) -> Int64? {
        guard let first = value.first, first == UInt8(ascii: "-") || isDigit(first) else { return nil }
        let negative = first == UInt8(ascii: "-")
        let digits = negative ? Bytes(rebasing: value.dropFirst()) : value
        guard !digits.isEmpty else { return nil }
        var seconds: Int64 = 0
        var saturated = false
        for byte in digits {
            guard isDigit(byte) else { return nil }
            guard !saturated else { continue }
            let (times10, overflowed) = seconds.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times10.addingReportingOverflow(Int64(byte - 0x30))
            if overflowed || overflowedAgain {
                saturated = true
                seconds = .max
            } else {
                seconds = sum
            }
        }
        return negative ? -seconds : seconds
    }

    /// RFC 6265bis §5.6.7: `None`, `Strict` or `Lax` ignoring case; any other value is the `Default`
    /// enforcement, which ``Cookie/SameSite`` spells as nil.
    static func sameSite(_ value: Bytes) -> Cookie.SameSite? {
        if equalsIgnoringCase(value, "none") { return Cookie.SameSite.unrestricted }
        if equalsIgnoringCase(value, "strict") { return .strict }
        if equalsIgnoringCase(value, "lax") { return .lax }
        return nil
    }
}

// MARK: - Attribute names

extension SetCookieParser {
    /// The attribute names §5.2 and RFC 6265bis give meaning to.
    enum AttributeName {
        case expires
        case maxAge
        case domain
        case path
        case secure
        case httpOnly
        case sameSite

        /// The attribute a name denotes, ignoring ASCII case; nil for an unknown one.
        init?(_ name: Bytes) {
            switch name.count {
            case 4 where equalsIgnoringCase(name, "path"): self = .path
            case 6 where equalsIgnoringCase(name, "domain"): self = .domain
            case 6 where equalsIgnoringCase(name, "secure"): self = .secure
            case 7 where equalsIgnoringCase(name, "expires"): self = .expires
            case 7 where equalsIgnoringCase(name, "max-age"): self = .maxAge
            case 8 where equalsIgnoringCase(name, "httponly"): self = .httpOnly
            case 8 where equalsIgnoringCase(name, "samesite"): self = .sameSite
            default: return nil
            }
        }
    }
}

// MARK: - Bytes

extension SetCookieParser {
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether bytes equal a lowercase ASCII word, ignoring the case of letters.
    static func equalsIgnoringCase(_ bytes: Bytes, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let lower = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            guard folded == lower[index] else { return false }
        }
        return true
    }

    /// `lower..<upper` without leading and trailing SP and HTAB.
    func trimmed(_ bytes: Bytes, _ lower: Int, _ upper: Int) -> Range<Int> {
        var lower = lower
        var upper = upper
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        return lower..<upper
    }

    func text(_ bytes: Bytes, _ range: Range<Int>) -> String {
        text(Bytes(rebasing: bytes[range]))
    }

    func text(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: - Splitting joined fields

extension SetCookieParser {
    /// The fields of a value joined with `", "`: split at each comma after which, past optional SP
    /// or HTAB, a token (RFC 9110's `tchar`s) is followed by '=' (optional whitespace between).
    /// The comma of an `Expires` date is followed by a day of the month and a space, so it stays.
    ///
    /// - Parameter bytes: The joined value's UTF-8 bytes.
    /// - Returns: The fields, trimmed, empty ones left out.
    static func split(_ bytes: Bytes) -> [String] {
        var fields: [String] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ","), startsCookie(bytes, after: index) {
                appendField(bytes, start..<index, to: &fields)
                start = index + 1
            }
            index += 1
        }
        appendField(bytes, start..<bytes.count, to: &fields)
        return fields
    }

    private static func appendField(_ bytes: Bytes, _ range: Range<Int>, to fields: inout [String]) {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        guard lower < upper else { return }
        fields.append(String(decoding: Bytes(rebasing: bytes[lower..<upper]), as: UTF8.self))
    }

    /// Whether the bytes after the comma at `comma` start a new cookie: `*WSP token *WSP "="`.
    private static func startsCookie(_ bytes: Bytes, after comma: Int) -> Bool {
        var index = comma + 1
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        let tokenStart = index
        while index < bytes.count, isTokenCharacter(bytes[index]) { index += 1 }
        guard index > tokenStart else { return false }
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "=")
    }

    /// RFC 9110's `tchar`: ALPHA, DIGIT and ``!#$%&'*+-.^_`|~``.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
}
