/// The requests a server keeps: a ring of the most recent ones that overwrites the oldest in place,
/// or, without a limit, a plain list.
///
/// - Complexity: ``append(_:)`` is O(1) (amortised while the ring first fills); ``elements`` is O(n).
struct RequestRing {
    private let capacity: Int?
    /// The kept requests; once the ring is full, `_oldest` is where the oldest one sits.
    private var _storage: [MockRequest] = []
    private var _oldest = 0

    /// An empty record that keeps at most `limit` requests.
    init(limit: MockServer.RecordingLimit) {
        capacity = limit.maximumCount
    }

    /// How many requests are kept.
    var count: Int { _storage.count }

    /// The kept requests, oldest first.
    var elements: [MockRequest] {
        guard _oldest > 0 else { return _storage }
        return Array(_storage[_oldest...]) + _storage[..<_oldest]
    }

    /// Keeps `request`, dropping the oldest one when the ring is full.
    mutating func append(_ request: MockRequest) {
        guard let capacity else {
            _storage.append(request)
            return
        }
        if _storage.count < capacity {
            _storage.append(request)
        } else if capacity > 0 {
            _storage[_oldest] = request
            _oldest = _oldest + 1 == capacity ? 0 : _oldest + 1
        }
    }

    /// Forgets every request and gives the memory back.
    mutating func removeAll() {
        _storage = []
        _oldest = 0
    }
}
