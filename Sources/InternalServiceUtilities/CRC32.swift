/// The CRC-32 checksum of zlib, PNG and Ethernet (reflected polynomial `0xEDB88320`), which tells a
/// file torn or flipped on disk from one written whole.
///
/// ```swift
/// CRC32.checksum(of: Array("123456789".utf8))  // 0xCBF43926
/// var crc = CRC32()
/// crc.update(with: header)
/// crc.update(with: body)
/// crc.value  // the checksum of both, in order
/// ```
///
/// - Complexity: O(*n*) for *n* bytes, one table lookup per byte.
package struct CRC32: Sendable {
    /// The register, kept inverted as the algorithm defines.
    private var register: UInt32 = 0xFFFF_FFFF

    /// A checksum of no bytes yet.
    package init() {}

    /// The checksum of the bytes fed so far.
    package var value: UInt32 { register ^ 0xFFFF_FFFF }

    /// Feeds `bytes` into the checksum.
    ///
    /// - Parameter bytes: The next bytes, in order.
    package mutating func update<Bytes: Sequence>(with bytes: Bytes) where Bytes.Element == UInt8 {
        var crc = register
        for byte in bytes {
            crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        register = crc
    }

    /// The checksum of `bytes`.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: Their CRC-32.
    package static func checksum<Bytes: Sequence>(of bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc = CRC32()
        crc.update(with: bytes)
        return crc.value
    }

    /// The remainder of each byte value, computed once.
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }
}
