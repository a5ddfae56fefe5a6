public import Foundation

/// Every way a ``LocalStorage`` operation can fail.
///
/// Each case names the key involved; cases that can fail in several ways carry a reason.
///
/// ```swift
/// do {
///     let user = try await storage.load(User.self, forKey: "user")
/// } catch StorageError.valueNotFound {
///     // first launch
/// }
/// ```
public enum StorageError: Error, Sendable {
    /// The key cannot be used as a file name in the storage directory.
    case invalidKey(String, reason: InvalidKeyReason)
    /// Nothing is stored under the key.
    case valueNotFound(key: String)
    /// The encoder refused the value (for example `Double.infinity` in JSON).
    case encodingFailed(key: String, underlying: any Error & Sendable)
    /// The file exists but does not decode as the requested type; it is left on disk for inspection.
    case decodingFailed(key: String, underlying: any Error & Sendable)
    /// Writing the value's file failed; the previous value, if any, is unchanged.
    case writeFailed(key: String, reason: FileFailureReason)
    /// Reading the value's file failed.
    case readFailed(key: String, reason: FileFailureReason)
    /// Removing the value's file failed.
    case removeFailed(key: String, reason: FileFailureReason)
    /// The storage directory could not be created, opened or listed.
    case directoryUnavailable(path: String, reason: FileFailureReason)

    /// Why a key was rejected.
    public enum InvalidKeyReason: Sendable, Equatable {
        /// The key is the empty string.
        case empty
        /// The key is `.` or `..`, which name directories.
        case directoryName
        /// The key contains a `/` or `\`, which could leave the directory.
        case containsSeparator
        /// The key contains a NUL character, which ends a path early.
        case containsNul
        /// The key's UTF-8 form is longer than 255 bytes, the file-name limit of common file systems.
        case tooLong(byteCount: Int)
        /// The key starts with `.storagekit-`, the prefix of the storage's own temporary and lock files.
        case reservedPrefix
    }

    /// Why a file operation failed.
    public enum FileFailureReason: Sendable, Equatable {
        /// The path holds something other than a regular file (a symbolic link or a directory), which the
        /// storage never follows or replaces.
        case notARegularFile
        /// A system call failed with `errno`.
        case systemCall(name: String, errno: Int32)
    }
}

// MARK: - Accessors

extension StorageError {
    /// The key the failed operation was about, if it was about one.
    public var key: String? {
        switch self {
        case .invalidKey(let key, _), .valueNotFound(let key), .encodingFailed(let key, _),
            .decodingFailed(let key, _), .writeFailed(let key, _), .readFailed(let key, _), .removeFailed(let key, _):
            return key
        case .directoryUnavailable:
            return nil
        }
    }
}

// MARK: - LocalizedError

extension StorageError: LocalizedError {
    /// A sentence saying what failed and why.
    public var errorDescription: String? {
        switch self {
        case .invalidKey(let key, let reason):
            return "The key '\(Self.printable(key))' cannot be stored: \(reason.sentence)."
        case .valueNotFound(let key):
            return "Nothing is stored under the key '\(key)'."
        case .encodingFailed(let key, let underlying):
            return "The value for '\(key)' could not be encoded: \(underlying.localizedDescription)"
        case .decodingFailed(let key, let underlying):
            return "The file for '\(key)' does not decode as the requested type (it was kept): \(underlying)"
        case .writeFailed(let key, let reason):
            return "The value for '\(key)' could not be written: \(reason.sentence)."
        case .readFailed(let key, let reason):
            return "The value for '\(key)' could not be read: \(reason.sentence)."
        case .removeFailed(let key, let reason):
            return "The value for '\(key)' could not be removed: \(reason.sentence)."
        case .directoryUnavailable(let path, let reason):
            return "The storage directory \(path) is unavailable: \(reason.sentence)."
        }
    }

    private static func printable(_ key: String) -> String {
        let escaped = key.replacingOccurrences(of: "\0", with: "\\0")
        return escaped.count > 80 ? String(escaped.prefix(80)) + "…" : escaped
    }
}

extension StorageError.InvalidKeyReason {
    fileprivate var sentence: String {
        switch self {
        case .empty: return "it is empty"
        case .directoryName: return "'.' and '..' name directories"
        case .containsSeparator: return "it contains a path separator ('/' or '\\')"
        case .containsNul: return "it contains a NUL character"
        case .tooLong(let count): return "it is \(count) bytes long in UTF-8, more than 255"
        case .reservedPrefix: return "the prefix '.storagekit-' is reserved for the storage's own files"
        }
    }
}

extension StorageError.FileFailureReason {
    fileprivate var sentence: String {
        switch self {
        case .notARegularFile:
            return "the path is not a regular file (symbolic links and directories are never followed)"
        case .systemCall(let name, let code):
            return "\(name) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
