import Foundation
import FuzzSupport

@testable import SecurityKit

/// `PinVaultRecord` decoding and `PinVault.unlock` on records anyone with access to the store can
/// write.
///
/// Raw and sealed: any bytes, as stored or with a correct trailing SHA-256 appended (so the fuzzer
/// gets past the checksum to the header and lengths); a record that decodes must encode back to the
/// same bytes, and every other input must fail with `invalidRecord` or `tampered`.
///
/// Vault: a real record saved with cheap scrypt parameters, then changed the way the input says
/// (a byte flipped, the checksum fixed or not, the attempt counter overwritten) and unlocked with the
/// right or a wrong PIN: the right PIN on an untouched record gives the secret back, and nothing
/// else ever returns a secret.
@main
enum PinVaultRecordFuzzer {
    static let cheap = PinVault.Configuration(
        parameters: ScryptParameters(cost: 2, blockSize: 1, parallelism: 1), maximumAttempts: 3,
        maximumMemory: 64 * 1024)

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            PinVaultRecordFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        switch input.choice(3) {
        case 0: checkDecoding(input.rest())
        case 1:
            let body = input.rest()
            checkDecoding(body + SHA256.hash(body))
        default: checkVault(&input)
        }
    }

    static func checkDecoding(_ bytes: [UInt8]) {
        do {
            let record = try PinVaultRecord(decoding: bytes)
            invariant(record.encoded == bytes, "a decoded record does not encode back to its bytes")
            invariant(record.salt.count == 16 && record.nonce.count == 12 && record.tag.count == 16, "field sizes")
            _ = try? record.parameters.validate(maximumMemory: cheap.maximumMemory, or: PinVaultError.self)
        } catch {
            switch error {
            case .invalidRecord, .tampered: break
            default: invariant(false, "decoding threw \(error)")
            }
            if bytes.count < PinVaultRecord.minimumLength {
                invariant(error == .invalidRecord(.truncated(length: bytes.count)), "short input gave \(error)")
            }
        }
    }

    static func checkVault(_ input: inout FuzzInput) {
        let pin = input.text(upTo: 8)
        let secret = Data(input.bytes(upTo: 64))
        let store = InMemorySecretStore()
        // Salt and nonce from the input (both start with the same bytes; uniqueness is not the point here).
        let seed = input.bytes(upTo: 16)
        let vault = PinVault(store: store, name: "fuzz", configuration: cheap) { count in
            Array(seed.prefix(count)) + [UInt8](repeating: 7, count: max(0, count - seed.count))
        }
        do {
            try vault.save(secret: secret, pin: pin)
        } catch {
            invariant(false, "saving failed: \(error)")
            return
        }
        guard let original = try? store.load(by: vault.recordKey) else { return }
        var record = original
        let flip = input.choice(record.count + 1)
        if flip < record.count {
            record[flip] ^= max(1, input.byte())
            // Fixing the checksum after flipping one of its own bytes restores the record.
            if input.flag() { record = Data(record.dropLast(32) + SHA256.hash(Array(record.dropLast(32)))) }
            try? store.save(data: record, by: vault.recordKey)
        }
        let changed = record != original
        if input.flag() { try? store.save(data: Data(input.bytes(upTo: 8)), by: vault.attemptsKey) }
        let attempted = input.flag() ? pin : input.text(upTo: 8)
        // HMAC pads keys shorter than its block with zeros, so scrypt (through PBKDF2-HMAC-SHA256)
        // cannot tell a PIN from the same PIN followed by NUL characters.
        let equivalent = attempted.utf8.reversed().drop { $0 == 0 }.elementsEqual(pin.utf8.reversed().drop { $0 == 0 })
        do {
            let opened = try vault.unlock(pin: attempted)
            invariant(!changed, "an altered record opened")
            invariant(equivalent, "a wrong PIN opened the vault")
            invariant(opened == secret, "the vault returned other bytes")
        } catch {
            switch error {
            case .wrongPIN, .tampered, .invalidRecord, .locked:
                invariant(changed || !equivalent || error == .locked, "the right PIN failed: \(error)")
            default:
                invariant(false, "unlocking threw \(error)")
            }
        }
    }
}
