// The umbrella module: `import ServiceUtils` gives every module, as SurfUtils' single `import Utils` did.
// It only re-exports; each module is also a product of its own.

@_exported import GeoKit
@_exported import GroceryAPI
@_exported import MockServerKit
@_exported import MoneyKit
@_exported import NetworkKit
@_exported import PlatformKit
@_exported import SecurityKit
@_exported import StorageKit
@_exported import StringKit
