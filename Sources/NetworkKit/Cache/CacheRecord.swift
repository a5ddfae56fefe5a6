/// Every stored response of one ``CacheKey``: the variants a `Vary` field tells apart (RFC 9111
/// §4.1), at most ``maximumVariants`` of them, the oldest stored first. It is the unit a
/// ``CacheStorage`` keeps and a cache file holds.
struct CacheRecord: Sendable, Equatable {
    /// The key the responses are stored under.
    var key: CacheKey
    /// The responses, in the order they were stored.
    var entries: [CachedEntry]

    /// How many variants one key keeps; storing one more drops the oldest.
    static let maximumVariants = 16

    /// What the record costs a byte budget: the sum of its entries' costs and its key.
    var cost: Int {
        entries.reduce(key.uri.utf8.count) { $0 &+ $1.cost }
    }
}
