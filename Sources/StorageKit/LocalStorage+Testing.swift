import InternalServiceUtilities

extension LocalStorage {
    /// The storage behind the static API; tests point it at a temporary directory, from one
    /// serialized suite, and put the previous one back.
    package static var _sharedForTesting: LocalStorage {
        get { _shared.value }
        set { _shared.withLock { $0 = newValue } }
    }
}
