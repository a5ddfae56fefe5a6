public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a cookie file could not be read or written (``NetscapeCookieFile``, ``FileCookieStore``).
///
/// It names the line and what was wrong with it, never a cookie's value (values are secrets), so it
/// can be logged.
///
/// ```swift
/// do {
///     let cookies = try NetscapeCookieFile.read(text)
/// } catch {
///     print(error)  // "cookie file line 3: expected 7 tab-separated fields, found 5"
/// }
/// ```
public struct CookieFileError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A column of a Netscape cookie-file line.
    public enum Field: String, Sendable, Hashable {
        /// The first column: the host or domain.
        case domain
        /// The second column: `TRUE` or `FALSE`, whether subdomains get the cookie.
        case includeSubdomains = "include-subdomains"
        /// The third column: the path, starting with `/`.
        case path
        /// The fourth column: `TRUE` or `FALSE`, whether only `https` gets the cookie.
        case secure
        /// The fifth column: the expiry in seconds since 1970, `0` for a session cookie.
        case expiry
    }

    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// The file is larger than `limit` bytes (``NetscapeCookieFile/maximumFileBytes``).
        case fileTooLarge(limit: Int)
        /// A line is longer than `limit` bytes (``NetscapeCookieFile/maximumLineBytes``).
        case lineTooLong(limit: Int)
        /// A line has `found` tab-separated fields rather than 7 (or 6, with the value left out).
        case wrongFieldCount(found: Int)
        /// A field does not hold what its column must.
        case invalidField(Field)
        /// A line holds a control character (a NUL, a lone carriage return…).
        case controlCharacter
        /// A line is not valid UTF-8.
        case invalidUTF8
        /// The file is not a regular file (a folder, a device…).
        case notARegularFile(path: String)
        /// The file could not be read; `code` is the system's `errno`.
        case readFailed(path: String, code: Int32)
        /// The file could not be written; `code` is the system's `errno` (`ENOSPC` when the disk is
        /// full). The file on disk is as it was.
        case writeFailed(path: String, code: Int32)
        /// Another process held the file's lock longer than the store waits.
        case lockTimedOut(path: String)
    }

    /// The 1-based line the error is about, or 0 when it is about the whole file.
    public let line: Int
    /// What was wrong.
    public let reason: Reason

    /// Makes an error.
    ///
    /// - Parameters:
    ///   - line:   The 1-based line, or 0 for the whole file.
    ///   - reason: What was wrong.
    public init(line: Int = 0, reason: Reason) {
        self.line = line
        self.reason = reason
    }

    /// "cookie file line N: what was wrong", in one line without any cookie's value.
    public var description: String {
        let place = line > 0 ? "cookie file line \(line)" : "cookie file"
        return "\(place): \(explanation)"
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    private var explanation: String {
        switch reason {
        case .fileTooLarge(let limit): "it is larger than \(limit) bytes"
        case .lineTooLong(let limit): "the line is longer than \(limit) bytes"
        case .wrongFieldCount(let found): "expected 7 tab-separated fields, found \(found)"
        case .invalidField(let field): Self.explain(field)
        case .controlCharacter: "the line holds a control character"
        case .invalidUTF8: "the line is not valid UTF-8"
        case .notARegularFile(let path): "\(path) is not a regular file"
        case .readFailed(let path, let code): "cannot read \(path): \(Self.systemText(code))"
        case .writeFailed(let path, let code): "cannot write \(path): \(Self.systemText(code))"
        case .lockTimedOut(let path): "another process holds the lock of \(path)"
        }
    }

    private static func explain(_ field: Field) -> String {
        switch field {
        case .domain: "the domain (field 1) is empty"
        case .includeSubdomains: "the include-subdomains flag (field 2) is neither TRUE nor FALSE"
        case .path: "the path (field 3) does not start with /"
        case .secure: "the secure flag (field 4) is neither TRUE nor FALSE"
        case .expiry: "the expiry (field 5) is not a number of seconds"
        }
    }

    private static func systemText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
