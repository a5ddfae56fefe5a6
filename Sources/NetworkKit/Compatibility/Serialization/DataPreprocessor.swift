public import Foundation

/// A step that rewrites a response body before a serializer reads it, such as stripping an
/// anti-hijacking prefix: Alamofire's protocol of this name.
///
/// A preprocessor is called at most once per response, from any thread, and only with a non-empty
/// body. Throwing fails the serialization with that error, unchanged.
///
/// ```swift
/// struct TrimmingPreprocessor: DataPreprocessor {
///     func preprocess(_ data: Data) throws -> Data {
///         Data(data.drop { $0 == UInt8(ascii: " ") })
///     }
/// }
/// let serializer = DataResponseSerializer(dataPreprocessor: TrimmingPreprocessor())
/// ```
public protocol DataPreprocessor: Sendable {
    /// Rewrites a body.
    ///
    /// - Parameter data: The body as received.
    /// - Returns: The body to read.
    /// - Throws: Why the body cannot be used.
    func preprocess(_ data: Data) throws -> Data
}
