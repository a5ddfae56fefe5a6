@_exported import GeoKit
