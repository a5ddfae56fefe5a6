@_exported import StringKit
