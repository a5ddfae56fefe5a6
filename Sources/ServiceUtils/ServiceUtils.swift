// The umbrella module: `import ServiceUtils` gives every library module, as SurfUtils' single
// `import Utils` did. It only re-exports; each module is also a product of its own. Test support
// (MockServerKit, also through the ServiceUtilsTesting product) and the grocery sample (GroceryAPI)
// are products of their own and stay out, so an app that adds this product ships neither.

@_exported import GeoKit
@_exported import MoneyKit
@_exported import NetworkKit
@_exported import PlatformKit
@_exported import SecurityKit
@_exported import StorageKit
@_exported import StringKit
