public import Foundation

/// A ``DataPreprocessor`` that leaves the body as it is; the default of every serializer.
///
/// ```swift
/// let serializer = StringResponseSerializer(dataPreprocessor: .passthrough)
/// ```
public struct PassthroughPreprocessor: DataPreprocessor {
    /// Creates the preprocessor.
    public init() {}

    /// Returns the body unchanged.
    ///
    /// - Parameter data: The body.
    /// - Returns: `data`.
    public func preprocess(_ data: Data) throws -> Data {
        data
    }
}

// MARK: - Leading-dot access

extension DataPreprocessor where Self == PassthroughPreprocessor {
    /// A ``PassthroughPreprocessor``.
    public static var passthrough: PassthroughPreprocessor { PassthroughPreprocessor() }
}
