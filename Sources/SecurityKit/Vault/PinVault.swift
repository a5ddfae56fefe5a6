public import Foundation
import InternalServiceUtilities

/// A secret protected by a PIN, done properly: the key comes from the PIN through scrypt with a
/// random salt, the secret is sealed with ChaCha20-Poly1305, nothing that yields the key is stored,
/// and wrong PINs are counted in the store.
///
/// ```swift
/// let vault = PinVault(store: FileSecretStore(directory: folder))
/// try vault.save(text: "refresh-token", pin: "2580")
/// let token = try vault.unlockText(pin: "2580")
/// ```
///
/// A wrong PIN throws ``PinVaultError/wrongPIN(remainingAttempts:)``; an altered record throws
/// ``PinVaultError/tampered``. After ``Configuration/maximumAttempts`` wrong PINs in a row the vault
/// locks or wipes itself. See <doc:ThreatModel> for what this does and does not protect against.
public final class PinVault: Sendable {
    /// The store the record and the attempt counter live in.
    public let store: any SecretStore
    /// The vault's name: the prefix of its two store keys.
    public let name: String
    /// Key derivation and attempt limits.
    public let configuration: Configuration
    let randomBytes: @Sendable (Int) -> [UInt8]
    // Serialises this instance's operations so the attempt counter is read and written in turn.
    private let serial = SerialLock()

    /// Creates a vault over `store`.
    ///
    /// - Parameters:
    ///   - store: Where the record and the attempt counter are kept.
    ///   - name: The vault's name; its entries are `<name>.record` and `<name>.attempts`.
    ///   - configuration: Key derivation and attempt limits.
    public convenience init(store: any SecretStore, name: String = "pin-vault", configuration: Configuration = .init())
    {
        self.init(store: store, name: name, configuration: configuration) { SecureRandom.bytes(count: $0) }
    }

    init(
        store: any SecretStore, name: String, configuration: Configuration,
        randomBytes: @escaping @Sendable (Int) -> [UInt8]
    ) {
        self.store = store
        self.name = name
        self.configuration = configuration
        self.randomBytes = randomBytes
    }

    var recordKey: String { name + ".record" }
    var attemptsKey: String { name + ".attempts" }

    /// Encrypts `secret` under `pin` and saves it, replacing any earlier secret and resetting the
    /// attempt counter (and so a lock).
    ///
    /// - Parameters:
    ///   - secret: The bytes to protect.
    ///   - pin: The PIN.
    /// - Throws: ``PinVaultError/invalidRecord(_:)`` when the configured parameters are out of range,
    ///   ``PinVaultError/storeFailed(_:)`` when the store fails.
    public func save(secret: Data, pin: String) throws(PinVaultError) {
        try serialised { () throws(PinVaultError) in try saveUnlocked(secret: Array(secret), pin: pin) }
    }

    /// Encrypts the UTF-8 of `text` under `pin` and saves it.
    ///
    /// - Parameters:
    ///   - text: The secret text.
    ///   - pin: The PIN.
    /// - Throws: As ``save(secret:pin:)``.
    public func save(text: String, pin: String) throws(PinVaultError) {
        try save(secret: Data(text.utf8), pin: pin)
    }

    /// Opens the vault with `pin`.
    ///
    /// - Parameter pin: The PIN.
    /// - Returns: The secret.
    /// - Throws: ``PinVaultError/wrongPIN(remainingAttempts:)``, ``PinVaultError/locked``,
    ///   ``PinVaultError/wiped``, ``PinVaultError/tampered``, ``PinVaultError/notFound``,
    ///   ``PinVaultError/invalidRecord(_:)`` or ``PinVaultError/storeFailed(_:)``.
    public func unlock(pin: String) throws(PinVaultError) -> Data {
        try serialised { () throws(PinVaultError) in Data(try unlockUnlocked(pin: pin)) }
    }

    /// Opens the vault with `pin` and returns the secret as text, byte for byte.
    ///
    /// - Parameter pin: The PIN.
    /// - Returns: The secret text.
    /// - Throws: As ``unlock(pin:)``, and ``PinVaultError/invalidRecord(_:)`` with
    ///   ``PinVaultError/RecordFailureReason/notText`` when the secret is not UTF-8.
    public func unlockText(pin: String) throws(PinVaultError) -> String {
        let data = try unlock(pin: pin)
        guard let text = String(exactUTF8: data) else { throw .invalidRecord(.notText) }
        return text
    }

    /// Whether a secret is saved.
    ///
    /// - Returns: True when the vault has a record (even a locked one).
    /// - Throws: ``PinVaultError/storeFailed(_:)``.
    public func containsSecret() throws(PinVaultError) -> Bool {
        try loadOptional(recordKey) != nil
    }

    /// The wrong PINs still allowed before the vault locks or wipes.
    ///
    /// - Returns: A number from 0 to ``Configuration/maximumAttempts``.
    /// - Throws: ``PinVaultError/storeFailed(_:)``.
    public func remainingAttempts() throws(PinVaultError) -> Int {
        max(0, configuration.maximumAttempts - (try failedAttempts()))
    }

    /// Removes the record and the attempt counter.
    ///
    /// - Throws: ``PinVaultError/storeFailed(_:)``.
    public func remove() throws(PinVaultError) {
        try serialised { () throws(PinVaultError) in try erase() }
    }

    /// Runs `body` while holding this instance's lock.
    func serialised<Value>(_ body: () throws(PinVaultError) -> Value) throws(PinVaultError) -> Value {
        try serial.run { Result<Value, PinVaultError> { () throws(PinVaultError) in try body() } }.get()
    }
}
