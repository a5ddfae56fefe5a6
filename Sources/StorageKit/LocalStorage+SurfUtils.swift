public import Dispatch
import InternalServiceUtilities

/// SurfUtils' static API: the same names, parameters and errors, over a shared ``LocalStorage`` in
/// ``LocalStorage/defaultDirectory(for:name:)``.
extension LocalStorage {
    /// The errors of SurfUtils' static API; each operation throws its own nested enum.
    public enum Error: Swift.Error, Equatable {
        /// Why a static `load` failed.
        public enum Load: Swift.Error, Equatable {
            /// No file is stored under the name (or the name is not a valid file name).
            case fileNotExist
            /// The file does not decode as the requested type; it stays on disk.
            case cannotDecode
        }

        /// Why a static `store` failed.
        public enum Store: Swift.Error, Equatable {
            /// The name cannot be a file name in the directory (empty, `..`, contains `/`…).
            case fileNameNotExist
            /// The value could not be encoded (for example `Double.infinity`).
            case cannotEncode
            /// The file could not be written; the previous value is unchanged.
            case cannotUpdate
        }

        /// Why a static `remove` failed.
        public enum Remove: Swift.Error, Equatable {
            /// No file is stored under the name.
            case fileNotExist
            /// The file could not be removed.
            case cannotRemove
        }
    }

    /// The queue the static methods run on by default (global, `.userInitiated`).
    public static let dispatchQueue = DispatchQueue.global(qos: .userInitiated)

    static let _shared = Locked(LocalStorage(directory: defaultDirectory(for: .cache)))

    /// Loads the value stored as `fileName`, waiting on `dispatchQueue`.
    ///
    /// - Parameters:
    ///   - fileName:      The name it was stored as.
    ///   - type:          The type to decode.
    ///   - dispatchQueue: The queue the work runs on; it must not be the calling queue.
    /// - Returns: The decoded value.
    /// - Throws: ``LocalStorage/Error/Load``.
    public static func load<T: Codable>(
        fileName: String,
        as type: T.Type,
        dispatchQueue: DispatchQueue = dispatchQueue
    ) throws -> T? {
        let storage = _shared.value
        let outcome = dispatchQueue.sync {
            Result { () throws(StorageError) in try storage.loadSynchronously(type, forKey: fileName) }
        }
        return try outcome.mapError(Error.Load.init).get()
    }

    /// Stores `object` as `fileName`, replacing the previous file atomically, waiting on `dispatchQueue`.
    ///
    /// - Parameters:
    ///   - object:        The value to keep.
    ///   - fileName:      Its file name.
    ///   - dispatchQueue: The queue the work runs on; it must not be the calling queue.
    /// - Throws: ``LocalStorage/Error/Store``.
    public static func store<T: Codable>(
        object: T,
        as fileName: String,
        dispatchQueue: DispatchQueue = dispatchQueue
    ) throws {
        let storage = _shared.value
        let outcome = dispatchQueue.sync {
            Result { () throws(StorageError) in try storage.storeSynchronously(object, forKey: fileName) }
        }
        try outcome.mapError(Error.Store.init).get()
    }

    /// Removes the file stored as `fileName`, waiting on `dispatchQueue`.
    ///
    /// - Parameters:
    ///   - fileName:      The name it was stored as.
    ///   - dispatchQueue: The queue the work runs on; it must not be the calling queue.
    /// - Throws: ``LocalStorage/Error/Remove``.
    public static func remove(fileName: String, dispatchQueue: DispatchQueue = dispatchQueue) throws {
        let storage = _shared.value
        let outcome = dispatchQueue.sync {
            Result { () throws(StorageError) in try storage.removeSynchronously(forKey: fileName) }
        }
        try outcome.mapError(Error.Remove.init).get()
    }
}

// MARK: - Mapping from StorageError

extension LocalStorage.Error.Load {
    init(_ error: StorageError) {
        switch error {
        case .decodingFailed: self = .cannotDecode
        default: self = .fileNotExist
        }
    }
}

extension LocalStorage.Error.Store {
    init(_ error: StorageError) {
        switch error {
        case .invalidKey: self = .fileNameNotExist
        case .encodingFailed: self = .cannotEncode
        default: self = .cannotUpdate
        }
    }
}

extension LocalStorage.Error.Remove {
    init(_ error: StorageError) {
        switch error {
        case .valueNotFound, .invalidKey: self = .fileNotExist
        default: self = .cannotRemove
        }
    }
}
