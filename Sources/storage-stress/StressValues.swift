/// The two values the `crash` mode alternates between; the tests keep an identical copy of this type
/// and check that the file always decodes to one of the two.
struct CrashValue: Codable, Equatable {
    var name: String
    var numbers: [Int]

    /// About 120 KB of JSON, so a kill often lands in the middle of a write.
    static let first = CrashValue(name: "first", numbers: Array(repeating: 1_111_111, count: 15_000))
    /// A different length, so a mix of the two could never decode as either.
    static let second = CrashValue(name: "second", numbers: Array(repeating: 22, count: 25_000))
}

/// A value of the `hammer` mode whose parts depend on each other, so a torn or mixed file is caught
/// even if it still parses as JSON.
struct HammerValue: Codable, CustomStringConvertible {
    static let keyCount = 8

    var writer: String
    var counter: Int
    var numbers: [Int]
    var sum: Int

    init(writer: String, counter: Int) {
        self.writer = writer
        self.counter = counter
        numbers = Array(repeating: counter, count: counter % 700 + 1)
        sum = numbers.reduce(0, +)
    }

    var isConsistent: Bool {
        numbers.count == counter % 700 + 1 && numbers.allSatisfy { $0 == counter } && sum == numbers.reduce(0, +)
    }

    var description: String { "writer \(writer), counter \(counter), \(numbers.count) numbers" }
}
