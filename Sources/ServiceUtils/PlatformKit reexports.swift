@_exported import PlatformKit
