public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A ``DownloadResponseSerializerProtocol`` that gives the downloaded file's URL without reading the
/// file.
///
/// ```swift
/// let file = try URLResponseSerializer().serializeDownload(
///     request: nil, response: response, fileURL: destination, error: nil)
/// ```
public struct URLResponseSerializer: DownloadResponseSerializerProtocol {
    /// Creates the serializer.
    public init() {}

    /// Gives the file's URL.
    ///
    /// - Parameters:
    ///   - request:  The request, or `nil`; unused.
    ///   - response: The response, or `nil`; unused.
    ///   - fileURL:  Where the body was saved, or `nil`.
    ///   - error:    The error so far, or `nil`.
    /// - Returns: `fileURL`.
    /// - Throws: `error` unchanged when one was passed in;
    ///   ``AFError/ResponseSerializationFailureReason/inputFileNil`` when `fileURL` is `nil`.
    public func serializeDownload(
        request: URLRequest?, response: HTTPURLResponse?, fileURL: URL?, error: (any Error)?
    ) throws -> URL {
        if let error { throw error }
        guard let fileURL else {
            throw AFError.responseSerializationFailed(reason: .inputFileNil)
        }
        return fileURL
    }
}

// MARK: - Leading-dot access

extension DownloadResponseSerializerProtocol where Self == URLResponseSerializer {
    /// A ``URLResponseSerializer``.
    public static var url: URLResponseSerializer { URLResponseSerializer() }
}
