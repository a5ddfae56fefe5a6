public import Foundation

/// A type that turns each chunk of a streamed body into a value: Alamofire's protocol of this name,
/// for `DataStreamRequest`'s `responseStream(using:)`.
///
/// A serializer is called once per chunk, from any thread; a chunk is whatever bytes arrived
/// together, not necessarily a whole message. Throwing reports that chunk's failure.
///
/// ```swift
/// struct ByteCountStreamSerializer: DataStreamSerializer {
///     func serialize(_ data: Data) throws -> Int { data.count }
/// }
/// ```
public protocol DataStreamSerializer: Sendable {
    /// The type of the value made from each chunk.
    associatedtype SerializedObject: Sendable

    /// Makes a value from one chunk.
    ///
    /// - Parameter data: The chunk's bytes.
    /// - Returns: The value.
    /// - Throws: Why the chunk could not be read.
    func serialize(_ data: Data) throws -> SerializedObject
}
