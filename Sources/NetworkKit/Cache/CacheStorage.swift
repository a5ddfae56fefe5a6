/// Where an ``HTTPCache`` keeps its ``CacheRecord``s: in memory (``MemoryCacheStorage``) or in a
/// directory (``DiskCacheStorage``). The cache holds its storage behind one lock, so a storage is
/// used by one thread at a time.
///
/// An adopter keeps its bytes at or under its budget after every change, evicting the least
/// recently used records first, and reads anything it cannot trust as a miss.
protocol CacheStorage: Sendable {
    /// The stored responses of `key`, or nil; reading counts as a use.
    mutating func record(for key: CacheKey) -> CacheRecord?
    /// Stores `record` in place of its key's previous one, or removes the key when it holds no
    /// responses; then evicts down to the budget.
    mutating func setRecord(_ record: CacheRecord)
    /// Runs `body` on the stored responses of `key` and stores them back when it returns a value
    /// (`body` changes nothing when it returns nil); nil when nothing is stored under `key`.
    /// Reading counts as a use.
    mutating func updateRecord<Result>(for key: CacheKey, _ body: (inout CacheRecord) -> Result?) -> Result?
    /// Removes the stored responses of `key`.
    mutating func removeRecord(for key: CacheKey)
    /// Removes everything.
    mutating func removeAll()
    /// The bytes stored, as this storage counts them.
    var currentBytes: Int { get }
    /// The last I/O failure, nil for memory or after a success.
    var lastError: HTTPCacheError? { get }
}

extension CacheStorage {
    /// ``record(for:)``, `body`, then ``setRecord(_:)`` when `body` returns a value.
    mutating func updateRecord<Result>(for key: CacheKey, _ body: (inout CacheRecord) -> Result?) -> Result? {
        guard var record = record(for: key), let result = body(&record) else { return nil }
        setRecord(record)
        return result
    }
}

/// A ``CacheStorage`` in memory, bounded by bytes (``CacheRecord/cost``), evicting the least
/// recently used record first.
struct MemoryCacheStorage: CacheStorage {
    /// The byte budget.
    let maximumBytes: Int
    private var records: [CacheKey: CacheRecord] = [:]
    private var recency = RecencyList<CacheKey>()

    /// An empty storage of at most `maximumBytes`.
    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    var currentBytes: Int { recency.totalCost }
    var lastError: HTTPCacheError? { nil }

    mutating func record(for key: CacheKey) -> CacheRecord? {
        guard let record = records[key] else { return nil }
        recency.touch(key)
        return record
    }

    /// Changes the record in place: it leaves the dictionary while `body` runs, so its entries are
    /// not copied when `body` changes one.
    mutating func updateRecord<Result>(for key: CacheKey, _ body: (inout CacheRecord) -> Result?) -> Result? {
        guard var record = records.removeValue(forKey: key) else { return nil }
        guard let result = body(&record) else {
            records[key] = record
            recency.touch(key)
            return nil
        }
        setRecord(record)
        return result
    }

    mutating func setRecord(_ record: CacheRecord) {
        guard !record.entries.isEmpty else { return removeRecord(for: record.key) }
        records[record.key] = record
        recency.use(record.key, cost: record.cost)
        while recency.totalCost > maximumBytes, let oldest = recency.leastRecent {
            removeRecord(for: oldest)
        }
    }

    mutating func removeRecord(for key: CacheKey) {
        records[key] = nil
        recency.remove(key)
    }

    mutating func removeAll() {
        records.removeAll()
        recency.removeAll()
    }
}
