import Testing

@testable import MockServerKit

/// The queue a pace holds bytes in: slices across pieces, whole pieces, and what stays held.
@Suite("HeldBytes: bytes a pace holds back")
struct HeldBytesTests {
    @Test("slices of a size run across pieces, the last one short")
    func slicesAcrossPieces() {
        // Given pieces of 4, 0 and 7 bytes
        var held = HeldBytes()
        held.append([1, 2, 3, 4])
        held.append([])
        held.append([5, 6, 7, 8, 9, 10, 11])

        // When slices of 5 bytes are taken until none are held
        var slices: [[UInt8]] = []
        while !held.isEmpty { slices.append(held.take(5)) }

        // Then the bytes come in order, five at a time, and nothing is left
        #expect(slices == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11]])
        #expect(held.count == 0)
        #expect(held.take(5) == [])
    }

    @Test("without a size each take lets out one piece, and bytes appended later follow")
    func wholePieces() {
        // Given two pieces
        var held = HeldBytes()
        held.append([1, 2])
        held.append([3])

        // When one piece is taken, another appended, then the rest taken a piece at a time
        let first = held.take(nil)
        held.append([4, 5, 6])
        let countAfterAppend = held.count
        let second = held.take(nil)
        let third = held.take(nil)

        // Then each take is one piece, in order, and the count follows
        #expect(first == [1, 2])
        #expect(countAfterAppend == 4)
        #expect(second == [3])
        #expect(third == [4, 5, 6])
        #expect(held.isEmpty)
    }

    @Test("a long run of small slices keeps every byte in order")
    func manySlices() {
        // Given 100 pieces of 3 bytes
        var held = HeldBytes()
        let bytes = (0..<300).map { UInt8($0 % 251) }
        for start in stride(from: 0, to: 300, by: 3) { held.append(Array(bytes[start..<start + 3])) }

        // When slices of 7 bytes are taken until none are held
        var out: [UInt8] = []
        while !held.isEmpty { out += held.take(7) }

        // Then the bytes come out as they went in
        #expect(out == bytes)
    }
}
