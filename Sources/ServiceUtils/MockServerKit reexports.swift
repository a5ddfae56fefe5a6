@_exported import MockServerKit
