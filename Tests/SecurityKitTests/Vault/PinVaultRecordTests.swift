import Foundation
import Testing

@testable import SecurityKit

@Suite("PinVault records: tampering, truncation and crafted parameters are typed errors")
struct PinVaultRecordTests {
    static func savedVault() throws -> (InMemorySecretStore, PinVault, Data) {
        let store = InMemorySecretStore()
        let vault = PinVault(store: store, configuration: .init(parameters: .fastForTesting))
        try vault.save(text: "a token worth stealing", pin: "1234")
        return (store, vault, try store.load(by: "pin-vault.record"))
    }

    @Test("Every single-bit flip of a record is rejected as .tampered, and is not counted as a PIN attempt")
    func everyBitFlip() throws {
        let (store, vault, record) = try Self.savedVault()
        for bit in 0..<(record.count * 8) {
            // Given the record with one bit flipped
            var flipped = record
            flipped[bit / 8] ^= UInt8(1 << (bit % 8))
            try store.save(data: flipped, by: "pin-vault.record")
            // When it is opened with the right PIN, Then it is refused as tampered
            #expect(throws: PinVaultError.tampered, "bit \(bit)") { try vault.unlock(pin: "1234") }
        }
        #expect(try vault.remainingAttempts() == 5)
        try store.save(data: record, by: "pin-vault.record")
        #expect(try vault.unlockText(pin: "1234") == "a token worth stealing")
    }

    @Test("Empty, truncated and random records are typed errors")
    func damagedRecords() throws {
        let (store, vault, record) = try Self.savedVault()
        try store.save(data: Data(), by: "pin-vault.record")
        #expect(throws: PinVaultError.invalidRecord(.truncated(length: 0))) { try vault.unlock(pin: "1234") }
        try store.save(data: record.prefix(50), by: "pin-vault.record")
        #expect(throws: PinVaultError.invalidRecord(.truncated(length: 50))) { try vault.unlock(pin: "1234") }
        try store.save(data: record.dropLast(), by: "pin-vault.record")
        #expect(throws: PinVaultError.tampered) { try vault.unlock(pin: "1234") }
        try store.save(data: Data(SecureRandom.bytes(count: 200)), by: "pin-vault.record")
        #expect(throws: PinVaultError.tampered) { try vault.unlock(pin: "1234") }
    }

    /// A record with the given header bytes changed and a checksum recomputed to match, as an
    /// attacker who can write the store could make.
    static func crafted(_ record: Data, _ change: (inout [UInt8]) -> Void) -> Data {
        var body = Array(record.dropLast(32))
        change(&body)
        return Data(body + SHA256.hash(body))
    }

    @Test(
        "Crafted records with absurd or unknown header fields are refused before any key derivation",
        arguments: [
            (
                5, 28,
                PinVaultError.invalidRecord(
                    .parameters(.memory(required: 128 * 8 << 28, limit: Scrypt.defaultMaximumMemory)))
            ),
            (5, 0, .invalidRecord(.parameters(.cost(1)))),
            (5, 40, .invalidRecord(.parameters(.cost(1 << 40)))),
            (5, 200, .invalidRecord(.parameters(.cost(Int.max)))),
            (6, 0, .invalidRecord(.parameters(.blockSize(0)))),
            (7, 0, .invalidRecord(.parameters(.parallelism(0)))),
            (4, 2, .invalidRecord(.unsupportedVersion(2))),
            (0, 0x58, .invalidRecord(.notAVaultRecord)),
            (39, 0xFF, .invalidRecord(.lengthMismatch)),
        ])
    func craftedHeaders(offset: Int, value: Int, expected: PinVaultError) throws {
        let (store, vault, record) = try Self.savedVault()
        try store.save(data: Self.crafted(record) { $0[offset] = UInt8(value) }, by: "pin-vault.record")
        #expect(throws: expected) { try vault.unlock(pin: "1234") }
        #expect(try vault.remainingAttempts() == 5)
    }

    @Test("A record moved under another vault's name does not open there")
    func boundToName() throws {
        let (store, _, record) = try Self.savedVault()
        try store.save(data: record, by: "other.record")
        let other = PinVault(store: store, name: "other", configuration: .init(parameters: .fastForTesting))
        #expect(throws: PinVaultError.wrongPIN(remainingAttempts: 4)) { try other.unlock(pin: "1234") }
    }
}
