public import Foundation
import InternalServiceUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``SecretStore`` in a private directory: for servers and the command line.
///
/// The directory is created with mode `0700` (and set to it if it exists); each entry is a file of
/// mode `0600` named after the hexadecimal of its key, written to a temporary file, flushed and
/// renamed over the old one, so a reader sees the old value or the new one, never half of one; the
/// directory is flushed after the rename. Flushing is `F_FULLFSYNC` on Apple platforms (a plain
/// `fsync` leaves the data in the drive's cache there) and `fsync` elsewhere.
///
/// ```swift
/// let store = try FileSecretStore(directory: URL(fileURLWithPath: "/var/lib/app/secrets"))
/// try store.save(data: token, by: "token")
/// ```
///
/// Its protection is the operating system's file permissions: anyone running as the same user (or
/// root) can read the files.
public final class FileSecretStore: SecretStore {
    /// The directory that holds the entries.
    public let directory: URL
    /// The longest key, in UTF-8 bytes (the file name is twice as long).
    public static let maximumKeyLength = 120
    static let suffix = ".secret"

    /// Opens (creating it if needed) a store in `directory`.
    ///
    /// - Parameter directory: The folder; created with mode `0700`, its parents too.
    /// - Throws: ``SecureStoreError/unavailable(reason:)`` when it cannot be created or is not a directory.
    public init(directory: URL) throws {
        self.directory = directory
        let path = directory.path
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SecureStoreError.unavailable(reason: "cannot create \(path): \(error.localizedDescription)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SecureStoreError.unavailable(reason: "\(path) is not a directory")
        }
        guard chmod(path, 0o700) == 0 else {
            throw SecureStoreError.unavailable(reason: "cannot set mode 0700 on \(path): \(Self.errorText())")
        }
    }

    /// Writes `data` under `key` atomically, in a file of mode `0600`.
    ///
    /// - Parameters:
    ///   - data: The bytes to keep.
    ///   - key: The entry's name, 1 to ``maximumKeyLength`` UTF-8 bytes.
    /// - Throws: ``SecureStoreError/invalidKey(key:reason:)`` or ``SecureStoreError/operationFailed(operation:key:reason:)``.
    public func save(data: Data, by key: String) throws {
        let target = try path(for: key)
        let temporary = target + ".tmp-" + SecureRandom.bytes(count: 8).hexString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(.save, key) }
        let synced = FileDescriptorIO.writeAll(data, to: descriptor) && FileDescriptorIO.synchronize(descriptor)
        let closed = close(descriptor) == 0
        guard synced, closed, rename(temporary, target) == 0 else {
            let error = failure(.save, key)
            unlink(temporary)
            throw error
        }
        try synchronizeDirectory(key)
    }

    /// Flushes the directory, so that the rename itself survives a power loss.
    private func synchronizeDirectory(_ key: String) throws {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(.save, key) }
        defer { close(descriptor) }
        guard FileDescriptorIO.synchronize(descriptor) else { throw failure(.save, key) }
    }

    /// Reads the entry under `key`.
    ///
    /// - Parameter key: The entry's name.
    /// - Returns: The stored bytes.
    /// - Throws: ``SecureStoreError/notFound(key:)`` or another ``SecureStoreError``.
    public func load(by key: String) throws -> Data {
        let target = try path(for: key)
        let descriptor = open(target, O_RDONLY)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw SecureStoreError.notFound(key: key) }
            throw failure(.load, key)
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(.load, key)
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        buffer.wipe()
        return data
    }

    /// Deletes the entry under `key`, if any.
    ///
    /// - Parameter key: The entry's name.
    /// - Throws: ``SecureStoreError`` when the file exists but cannot be deleted.
    public func remove(by key: String) throws {
        let target = try path(for: key)
        guard unlink(target) == 0 || errno == ENOENT else { throw failure(.remove, key) }
    }

    /// Deletes every entry file in the directory (other files are left alone).
    ///
    /// - Throws: ``SecureStoreError`` when the directory cannot be listed or a file deleted.
    public func removeAll() throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw SecureStoreError.operationFailed(
                operation: .removeAll, key: nil, reason: error.localizedDescription)
        }
        for name in names where name.hasSuffix(Self.suffix) {
            let target = directory.appendingPathComponent(name).path
            guard unlink(target) == 0 || errno == ENOENT else { throw failure(.removeAll, nil) }
        }
    }

    /// The file path of `key`: the hexadecimal of its UTF-8 and the suffix.
    func path(for key: String) throws -> String {
        let bytes = Array(key.utf8)
        guard !bytes.isEmpty else { throw SecureStoreError.invalidKey(key: key, reason: "it is empty") }
        guard bytes.count <= Self.maximumKeyLength else {
            throw SecureStoreError.invalidKey(
                key: key, reason: "it is longer than \(Self.maximumKeyLength) UTF-8 bytes")
        }
        return directory.appendingPathComponent(bytes.hexString + Self.suffix).path
    }

    private func failure(_ operation: SecureStoreError.Operation, _ key: String?) -> SecureStoreError {
        .operationFailed(operation: operation, key: key, reason: Self.errorText())
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

// MARK: - Deprecated names

/// The former name of ``FileSecretStore``, from before the byte-valued stores all took the
/// ``SecretStore`` family's name.
@available(*, deprecated, renamed: "FileSecretStore")
public typealias FileSecureStore = FileSecretStore
