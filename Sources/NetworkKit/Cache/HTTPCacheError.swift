public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an ``HTTPCache`` could not use its directory. The cache goes on without it (in memory when
/// the directory cannot be made; without the one write otherwise), so requests never fail for it;
/// ``HTTPCache/lastError`` keeps the last one.
///
/// ```swift
/// let cache = HTTPCache(directory: folder, maximumBytes: 50_000_000)
/// if let error = cache.lastError { log("HTTP cache: \(error)") }  // "cannot use … : Permission denied"
/// ```
public struct HTTPCacheError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The directory could not be created or opened; the cache keeps responses in memory.
        case directoryUnavailable(path: String, code: Int32)
        /// A file could not be written or removed; `code` is the system's `errno`.
        case writeFailed(path: String, code: Int32)
        /// Another process held the directory's lock longer than the cache waits.
        case lockTimedOut(path: String)
    }

    /// What went wrong.
    public let reason: Reason

    /// Makes an error.
    ///
    /// - Parameter reason: What went wrong.
    public init(reason: Reason) {
        self.reason = reason
    }

    /// One line naming the path and the system's explanation.
    public var description: String {
        switch reason {
        case .directoryUnavailable(let path, let code): "HTTP cache: cannot use \(path): \(Self.systemText(code))"
        case .writeFailed(let path, let code): "HTTP cache: cannot write \(path): \(Self.systemText(code))"
        case .lockTimedOut(let path): "HTTP cache: another process holds the lock of \(path)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    private static func systemText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
