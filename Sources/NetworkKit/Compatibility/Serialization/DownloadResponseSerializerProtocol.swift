public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A type that turns what a download got back (the request, the response, the file the body was
/// saved to and any error so far) into a value: Alamofire's protocol of this name.
///
/// Adopters follow the rules of ``DataResponseSerializerProtocol``: throw a passed-in error
/// unchanged, and never trap on a missing or unreadable file. A type that adopts both protocols
/// gets this one's method for free: it reads the file and hands the bytes to
/// ``DataResponseSerializerProtocol/serialize(request:response:data:error:)``.
///
/// ```swift
/// let text = try StringResponseSerializer().serializeDownload(
///     request: nil, response: response, fileURL: downloadedFile, error: nil)
/// ```
public protocol DownloadResponseSerializerProtocol<SerializedObject>: Sendable {
    /// The type of the value made from a download.
    associatedtype SerializedObject: Sendable

    /// Makes a value from a download's outcome.
    ///
    /// - Parameters:
    ///   - request:  The request as sent, or `nil` when it could not be built.
    ///   - response: The server's response, or `nil` when none arrived.
    ///   - fileURL:  Where the body was saved, or `nil` when nothing was saved.
    ///   - error:    The error the download failed with so far, or `nil`.
    /// - Returns: The value.
    /// - Throws: `error` when one was passed in, or why the value could not be made.
    func serializeDownload(request: URLRequest?, response: HTTPURLResponse?, fileURL: URL?, error: (any Error)?) throws
        -> SerializedObject
}

// MARK: - Reading the file for a data serializer

extension DownloadResponseSerializerProtocol where Self: DataResponseSerializerProtocol {
    /// Reads the downloaded file and makes the value from its bytes with
    /// ``DataResponseSerializerProtocol/serialize(request:response:data:error:)``.
    ///
    /// - Parameters:
    ///   - request:  The request as sent, or `nil`.
    ///   - response: The server's response, or `nil`.
    ///   - fileURL:  Where the body was saved, or `nil`.
    ///   - error:    The error the download failed with so far, or `nil`.
    /// - Returns: The value made from the file's bytes.
    /// - Throws: `error` unchanged when one was passed in;
    ///   ``AFError/ResponseSerializationFailureReason/inputFileNil`` when `fileURL` is `nil`;
    ///   ``AFError/ResponseSerializationFailureReason/inputFileReadFailed(at:)`` when the file cannot
    ///   be read; otherwise whatever `serialize` throws.
    public func serializeDownload(
        request: URLRequest?, response: HTTPURLResponse?, fileURL: URL?, error: (any Error)?
    ) throws -> SerializedObject {
        if let error { throw error }
        guard let fileURL else {
            throw AFError.responseSerializationFailed(reason: .inputFileNil)
        }
        let contents: Data
        do {
            // An empty regular file is read as no bytes without `Data(contentsOf:)`, whose
            // FoundationEssentials implementation leaks its 4 KiB read buffer for such a file.
            let attributes = try FileManager.default.attributesOfItem(atPath: fileURL.path)
            if attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? NSNumber)?.intValue == 0
            {
                contents = Data()
            } else {
                contents = try Data(contentsOf: fileURL)
            }
        } catch {
            throw AFError.responseSerializationFailed(reason: .inputFileReadFailed(at: fileURL))
        }
        return try serialize(request: request, response: response, data: contents, error: nil)
    }
}
