import Foundation
import InternalServiceUtilities

/// The binary form of a ``CacheRecord``, what a cache file holds:
///
/// ```text
/// "SUHC"  format version (1 byte)  payload length (UInt64)  payload  CRC-32 of all before (UInt32)
/// payload: key, entry count, then per entry: vary count, each (name, has-value byte, value),
///          status, field count, each (name, value), content, request time, response time
/// ```
///
/// Integers are little-endian; a string or content is its byte count (UInt64) then its bytes; a time
/// is the bit pattern of its `Double` seconds since 1970. Decoding checks every length against the
/// bytes left, the checksum, and each value's range, so a truncated, torn or flipped file is a
/// ``DecodingError``, never a crash and never a different response.
extension CacheRecord {
    /// Why bytes are not a cache record.
    enum DecodingError: Error, Sendable, Equatable {
        /// The bytes stop before the record's end.
        case truncated
        /// The bytes do not start with the cache file's magic bytes.
        case notACacheFile
        /// The file was written in a format version this code does not read.
        case unsupportedVersion(UInt8)
        /// The checksum does not match the bytes: the file was changed or torn.
        case checksumMismatch
        /// A value is out of range (a status, a time, text that is not UTF-8) or bytes follow the record.
        case malformed
    }

    /// The bytes a cache file starts with.
    static let magic: [UInt8] = Array("SUHC".utf8)
    /// The format version this code writes and reads.
    static let formatVersion: UInt8 = 1
    /// Magic, version and payload length.
    private static let headerLength = 13

    /// The record's binary form.
    func encoded() -> [UInt8] {
        var payload = ByteWriter()
        payload.string(key.uri)
        payload.integer(UInt64(entries.count))
        for entry in entries { payload.entry(entry) }
        var bytes = ByteWriter()
        bytes.bytes.append(contentsOf: Self.magic)
        bytes.bytes.append(Self.formatVersion)
        bytes.integer(UInt64(payload.bytes.count))
        bytes.bytes.append(contentsOf: payload.bytes)
        let checksum = CRC32.checksum(of: bytes.bytes)
        bytes.integer(checksum)
        return bytes.bytes
    }

    /// Reads a record from its binary form.
    ///
    /// - Parameter bytes: A whole cache file.
    /// - Throws: ``DecodingError`` when the bytes are not exactly one valid record.
    init(decoding bytes: [UInt8]) throws(DecodingError) {
        guard bytes.count >= Self.magic.count else { throw .truncated }
        guard bytes.starts(with: Self.magic) else { throw .notACacheFile }
        guard bytes.count >= Self.headerLength else { throw .truncated }
        guard bytes[4] == Self.formatVersion else { throw .unsupportedVersion(bytes[4]) }
        var header = ByteReader(bytes: bytes, index: 5)
        let payloadLength = try header.integer(UInt64.self)
        let available = UInt64(bytes.count - Self.headerLength)
        guard available >= 4, payloadLength <= available - 4 else { throw .truncated }
        let end = Self.headerLength + Int(payloadLength)
        guard end + 4 == bytes.count else { throw .malformed }
        var trailer = ByteReader(bytes: bytes, index: end)
        guard try trailer.integer(UInt32.self) == CRC32.checksum(of: bytes[0..<end]) else { throw .checksumMismatch }
        var reader = ByteReader(bytes: bytes, index: Self.headerLength, end: end)
        let key = CacheKey(uri: try reader.string())
        let count = try reader.count()
        var entries: [CachedEntry] = []
        for _ in 0..<count { entries.append(try reader.entry()) }
        guard reader.isAtEnd else { throw .malformed }
        self.init(key: key, entries: entries)
    }
}

// MARK: - Writing

/// Appends the binary form's values to a byte array.
private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func integer<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        integer(UInt64(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    mutating func entry(_ entry: CachedEntry) {
        integer(UInt64(entry.varyValues.count))
        for vary in entry.varyValues {
            string(vary.name)
            bytes.append(vary.value == nil ? 0 : 1)
            if let value = vary.value { string(value) }
        }
        integer(UInt64(clamping: entry.status))
        integer(UInt64(entry.headers.count))
        for field in entry.headers {
            string(field.name)
            string(field.value)
        }
        integer(UInt64(entry.body.count))
        bytes.append(contentsOf: entry.body)
        integer(entry.requestTime.timeIntervalSince1970.bitPattern)
        integer(entry.responseTime.timeIntervalSince1970.bitPattern)
    }
}

// MARK: - Reading

/// Reads the binary form's values, checking each against the bytes left.
private struct ByteReader {
    let bytes: [UInt8]
    var index: Int
    var end: Int

    init(bytes: [UInt8], index: Int, end: Int? = nil) {
        self.bytes = bytes
        self.index = index
        self.end = end ?? bytes.count
    }

    var isAtEnd: Bool { index == end }

    mutating func integer<Value: FixedWidthInteger>(_ type: Value.Type) throws(CacheRecord.DecodingError) -> Value {
        let size = MemoryLayout<Value>.size
        guard end - index >= size else { throw .truncated }
        var value: Value = 0
        for offset in 0..<size {
            value |= Value(truncatingIfNeeded: bytes[index + offset]) << (offset * 8)
        }
        index += size
        return value
    }

    /// A count of items, each at least one byte long, so never more than the bytes left.
    mutating func count() throws(CacheRecord.DecodingError) -> Int {
        let count = try integer(UInt64.self)
        guard count <= UInt64(end - index) else { throw .truncated }
        return Int(count)
    }

    mutating func slice() throws(CacheRecord.DecodingError) -> ArraySlice<UInt8> {
        let length = try count()
        defer { index += length }
        return bytes[index..<(index + length)]
    }

    mutating func string() throws(CacheRecord.DecodingError) -> String {
        guard let text = String(bytes: try slice(), encoding: .utf8) else { throw .malformed }
        return text
    }

    mutating func date() throws(CacheRecord.DecodingError) -> Date {
        let seconds = Double(bitPattern: try integer(UInt64.self))
        guard seconds.isFinite else { throw .malformed }
        return Date(timeIntervalSince1970: seconds)
    }

    mutating func entry() throws(CacheRecord.DecodingError) -> CachedEntry {
        var varyValues: [CachedEntry.VaryValue] = []
        for _ in 0..<(try count()) {
            let name = try string()
            let hasValue = try integer(UInt8.self)
            guard hasValue <= 1 else { throw .malformed }
            varyValues.append(CachedEntry.VaryValue(name: name, value: hasValue == 1 ? try string() : nil))
        }
        let status = try integer(UInt64.self)
        guard (100...999).contains(status) else { throw .malformed }
        var headers = HTTPHeaders()
        for _ in 0..<(try count()) {
            let name = try string()
            headers.append(name: name, value: try string())
        }
        let body = Data(try slice())
        let requestTime = try date()
        let responseTime = try date()
        return CachedEntry(
            varyValues: varyValues, status: Int(status), headers: headers, body: body, requestTime: requestTime,
            responseTime: responseTime)
    }
}
