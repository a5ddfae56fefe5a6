/// Keys in order of use, each with a cost, for least-recently-used eviction: a dictionary from key
/// to a node of a doubly linked list kept in an array (freed slots are reused).
///
/// ```swift
/// var list = RecencyList<String>()
/// list.use("a", cost: 10)
/// list.use("b", cost: 5)
/// list.touch("a")
/// list.leastRecent  // "b"
/// ```
///
/// - Complexity: O(1) amortised for every operation.
struct RecencyList<Key: Hashable & Sendable>: Sendable {
    private struct Node: Sendable {
        var key: Key
        var cost: Int
        var newer: Int
        var older: Int
    }

    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    /// The most recently used node, or -1.
    private var newest = -1
    /// The least recently used node, or -1.
    private var oldest = -1

    /// The sum of the keys' costs.
    private(set) var totalCost = 0

    /// An empty list.
    init() {}

    /// How many keys it holds.
    var count: Int { slots.count }

    /// The least recently used key, or nil when empty.
    var leastRecent: Key? { oldest >= 0 ? nodes[oldest].key : nil }

    /// Whether `key` is in the list.
    func contains(_ key: Key) -> Bool { slots[key] != nil }

    /// The cost recorded for `key`, or nil.
    func cost(of key: Key) -> Int? { slots[key].map { nodes[$0].cost } }

    /// Makes `key` the most recently used; false when it is not in the list.
    @discardableResult
    mutating func touch(_ key: Key) -> Bool {
        guard let slot = slots[key] else { return false }
        unlink(slot)
        linkNewest(slot)
        return true
    }

    /// Adds `key` as the most recently used with `cost`, or updates its cost and makes it so.
    mutating func use(_ key: Key, cost: Int) {
        if let slot = slots[key] {
            totalCost = totalCost &- nodes[slot].cost &+ cost
            nodes[slot].cost = cost
            unlink(slot)
            linkNewest(slot)
            return
        }
        let slot = allocate(Node(key: key, cost: cost, newer: -1, older: -1))
        slots[key] = slot
        totalCost = totalCost &+ cost
        linkNewest(slot)
    }

    /// Sets the cost of `key` without changing its place; nothing when it is not in the list.
    mutating func updateCost(of key: Key, to cost: Int) {
        guard let slot = slots[key] else { return }
        totalCost = totalCost &- nodes[slot].cost &+ cost
        nodes[slot].cost = cost
    }

    /// Adds `key` as the least recently used (a file found on disk that this process never used);
    /// a key already in the list keeps its place.
    mutating func addAsLeastRecent(_ key: Key, cost: Int) {
        guard slots[key] == nil else { return }
        let slot = allocate(Node(key: key, cost: cost, newer: oldest, older: -1))
        slots[key] = slot
        totalCost = totalCost &+ cost
        if oldest >= 0 { nodes[oldest].older = slot } else { newest = slot }
        oldest = slot
    }

    /// Removes `key`; false when it was not in the list.
    @discardableResult
    mutating func remove(_ key: Key) -> Bool {
        guard let slot = slots.removeValue(forKey: key) else { return false }
        unlink(slot)
        totalCost = totalCost &- nodes[slot].cost
        freeSlots.append(slot)
        return true
    }

    /// Removes every key.
    mutating func removeAll() {
        self = RecencyList()
    }

    /// Every key, in no particular order.
    var keys: Dictionary<Key, Int>.Keys { slots.keys }

    private mutating func allocate(_ node: Node) -> Int {
        if let slot = freeSlots.popLast() {
            nodes[slot] = node
            return slot
        }
        nodes.append(node)
        return nodes.count - 1
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (nodes[slot].newer, nodes[slot].older)
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
        nodes[slot].newer = -1
        nodes[slot].older = -1
    }

    private mutating func linkNewest(_ slot: Int) {
        nodes[slot].older = newest
        nodes[slot].newer = -1
        if newest >= 0 { nodes[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}
