extension PinVault {
    /// What a vault does after too many wrong PINs.
    public enum LockoutPolicy: Sendable, Hashable {
        /// Refuse to open until a new secret is saved (the record stays, for an administrator).
        case lock
        /// Erase the record and the counter.
        case wipe
    }

    /// How a vault derives keys and limits attempts.
    public struct Configuration: Sendable, Hashable {
        /// The scrypt parameters for new records (N must be a power of two up to 2^255; r and p up
        /// to 255, as the record stores them in a byte each).
        public var parameters: ScryptParameters
        /// How many wrong PINs in a row are allowed; at least 1.
        public var maximumAttempts: Int
        /// What happens when they are used up.
        public var lockoutPolicy: LockoutPolicy
        /// The most memory a stored record may make scrypt use when opening it.
        public var maximumMemory: Int

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - parameters: scrypt's cost for new records; ``ScryptParameters/interactive`` by default.
        ///   - maximumAttempts: Wrong PINs allowed in a row; 5 by default.
        ///   - lockoutPolicy: ``LockoutPolicy/lock`` (the default) or ``LockoutPolicy/wipe``.
        ///   - maximumMemory: The memory limit for opening records; 256 MiB by default.
        public init(
            parameters: ScryptParameters = .interactive, maximumAttempts: Int = 5, lockoutPolicy: LockoutPolicy = .lock,
            maximumMemory: Int = Scrypt.defaultMaximumMemory
        ) {
            self.parameters = parameters
            self.maximumAttempts = max(1, maximumAttempts)
            self.lockoutPolicy = lockoutPolicy
            self.maximumMemory = maximumMemory
        }
    }
}
