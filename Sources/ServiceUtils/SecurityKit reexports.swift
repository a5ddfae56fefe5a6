@_exported import SecurityKit
