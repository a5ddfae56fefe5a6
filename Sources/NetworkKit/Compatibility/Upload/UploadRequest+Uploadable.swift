public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A type that makes the body an ``UploadRequest`` sends: Alamofire's protocol of this name.
///
/// ``UploadRequest`` asks for the body before each attempt, so a retry sends it again.
public protocol UploadableConvertible: Sendable {
    /// Makes the body to send.
    ///
    /// - Returns: The body.
    /// - Throws: Why it cannot be made; the upload fails with it
    ///   (``AFError/createUploadableFailed(error:)`` when it is not an ``AFError``).
    func createUploadable() throws -> UploadRequest.Uploadable
}

/// A type that makes both the request and the body of an upload: Alamofire's protocol of this name.
public protocol UploadConvertible: UploadableConvertible & URLRequestConvertible {}

extension UploadRequest {
    /// What an upload sends.
    ///
    /// `@unchecked Sendable` because of `InputStream`, which Foundation does not mark `Sendable`:
    /// the stream is read once, by the upload that was given it, and by nothing else.
    public enum Uploadable: @unchecked Sendable {
        /// Bytes held in memory.
        case data(Data)
        /// A file, streamed from disk; removed once the upload is over when `shouldRemove` is true.
        case file(URL, shouldRemove: Bool)
        /// A stream, read to its end into a temporary file before the first attempt (so a retry can
        /// send it again), then streamed from there.
        case stream(InputStream)
    }
}

extension UploadRequest.Uploadable: UploadableConvertible {
    /// This body.
    ///
    /// - Returns: `self`.
    public func createUploadable() throws -> UploadRequest.Uploadable {
        self
    }
}

// MARK: - What Session's upload methods make

/// A request and a body, as ``Session``'s upload methods pair them.
struct Upload: UploadConvertible {
    let request: any URLRequestConvertible
    let uploadable: any UploadableConvertible

    func createUploadable() throws -> UploadRequest.Uploadable {
        try uploadable.createUploadable()
    }

    func asURLRequest() throws -> URLRequest {
        try request.asURLRequest()
    }
}

/// A multipart form to upload: encoded in memory below `encodingMemoryThreshold` bytes of content,
/// else written to a temporary file that is removed once the upload is over, as Alamofire does.
struct MultipartUpload: UploadConvertible {
    let encodingMemoryThreshold: UInt64
    let request: any URLRequestConvertible
    let multipartFormData: MultipartFormData
    let fileManager: FileManager

    /// The request with the form's `Content-Type`, which names its boundary.
    func asURLRequest() throws -> URLRequest {
        var request = try request.asURLRequest()
        multipartFormData.chooseBoundary()
        request.setValue(multipartFormData.contentType, forHTTPHeaderField: "Content-Type")
        return request
    }

    func createUploadable() throws -> UploadRequest.Uploadable {
        try multipartFormData.throwAppendFailure()
        if multipartFormData.contentLength < encodingMemoryThreshold {
            return .data(try multipartFormData.encode())
        }
        let folder = fileManager.temporaryDirectory.appendingPathComponent("org.alamofire.manager/multipart.form.data")
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(UUID().uuidString)
        do {
            try multipartFormData.writeEncodedData(to: file)
        } catch {
            try? fileManager.removeItem(at: file)
            throw error
        }
        return .file(file, shouldRemove: true)
    }
}
