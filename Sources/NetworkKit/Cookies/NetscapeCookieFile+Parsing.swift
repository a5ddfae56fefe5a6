import Foundation

extension NetscapeCookieFile {
    /// The cookies in a cookie file's bytes (see ``parse(_:at:)-(UnsafeBufferPointer<UInt8>,_)``).
    static func parse(_ bytes: [UInt8], at now: Date) throws(CookieFileError) -> [Cookie] {
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(CookieFileError) in try parse(buffer, at: now) }
        }
        return try parsed.get()
    }

    /// The cookies in a cookie file's bytes: split at LF (a CR before it dropped), without regular
    /// expressions or a `String` per line; only the fields of a cookie line become strings.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, at now: Date) throws(CookieFileError) -> [Cookie] {
        guard bytes.count <= maximumFileBytes else {
            throw CookieFileError(reason: .fileTooLarge(limit: maximumFileBytes))
        }
        var cookies: [Cookie] = []
        var start = hasByteOrderMark(bytes) ? 3 : 0
        var lineNumber = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != lineFeed { end += 1 }
            lineNumber += 1
            let next = end + 1
            if end > start, bytes[end - 1] == carriageReturn { end -= 1 }
            guard end - start <= maximumLineBytes else {
                throw CookieFileError(line: lineNumber, reason: .lineTooLong(limit: maximumLineBytes))
            }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            do throws(LineError) {
                if let cookie = try parseLine(line, at: now) { cookies.append(cookie) }
            } catch {
                throw CookieFileError(line: lineNumber, reason: error.reason)
            }
            start = next
        }
        return cookies
    }

    /// The cookie on one line (without its line break), or nil for a comment or a blank line.
    private static func parseLine(_ line: UnsafeBufferPointer<UInt8>, at now: Date) throws(LineError)
        -> Cookie?
    {
        var first = 0
        while first < line.count, line[first] == space || line[first] == tab { first += 1 }
        guard first < line.count else { return nil }
        let isHTTPOnly = hasPrefix(line, from: first, httpOnlyBytes)
        if isHTTPOnly {
            first += httpOnlyBytes.count
        } else if line[first] == hash {
            return nil
        }
        if line[first...].contains(where: { ($0 < 0x20 && $0 != tab) || $0 == 0x7F }) {
            throw LineError(.controlCharacter)
        }
        let fields = split(line, from: first)
        guard fields.count == 7 || fields.count == 6 else { throw LineError(.wrongFieldCount(found: fields.count)) }

        let domain = CookieDomain.droppingLeading(UInt8(ascii: "."), of: try text(line, fields[0])).text
        guard !domain.isEmpty else { throw LineError(.invalidField(.domain)) }
        guard let includesSubdomains = flag(line, fields[1]) else { throw LineError(.invalidField(.includeSubdomains)) }
        guard fields[2].count > 0, line[fields[2].lowerBound] == slash else { throw LineError(.invalidField(.path)) }
        guard let isSecure = flag(line, fields[3]) else { throw LineError(.invalidField(.secure)) }
        guard let expiry = seconds(line, fields[4]) else { throw LineError(.invalidField(.expiry)) }
        // curl writes an empty value as a trailing tab; some tools drop it, leaving six fields
        let value = fields.count == 7 ? try text(line, fields[6]) : ""
        return Cookie(
            name: try text(line, fields[5]), value: value, domain: domain.lowercased(),
            path: try text(line, fields[2]),
            expiresAt: expiry == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(expiry)), createdAt: now,
            isHostOnly: !includesSubdomains, isSecure: isSecure, isHTTPOnly: isHTTPOnly)
    }

    /// The ranges between tabs from `first` to the end of `line`.
    private static func split(_ line: UnsafeBufferPointer<UInt8>, from first: Int) -> [Range<Int>] {
        var fields: [Range<Int>] = []
        fields.reserveCapacity(7)
        var start = first
        for index in first..<line.count where line[index] == tab {
            fields.append(start..<index)
            start = index + 1
        }
        fields.append(start..<line.count)
        return fields
    }

    /// The field as a string; throws when its bytes are not valid UTF-8.
    private static func text(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(LineError)
        -> String
    {
        let bytes = UnsafeBufferPointer(rebasing: line[range])
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Decoding replaces invalid sequences, which changes the bytes: that is how they are found
        guard decoded.utf8.elementsEqual(bytes) else { throw LineError(.invalidUTF8) }
        return decoded
    }

    /// `TRUE` or `FALSE` in any case, as curl accepts them; nil for anything else.
    private static func flag(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool? {
        let field = line[range]
        if field.count == 4, field.elementsEqual("true".utf8, by: { $0 | 0x20 == $1 }) { return true }
        if field.count == 5, field.elementsEqual("false".utf8, by: { $0 | 0x20 == $1 }) { return false }
        return nil
    }

    /// The field's decimal digits as seconds; nil when empty, not all digits, or beyond `Int64`.
    private static func seconds(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
        guard !range.isEmpty else { return nil }
        var result: Int64 = 0
        for byte in line[range] {
            guard byte >= zero, byte <= zero + 9 else { return nil }
            let (times10, overflow) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdding) = times10.addingReportingOverflow(Int64(byte - zero))
            guard !overflow, !overflowAdding else { return nil }
            result = sum
        }
        return result
    }

    private static func hasPrefix(_ line: UnsafeBufferPointer<UInt8>, from first: Int, _ prefix: [UInt8]) -> Bool {
        line.count - first >= prefix.count && line[first..<(first + prefix.count)].elementsEqual(prefix)
    }

    private static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// What is wrong with a line, before its number is known.
    struct LineError: Error {
        let reason: CookieFileError.Reason

        init(_ reason: CookieFileError.Reason) {
            self.reason = reason
        }
    }

    private static let httpOnlyBytes = Array("#HttpOnly_".utf8)
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let tab = UInt8(ascii: "\t")
    private static let space = UInt8(ascii: " ")
    private static let hash = UInt8(ascii: "#")
    private static let slash = UInt8(ascii: "/")
    private static let zero = UInt8(ascii: "0")
}
