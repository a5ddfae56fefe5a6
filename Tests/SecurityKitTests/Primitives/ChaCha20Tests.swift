import Foundation
import Testing

@testable import SecurityKit

@Suite("ChaCha20 and Poly1305 inside the AEAD")
struct ChaCha20Tests {
    @Test("RFC 8439 §2.5.2: the Poly1305 tag of 'Cryptographic Forum Research Group'")
    func poly1305Vector() throws {
        let key = try #require([UInt8](hex: "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"))
        let tag = Poly1305.authenticate(Array("Cryptographic Forum Research Group".utf8), key: key)
        #expect(tag.hexString == "a8061dc1305136c6c22b8baf0c0127a9")
    }

    @Test("The four-blocks-at-once path gives the same key stream as one block at a time, across a counter wrap")
    func widePathMatchesBlocks() throws {
        // Given a key, a nonce and a start counter two blocks before 2^32
        let input = ChaCha20.Input(key: (1, 2, 3, 4, 5, 6, 7, 8), nonce: (9, 10, 11))
        let start: UInt32 = 0xFFFF_FFFE
        // When 1,000 zero bytes are encrypted (three 4-block groups, then a partial tail)
        var stream = [UInt8](repeating: 0, count: 1000)
        stream.withUnsafeMutableBytes { ChaCha20.apply(input, counter: start, to: $0) }
        // Then every byte is the matching byte of the single-block function's output
        var expected: [UInt8] = []
        var words = [UInt32](repeating: 0, count: 16)
        var counter = start
        while expected.count < 1000 {
            words.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress { ChaCha20.block(input, counter: counter, into: base) }
            }
            for word in words {
                for shift in stride(from: 0, to: 32, by: 8) {
                    expected.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
                }
            }
            counter &+= 1
        }
        #expect(stream == Array(expected.prefix(1000)))
    }
}
