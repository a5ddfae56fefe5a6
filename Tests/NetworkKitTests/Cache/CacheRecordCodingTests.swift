import Foundation
import InternalServiceUtilities
import Testing

@testable import NetworkKit

/// The binary form of stored responses: a round trip, and bad bytes as typed errors.
@Suite("Cache record coding")
struct CacheRecordCodingTests {
    let record = CacheRecord(
        key: CacheKey(uri: "https://example.com/ü?q=1"),
        entries: [
            CacheTesting.entry(
                [("Cache-Control", "max-age=5"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")], body: "one",
                requestTime: Date(timeIntervalSince1970: 1.25), responseTime: Date(timeIntervalSince1970: 2.5),
                vary: [.init(name: "accept", value: "text/html"), .init(name: "x-absent", value: nil)]),
            CachedEntry(
                varyValues: [], status: 404, headers: HTTPHeaders(), body: Data([0, 255, 10, 13]),
                requestTime: CacheTesting.now, responseTime: CacheTesting.now),
        ])

    @Test("A record decodes to itself, repeated fields, absent vary values and binary content included")
    func roundTrip() throws {
        #expect(try CacheRecord(decoding: record.encoded()) == record)
        let empty = CacheRecord(key: CacheKey(uri: ""), entries: [])
        #expect(try CacheRecord(decoding: empty.encoded()) == empty)
    }

    @Test("Every truncation of a record is an error, never a shorter record")
    func truncation() {
        let bytes = record.encoded()
        for length in 0..<bytes.count {
            #expect(throws: CacheRecord.DecodingError.self) { try CacheRecord(decoding: Array(bytes[0..<length])) }
        }
        #expect(throws: CacheRecord.DecodingError.truncated) { try CacheRecord(decoding: Array(bytes[0..<20])) }
    }

    @Test("A flipped bit anywhere is an error: bad magic, another version, or a checksum mismatch")
    func corruption() {
        let bytes = record.encoded()
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x10
            #expect(throws: CacheRecord.DecodingError.self) { try CacheRecord(decoding: changed) }
        }
        var version = bytes
        version[4] = 9
        #expect(throws: CacheRecord.DecodingError.unsupportedVersion(9)) { try CacheRecord(decoding: version) }
        #expect(throws: CacheRecord.DecodingError.notACacheFile) { try CacheRecord(decoding: Array("GIF89a...".utf8)) }
    }

    @Test("Random bytes, and random payloads with a valid frame and checksum, never crash the decoder")
    func randomBytes() {
        var random = SplitMix64(seed: 0x5eed)
        for round in 0..<5_000 {
            let count = Int(random.next(below: 300))
            let noise = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            _ = try? CacheRecord(decoding: noise)
            // A well-framed payload exercises the reader itself
            var framed = CacheRecord.magic + [CacheRecord.formatVersion]
            withUnsafeBytes(of: UInt64(noise.count).littleEndian) { framed.append(contentsOf: $0) }
            // Small numbers make plausible counts and lengths
            framed += noise.map { round.isMultiple(of: 2) ? $0 % 4 : $0 }
            withUnsafeBytes(of: CRC32.checksum(of: framed).littleEndian) { framed.append(contentsOf: $0) }
            _ = try? CacheRecord(decoding: framed)
        }
    }

    @Test("CRC-32 has its check value")
    func crc() {
        #expect(CRC32.checksum(of: Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(of: [UInt8]()) == 0)
    }
}
