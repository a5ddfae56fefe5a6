import Foundation
import SecurityKit
import Testing

@Suite("ConstantTime and SecureRandom")
struct ConstantTimeAndRandomTests {
    @Test("equals compares every byte and the lengths")
    func constantTimeEquals() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([0, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(ConstantTime.equals([UInt8](), []))
    }

    @Test("bytes(count:) gives the asked number of bytes, different each call")
    func randomBytes() {
        for count in [0, 1, 7, 8, 9, 33] { #expect(SecureRandom.bytes(count: count).count == count) }
        #expect(SecureRandom.bytes(count: -1).isEmpty)
        // 32 random bytes repeat with probability 2^-256.
        #expect(SecureRandom.bytes(count: 32) != SecureRandom.bytes(count: 32))
    }
}
