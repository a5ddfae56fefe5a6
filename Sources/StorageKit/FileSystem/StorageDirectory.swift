import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of one storage directory, reached only through descriptors that never follow a link.
///
/// The directory itself may be reached through symbolic links (`/tmp` is one on macOS); inside it,
/// nothing is: every key was validated as a single file-name component, and every open, `stat`,
/// rename and unlink works relative to the directory's descriptor without following the last
/// component.
struct StorageDirectory: Sendable {
    /// The directory's path.
    let path: String

    /// Whether writes wait for the data to reach the disk.
    let durability: LocalStorage.Durability

    /// Runs `body` with a descriptor of the directory, creating the directory first when `create` is
    /// `.createIfMissing`; returns nil without calling `body` when it is missing and not created.
    func withDescriptor<Result>(
        _ creation: Creation,
        _ body: (Int32) throws(StorageError) -> Result
    ) throws(StorageError) -> Result? {
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try SystemCall.open(path, relativeTo: AT_FDCWD, flags: O_RDONLY | O_DIRECTORY)
        } catch  where error.isNotFound {
            guard creation == .createIfMissing else { return nil }
            try create()
            return try withDescriptor(.openExisting, body)
        } catch {
            throw .directoryUnavailable(path: path, reason: error.reason)
        }
        defer { SystemCall.close(descriptor) }
        return try body(descriptor)
    }

    /// Whether ``withDescriptor(_:_:)`` may create a missing directory.
    enum Creation {
        case openExisting
        case createIfMissing
    }

    private func create() throws(StorageError) {
        do throws(SystemCallError) {
            try Self.makeDirectory(path)
            guard durability == .synchronized else { return }
            // The new directory's entry lives in its parent: flush that too, or a power cut could lose
            // the directory together with the first value written into it.
            let parentPath = (path as NSString).deletingLastPathComponent
            let parent = try SystemCall.open(
                parentPath.isEmpty ? "." : parentPath, relativeTo: AT_FDCWD, flags: O_RDONLY | O_DIRECTORY)
            defer { SystemCall.close(parent) }
            try SystemCall.synchronize(parent)
        } catch {
            throw .directoryUnavailable(path: path, reason: error.reason)
        }
    }

    /// `mkdir -p`: creates `path` and any missing parents, private to the user (mode 0700).
    private static func makeDirectory(_ path: String) throws(SystemCallError) {
        do throws(SystemCallError) {
            try SystemCall.retrying("mkdir") { mkdir(path, 0o700) }
        } catch  where error.code == EEXIST {
            return
        } catch  where error.isNotFound {
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != path else { throw error }
            try makeDirectory(parent)
            try makeDirectory(path)
        }
    }

    /// The bytes stored under `key`.
    ///
    /// - Throws: ``StorageError/valueNotFound(key:)`` when there is no file, or
    ///   ``StorageError/readFailed(key:reason:)`` (a symbolic link is refused as `notARegularFile`).
    func read(_ key: String) throws(StorageError) -> Data {
        let data = try withDescriptor(.openExisting) { directory throws(StorageError) in
            do throws(SystemCallError) {
                return try readFile(key, in: directory)
            } catch  where error.isNotFound {
                throw .valueNotFound(key: key)
            } catch {
                throw .readFailed(key: key, reason: error.reason)
            }
        }
        guard let data else { throw .valueNotFound(key: key) }
        return data
    }

    private func readFile(_ key: String, in directory: Int32) throws(SystemCallError) -> Data {
        // O_NONBLOCK: a FIFO planted under the key must not hang the open; it is refused just below.
        let descriptor = try SystemCall.open(key, relativeTo: directory, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        defer { SystemCall.close(descriptor) }
        var info = stat()
        try SystemCall.retrying("fstat") { fstat(descriptor, &info) }
        guard SystemCall.isRegularFile(info) else { throw SystemCallError(name: "open", code: ELOOP) }
        // Files are replaced by rename, never rewritten in place, so the size read here is final; the
        // bytes go straight into the buffer the decoder reads, with no intermediate copy.
        let size = Int(info.st_size)
        var data = Data(count: size)
        let outcome = data.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemCallError) in
                var filled = 0
                while filled < size {
                    let count = try SystemCall.read(
                        descriptor, into: buffer.baseAddress?.advanced(by: filled), size - filled)
                    if count == 0 { break }
                    filled += count
                }
                return filled
            }
        }
        let filled = try outcome.get()
        if filled < size { data.count = filled }
        return data
    }

    /// Whether a regular file is stored under `key`.
    func contains(_ key: String) throws(StorageError) -> Bool {
        let found = try withDescriptor(.openExisting) { directory throws(StorageError) in
            do throws(SystemCallError) {
                guard let info = try SystemCall.status(of: key, in: directory) else { return false }
                return SystemCall.isRegularFile(info)
            } catch {
                throw .readFailed(key: key, reason: error.reason)
            }
        }
        return found ?? false
    }

    /// The keys of the regular files in the directory, sorted; the storage's own files are left out.
    func keys() throws(StorageError) -> [String] {
        let found = try withDescriptor(.openExisting) { directory throws(StorageError) in
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw .directoryUnavailable(path: path, reason: .systemCall(name: "opendir", errno: EIO))
            }
            return names.filter { name in
                guard StorageKey.problem(with: name) == nil else { return false }
                guard let info = try? SystemCall.status(of: name, in: directory) else { return false }
                return SystemCall.isRegularFile(info)
            }
        }
        return (found ?? []).sorted()
    }
}
