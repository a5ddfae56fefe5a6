import Foundation
import Testing

@testable import NetworkKit

/// Incremental UTF-8 checking with Autobahn's case category 6 sequences, fed whole, byte by byte
/// and cut at every point.
@Suite("WebSocket UTF-8 validator")
struct WebSocketUTF8ValidatorTests {
    private static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var digits = Array(hex.filter { !$0.isWhitespace })
        while digits.count >= 2 {
            result.append(UInt8(String(digits[0..<2]), radix: 16) ?? 0)
            digits.removeFirst(2)
        }
        return result
    }

    /// The index of the first byte after which the bytes can no longer be valid, `count` when only
    /// the end shows they are incomplete, nil when valid.
    private func failurePoint(_ bytes: [UInt8]) -> Int? {
        var validator = UTF8Validator()
        for (index, byte) in bytes.enumerated() where !validator.consume([byte]) { return index }
        return validator.isComplete ? nil : bytes.count
    }

    private func isValidWhole(_ bytes: [UInt8]) -> Bool {
        var validator = UTF8Validator()
        return validator.consume(bytes) && validator.isComplete
    }

    @Test(
        "valid text is accepted whole, byte by byte and cut anywhere",
        arguments: [
            "48656c6c6f2dc2b540c39fc3b6c3a4c3bcc3a0c3a12d5554462d382121",  // 6.2 Hello-µ@ßöäüàá-UTF-8!!
            "cebae1bdb9cf83cebcceb5",  // 6.3 κόσμε
            "00", "c280", "e0a080", "f0908080",  // 6.7 first possible sequence of each length
            "7f", "dfbf", "efbfbf", "f48fbfbf",  // 6.9 last possible (U+10FFFF)
            "ed9fbf", "ee8080", "efbfbd",  // 6.11 other boundaries, U+FFFD
            "efbfbe", "efbfbf",  // 6.21 noncharacters are valid UTF-8
            "f0a08080 f3bfbfbf",  // supplementary planes
        ])
    func valid(hex: String) {
        let bytes = Self.bytes(hex)
        #expect(isValidWhole(bytes))
        #expect(failurePoint(bytes) == nil)
        for cut in 0...bytes.count {
            var validator = UTF8Validator()
            #expect(validator.consume(bytes[..<cut]) && validator.consume(bytes[cut...]) && validator.isComplete)
        }
    }

    @Test(
        "invalid text fails at the first byte no valid text could continue with",
        arguments: [
            ("cebae1bdb9cf83cebcceb5 f4908080 65646974656421", 12),  // 6.4.1 past U+10FFFF: fails at 0x90
            ("cebae1bdb9cf83cebcceb5 eda080 65646974656421", 12),  // 6.4.4 surrogate: fails at 0xA0
            ("80", 0), ("bf", 0), ("80bf80bf", 0),  // 6.12 stray continuation bytes
            ("c220", 1), ("e02020", 1), ("f0202020", 1),  // 6.13 lonely start bytes
            ("fe", 0), ("ff", 0), ("fefeffff", 0),  // 6.16 impossible bytes
            ("c0af", 0), ("e080af", 1), ("f08080af", 1), ("f8808080af", 0),  // 6.17 overlong '/'
            ("c1bf", 0), ("e09fbf", 1), ("f08fbfbf", 1),  // 6.17 largest overlongs
            ("c080", 0), ("e08080", 1), ("f0808080", 1),  // 6.18 overlong NUL
            ("eda080", 1), ("edadbf", 1), ("edb080", 1), ("edbfbf", 1),  // 6.19 single surrogates
            ("eda080edb080", 1),  // 6.20 paired surrogates
            ("f7bfbfbf", 0), ("f4908080", 1), ("f8888080 80", 0), ("fc8480808080", 0),  // 6.8, 6.10
        ])
    func invalid(hex: String, failsAt: Int) {
        let bytes = Self.bytes(hex)
        #expect(!isValidWhole(bytes))
        #expect(failurePoint(bytes) == failsAt)
    }

    @Test(
        "a sequence cut short is refused only at the end of the text",
        arguments: ["ce", "e1bd", "f09080", "cebae1bdb9cf83cebcce", "dF", "efbf"])
    func truncated(hex: String) {
        let bytes = Self.bytes(hex)
        var validator = UTF8Validator()
        // Then every byte is acceptable so far
        let accepted = validator.consume(bytes)
        #expect(accepted)
        // But the text cannot end there
        #expect(!validator.isComplete)
    }

    @Test("long ASCII runs with a bad byte anywhere are refused (the eight-byte fast path)")
    func asciiRuns() {
        for position in 0..<40 {
            var bytes = [UInt8](repeating: 0x61, count: 40)
            bytes[position] = 0xFF
            #expect(failurePoint(bytes) == position)
            #expect(!isValidWhole(bytes))
        }
        #expect(isValidWhole([UInt8](repeating: 0x61, count: 1000)))
    }
}
