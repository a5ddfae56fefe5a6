import Foundation

extension PinVault {
    func saveUnlocked(secret: [UInt8], pin: String) throws(PinVaultError) {
        let parameters = configuration.parameters
        guard parameters.cost > 1, parameters.cost & (parameters.cost - 1) == 0 else {
            throw .invalidRecord(.parameters(.cost(parameters.cost)))
        }
        guard (1...255).contains(parameters.blockSize) else {
            throw .invalidRecord(.parameters(.blockSize(parameters.blockSize)))
        }
        guard (1...255).contains(parameters.parallelism) else {
            throw .invalidRecord(.parameters(.parallelism(parameters.parallelism)))
        }
        var record = PinVaultRecord(
            logCost: UInt8(parameters.cost.trailingZeroBitCount), blockSize: UInt8(parameters.blockSize),
            parallelism: UInt8(parameters.parallelism), salt: randomBytes(PinVaultRecord.saltLength),
            nonce: randomBytes(ChaCha20Poly1305.nonceLength), ciphertext: [], tag: [])
        var key = try deriveKey(pin: pin, record: record)
        defer { key.wipe() }
        do {
            let sealed = try ChaCha20Poly1305(key: key).seal(
                secret, nonce: record.nonce, authenticating: record.headerForLength(secret.count) + Array(name.utf8))
            record.ciphertext = sealed.ciphertext
            record.tag = sealed.tag
        } catch {
            throw .invalidRecord(.lengthMismatch)
        }
        try save(Data(record.encoded), to: recordKey)
        try remove(attemptsKey)
    }

    func unlockUnlocked(pin: String) throws(PinVaultError) -> [UInt8] {
        guard let bytes = try loadOptional(recordKey) else { throw .notFound }
        let failures = try failedAttempts()
        if failures >= configuration.maximumAttempts {
            if configuration.lockoutPolicy == .wipe {
                try erase()
                throw .wiped
            }
            throw .locked
        }
        let record = try PinVaultRecord(decoding: Array(bytes))
        try record.parameters.validate(maximumMemory: configuration.maximumMemory, or: PinVaultError.self)
        // Count the attempt before trying it, so stopping the process mid-way cannot skip the count.
        try save(Data(String(failures + 1).utf8), to: attemptsKey)
        var key = try deriveKey(pin: pin, record: record)
        defer { key.wipe() }
        let secret: [UInt8]
        do {
            secret = try ChaCha20Poly1305(key: key).open(
                record.ciphertext, tag: record.tag, nonce: record.nonce,
                authenticating: record.header + Array(name.utf8))
        } catch .authenticationFailed {
            try failedUnlock(failures: failures + 1)
        } catch {
            throw .tampered
        }
        try remove(attemptsKey)
        return secret
    }

    private func failedUnlock(failures: Int) throws(PinVaultError) -> Never {
        let remaining = configuration.maximumAttempts - failures
        guard remaining <= 0 else { throw .wrongPIN(remainingAttempts: remaining) }
        if configuration.lockoutPolicy == .wipe {
            try erase()
            throw .wiped
        }
        throw .locked
    }

    func deriveKey(pin: String, record: PinVaultRecord) throws(PinVaultError) -> [UInt8] {
        do {
            return try Scrypt.derive(
                password: Array(pin.utf8), salt: record.salt, parameters: record.parameters, length: 32,
                maximumMemory: configuration.maximumMemory)
        } catch .invalidParameters(let reason) {
            throw .invalidRecord(.parameters(reason))
        } catch {
            throw .invalidRecord(.lengthMismatch)
        }
    }

    /// The failed attempts so far; an unreadable counter counts as used up (fail closed).
    func failedAttempts() throws(PinVaultError) -> Int {
        guard let data = try loadOptional(attemptsKey) else { return 0 }
        guard let count = Int(String(decoding: data, as: UTF8.self)), count >= 0 else {
            return configuration.maximumAttempts
        }
        return count
    }

    func erase() throws(PinVaultError) {
        try remove(recordKey)
        try remove(attemptsKey)
    }

    func loadOptional(_ key: String) throws(PinVaultError) -> Data? {
        do {
            return try store.load(by: key)
        } catch SecureStoreError.notFound {
            return nil
        } catch {
            throw Self.storeError(error, .load, key)
        }
    }

    func save(_ data: Data, to key: String) throws(PinVaultError) {
        do { try store.save(data: data, by: key) } catch { throw Self.storeError(error, .save, key) }
    }

    func remove(_ key: String) throws(PinVaultError) {
        do { try store.remove(by: key) } catch { throw Self.storeError(error, .remove, key) }
    }

    static func storeError(_ error: any Error, _ operation: SecureStoreError.Operation, _ key: String) -> PinVaultError
    {
        if let storeError = error as? SecureStoreError { return .storeFailed(storeError) }
        return .storeFailed(.operationFailed(operation: operation, key: key, reason: String(describing: error)))
    }
}

extension PinVaultRecord {
    /// The header as it will be once a ciphertext of `length` bytes is in place.
    func headerForLength(_ length: Int) -> [UInt8] {
        var copy = self
        copy.ciphertext = [UInt8](repeating: 0, count: length)
        return copy.header
    }
}

extension ScryptParameters {
    /// ``validate(maximumMemory:)`` with the vault's error type.
    func validate(maximumMemory: Int, or _: PinVaultError.Type) throws(PinVaultError) {
        do {
            try validate(maximumMemory: maximumMemory)
        } catch .invalidParameters(let reason) {
            throw .invalidRecord(.parameters(reason))
        } catch {
            throw .invalidRecord(.lengthMismatch)
        }
    }
}
