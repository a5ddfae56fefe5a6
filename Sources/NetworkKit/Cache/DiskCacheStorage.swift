import Foundation

/// A ``CacheStorage`` in a directory: one file per ``CacheKey`` (``CacheKey/fileName``) holding its
/// ``CacheRecord`` in the binary form of ``CacheRecord/encoded()``.
///
/// - **Lazy.** Only an index lives in memory (file name → size, in order of use), rebuilt from the
///   directory at start-up; a record is read from its file when asked for. A key's file is looked
///   for even when the index lacks it, so records another process wrote are found.
/// - **Atomic.** A file is replaced by writing a temporary file beside it, flushing it and renaming
///   it over the old one, so a reader, in this process or another, never sees a torn file.
/// - **Shared.** Writers, removers and evictions of all processes take turns through an exclusive
///   `flock` on the directory's `.lock` file.
/// - **Bounded.** After a write leaves the index over the budget, the directory is listed again (to
///   count other processes' files; those join as least recently used, oldest first) and the least
///   recently used files are removed until it fits.
/// - **Checked.** A file that is truncated, corrupt, of another format version or of another key
///   (a hash collision) is a miss; all but the last are removed, if no one replaced them since.
struct DiskCacheStorage: CacheStorage {
    /// The directory's path.
    let directory: String
    /// The byte budget.
    let maximumBytes: Int
    private var index = RecencyList<String>()
    private(set) var lastError: HTTPCacheError?

    /// A storage over `directory`, created when missing.
    ///
    /// - Throws: ``HTTPCacheError`` when the directory cannot be created or is not a writable folder.
    init(directory: URL, maximumBytes: Int) throws(HTTPCacheError) {
        self.directory = directory.path
        self.maximumBytes = maximumBytes
        try CacheFileSystem.prepareDirectory(self.directory)
        let path = self.directory
        note(withLock { CacheFileSystem.removeLeftovers(in: path) })
        addUnknownFiles()
    }

    var currentBytes: Int { index.totalCost }

    mutating func record(for key: CacheKey) -> CacheRecord? {
        let name = key.fileName
        let path = directory + "/" + name
        guard let file = CacheFileSystem.read(path, limit: maximumBytes) else {
            index.remove(name)
            return nil
        }
        guard let record = try? CacheRecord(decoding: file.bytes) else {
            index.remove(name)
            note(withLock { CacheFileSystem.remove(path, ifInode: file.inode) })
            return nil
        }
        index.use(name, cost: file.bytes.count)
        return record.key == key ? record : nil
    }

    mutating func setRecord(_ record: CacheRecord) {
        guard !record.entries.isEmpty else { return removeRecord(for: record.key) }
        let bytes = record.encoded()
        let name = record.key.fileName
        guard bytes.count <= maximumBytes else { return removeRecord(for: record.key) }
        let path = directory + "/" + name
        let written = withLock {
            Result { () throws(HTTPCacheError) in try CacheFileSystem.replace(path, with: bytes) }
        }
        guard case .success(.success) = written else {
            switch written {
            case .failure(let error), .success(.failure(let error)): lastError = error
            default: break
            }
            return
        }
        lastError = nil
        index.use(name, cost: bytes.count)
        if index.totalCost > maximumBytes { evict() }
    }

    mutating func removeRecord(for key: CacheKey) {
        let name = key.fileName
        index.remove(name)
        let path = directory + "/" + name
        note(withLock { _ = unlink(path) })
    }

    mutating func removeAll() {
        let directory = directory
        note(
            withLock {
                for file in CacheFileSystem.listing(of: directory) { unlink(directory + "/" + file.name) }
            })
        index.removeAll()
    }

    /// Brings the index up to date with the directory, then removes least recently used files
    /// until it fits the budget, holding the lock.
    private mutating func evict() {
        let (directory, maximumBytes) = (directory, maximumBytes)
        var index = self.index
        self.index = RecencyList()  // keeps `index` uniquely referenced while it changes
        note(
            withLock {
                let listing = CacheFileSystem.listing(of: directory)
                let present = Set(listing.map(\.name))
                for name in Array(index.keys) where !present.contains(name) { index.remove(name) }
                for file in listing.sorted(by: { $0.modified > $1.modified }) {
                    if index.contains(file.name) {
                        index.updateCost(of: file.name, to: file.size)
                    } else {
                        index.addAsLeastRecent(file.name, cost: file.size)
                    }
                }
                while index.totalCost > maximumBytes, let oldest = index.leastRecent {
                    index.remove(oldest)
                    unlink(directory + "/" + oldest)
                }
            })
        self.index = index
    }

    /// Adds the directory's files the index does not hold, oldest first as least recently used.
    private mutating func addUnknownFiles() {
        for file in CacheFileSystem.listing(of: directory).sorted(by: { $0.modified > $1.modified }) {
            index.addAsLeastRecent(file.name, cost: file.size)
        }
        if index.totalCost > maximumBytes { evict() }
    }

    /// Runs `body` holding the directory's lock.
    private func withLock<Result>(_ body: () -> Result) -> Swift.Result<Result, HTTPCacheError> {
        do throws(HTTPCacheError) {
            return .success(try CacheFileSystem.withExclusiveLock(in: directory, body))
        } catch {
            return .failure(error)
        }
    }

    /// Keeps the error of a lock that could not be taken.
    private mutating func note<Value>(_ result: Swift.Result<Value, HTTPCacheError>) {
        if case .failure(let error) = result { lastError = error }
    }
}
