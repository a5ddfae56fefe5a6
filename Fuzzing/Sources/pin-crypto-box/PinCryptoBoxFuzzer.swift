import Foundation
import FuzzSupport

@testable import SecurityKit

/// The legacy `PinCryptoBox` (and its hack box) reading the four store entries SurfUtils wrote:
/// salt, IV, base64 ciphertext and hash.
///
/// The entries live in a byte store seen through `SecretStoreAdapter`, as an app's Keychain or file store
/// would be. Raw: four entries of any bytes; decrypting with a PIN or with the stored hash must return
/// text or throw a `CryptoBoxCommonError` or a `SecureStoreError`. Built: a box encrypted with salt and IV from the input, then one
/// entry changed the way the input says; untouched entries open with the right PIN and with the
/// hack box, and give back the secret exactly.
@main
enum PinCryptoBoxFuzzer {
    static let keys = PinCryptoBox.EntryKeys(iv: "iv", data: "data", salt: "salt", hash: "hash")

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            PinCryptoBoxFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        if input.flag() { checkBuilt(&input) } else { checkRaw(&input) }
    }

    static func box(_ store: InMemorySecretStore, random: [UInt8]) -> PinCryptoBox {
        let text = SecretStoreAdapter(store)
        return PinCryptoBox(
            secureStore: { text }, hashProvider: SHA3(variant: .sha224), cryptoService: BlowfishCryptoService(),
            keys: keys,
            randomBytes: { count in
                Array(random.prefix(count)) + [UInt8](repeating: 1, count: max(0, count - random.count))
            })
    }

    static func checkRaw(_ input: inout FuzzInput) {
        var entries: [String: Data] = [:]
        for key in [keys.salt, keys.iv, keys.data, keys.hash] where input.choice(8) != 0 {
            entries[key] = Data(input.bytes(upTo: 120))
        }
        let pin = input.restText()
        let box = box(InMemorySecretStore(entries: entries), random: [])
        for attempt in [{ try box.decrypt(auth: pin) }, { try box.hack().decrypt() }] {
            do {
                _ = try attempt()
            } catch is CryptoBoxCommonError {
            } catch is SecureStoreError {
            } catch {
                invariant(false, "decrypting threw \(error), not a typed box or store error")
            }
        }
    }

    static func checkBuilt(_ input: inout FuzzInput) {
        let secret = input.text(upTo: 60)
        let pin = input.text(upTo: 8)
        let store = InMemorySecretStore()
        let box = box(store, random: input.bytes(upTo: 36))
        do {
            try box.encrypt(data: secret, auth: pin)
        } catch {
            invariant(false, "encrypting failed: \(error)")
            return
        }
        let target = input.pick([keys.salt, keys.iv, keys.data, keys.hash, "none"])
        if target != "none", var entry = try? store.load(by: target) {
            switch input.choice(3) {
            case 0 where !entry.isEmpty: entry[input.choice(entry.count)] ^= max(1, input.byte())
            case 1: entry = Data(input.bytes(upTo: 80))
            default: entry.append(contentsOf: input.bytes(upTo: 8))
            }
            try? store.save(data: entry, by: target)
        }
        let untouched = target == "none"
        let attempted = input.flag() ? pin : input.text(upTo: 8)
        do {
            let opened = try box.decrypt(auth: attempted)
            if untouched && attempted == pin { invariant(opened == secret, "the right PIN gave other text") }
        } catch {
            invariant(!(untouched && attempted == pin), "the right PIN failed on untouched entries: \(error)")
            invariant(error is CryptoBoxCommonError || error is SecureStoreError, "decrypting threw \(error)")
        }
        do {
            let opened = try box.hack().decrypt()
            if untouched { invariant(opened == secret, "the hack box gave other text") }
        } catch {
            invariant(!untouched, "the hack box failed on untouched entries: \(error)")
            invariant(error is CryptoBoxCommonError || error is SecureStoreError, "the hack box threw \(error)")
        }
    }
}
