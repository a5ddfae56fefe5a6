@_exported import NetworkKit
