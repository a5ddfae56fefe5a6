@_exported import StorageKit
