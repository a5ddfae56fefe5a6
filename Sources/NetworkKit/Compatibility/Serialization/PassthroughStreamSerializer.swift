public import Foundation

/// A ``DataStreamSerializer`` that gives each chunk's bytes as they are.
///
/// ```swift
/// let bytes = try PassthroughStreamSerializer().serialize(chunk)  // == chunk
/// ```
public struct PassthroughStreamSerializer: DataStreamSerializer {
    /// Creates the serializer.
    public init() {}

    /// Returns the chunk unchanged.
    ///
    /// - Parameter data: The chunk.
    /// - Returns: `data`.
    public func serialize(_ data: Data) throws -> Data {
        data
    }
}

// MARK: - Leading-dot access

extension DataStreamSerializer where Self == PassthroughStreamSerializer {
    /// A ``PassthroughStreamSerializer``.
    public static var passthrough: PassthroughStreamSerializer { PassthroughStreamSerializer() }
}
