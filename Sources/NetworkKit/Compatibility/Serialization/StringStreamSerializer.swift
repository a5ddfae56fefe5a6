public import Foundation

/// A ``DataStreamSerializer`` that reads each chunk as UTF-8 text; bytes that are not valid UTF-8
/// become U+FFFD replacement characters rather than failing.
///
/// A multi-byte character split across two chunks shows as replacement characters in both.
///
/// ```swift
/// let text = try StringStreamSerializer().serialize(Data("data: hello\n".utf8))
/// ```
public struct StringStreamSerializer: DataStreamSerializer {
    /// Creates the serializer.
    public init() {}

    /// Reads the chunk as UTF-8, repairing invalid bytes.
    ///
    /// - Parameter data: The chunk.
    /// - Returns: The text.
    public func serialize(_ data: Data) throws -> String {
        String(decoding: data, as: UTF8.self)
    }
}

// MARK: - Leading-dot access

extension DataStreamSerializer where Self == StringStreamSerializer {
    /// A ``StringStreamSerializer``.
    public static var string: StringStreamSerializer { StringStreamSerializer() }
}
