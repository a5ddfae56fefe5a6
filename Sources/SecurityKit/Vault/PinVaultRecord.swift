/// The bytes of a vault record, format version 1 (integers big-endian):
///
/// ```text
/// "SUPV" | version 1 | log2 N | r | p | salt (16) | nonce (12) | ciphertext length (4)
///        | ciphertext | tag (16) | SHA-256 of everything before (32)
/// ```
///
/// The header (everything before the ciphertext) and the vault's name are the AEAD's additional
/// data, so a changed parameter or a record moved to another vault fails authentication; the
/// trailing SHA-256 tells damage and tampering apart from a wrong PIN before any key is derived.
package struct PinVaultRecord: Sendable, Equatable {
    package static let magic: [UInt8] = Array("SUPV".utf8)
    package static let version: UInt8 = 1
    package static let saltLength = 16
    static let headerLength = 4 + 1 + 3 + 16 + 12 + 4
    static let minimumLength = headerLength + 16 + 32

    package var logCost: UInt8
    package var blockSize: UInt8
    package var parallelism: UInt8
    package var salt: [UInt8]
    package var nonce: [UInt8]
    package var ciphertext: [UInt8]
    package var tag: [UInt8]

    /// The scrypt parameters the record states.
    package var parameters: ScryptParameters {
        ScryptParameters(
            cost: logCost < 62 ? 1 << Int(logCost) : Int.max, blockSize: Int(blockSize),
            parallelism: Int(parallelism))
    }

    /// The header bytes: the AEAD's additional data, with the vault name after them.
    package var header: [UInt8] {
        var bytes = Self.magic
        bytes.append(Self.version)
        bytes += [logCost, blockSize, parallelism]
        bytes += salt
        bytes += nonce
        let length = UInt32(truncatingIfNeeded: ciphertext.count)
        bytes += [
            UInt8(length >> 24), UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 8),
            UInt8(truncatingIfNeeded: length),
        ]
        return bytes
    }

    /// The record's bytes, checksum included.
    package var encoded: [UInt8] {
        var bytes = header + ciphertext + tag
        bytes += SHA256.hash(bytes)
        return bytes
    }

    /// Parses and checks a record: size, checksum, magic, version and length, in that order.
    package init(decoding bytes: [UInt8]) throws(PinVaultError) {
        guard bytes.count >= Self.minimumLength else { throw .invalidRecord(.truncated(length: bytes.count)) }
        let body = Array(bytes.dropLast(32))
        guard ConstantTime.equals(SHA256.hash(body), bytes.suffix(32)) else { throw .tampered }
        guard Array(body.prefix(4)) == Self.magic else { throw .invalidRecord(.notAVaultRecord) }
        guard body[4] == Self.version else { throw .invalidRecord(.unsupportedVersion(Int(body[4]))) }
        let length = body[36..<40].reduce(0) { $0 << 8 | Int($1) }
        guard Self.headerLength + length + 16 == body.count else { throw .invalidRecord(.lengthMismatch) }
        logCost = body[5]
        blockSize = body[6]
        parallelism = body[7]
        salt = Array(body[8..<24])
        nonce = Array(body[24..<36])
        ciphertext = Array(body[40..<(40 + length)])
        tag = Array(body[(40 + length)...])
    }

    package init(
        logCost: UInt8, blockSize: UInt8, parallelism: UInt8, salt: [UInt8], nonce: [UInt8], ciphertext: [UInt8],
        tag: [UInt8]
    ) {
        self.logCost = logCost
        self.blockSize = blockSize
        self.parallelism = parallelism
        self.salt = salt
        self.nonce = nonce
        self.ciphertext = ciphertext
        self.tag = tag
    }
}
