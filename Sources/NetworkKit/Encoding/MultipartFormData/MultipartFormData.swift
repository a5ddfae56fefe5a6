public import Foundation
import InternalServiceUtilities

/// A `multipart/form-data` body (RFC 7578): text fields and files, joined by a random boundary that
/// is checked not to occur in any part held in memory.
///
/// ```swift
/// var form = MultipartFormData()
/// form.append("Ann", name: "user")
/// form.append(imageData, name: "avatar", fileName: "me.png", mimeType: "image/png")
/// try form.append(streamingFileAt: videoURL, name: "video")  // read when sent, never held whole
/// let response = try await client.upload(.multipart(form), to: API.post)
/// ```
///
/// ``encode()`` builds the whole body in memory; ``HTTPClient/upload(_:to:options:progress:)``
/// does so only below ``UploadOptions/multipartMemoryThreshold`` and otherwise writes it to a
/// temporary file that it streams and then removes.
///
/// Alamofire's methods (`append(_:withName:…)`, ``writeEncodedData(to:)``) are here too, and work on
/// a `let` form as they do on Alamofire's class: they change the form in place, so every copy sees
/// what they append. NetworkKit's `mutating` methods (`append(_:name:…)`) copy the parts first when
/// the form is shared, so a copy made before them keeps its parts.
///
/// ```swift
/// let form = MultipartFormData()
/// form.append(Data("Ann".utf8), withName: "user")
/// form.append(photoURL, withName: "photo")  // a problem with the file is thrown by encode()
/// ```
public struct MultipartFormData: Sendable, Hashable {
    /// What a form holds; shared by copies until a `mutating` method changes it.
    struct State: Sendable {
        var parts: [Part] = []
        var boundary: String
        /// Whether the caller chose the boundary, which is then never replaced.
        var boundaryIsFixed: Bool
        /// The `Content-Type` the caller set, if any.
        var contentType: String?
        /// The first problem an Alamofire-style append found, thrown when the form is encoded.
        var failure: AFError?
        /// The length of the first part appended with Alamofire's methods, which read each part from a
        /// stream that one encoding uses up; nil when none was.
        var firstStreamedLength: Int64?
        /// Whether ``encode()`` or ``writeEncodedData(to:)`` has read such parts already.
        var streamsUsed = false
    }

    /// The size above which Alamofire writes a form to a file before uploading it (10 MB), as
    /// ``UploadOptions/multipartMemoryThreshold`` does here.
    public static let encodingMemoryThreshold: UInt64 = 10_000_000

    private var _state: Locked<State>
    /// The file manager Alamofire-style file appends check files with.
    let fileManager: FileManager

    /// Creates an empty form.
    ///
    /// - Parameters:
    ///   - fileManager: The file manager that checks the files appended with Alamofire's
    ///     `append(_:withName:…)`.
    ///   - boundary:    The boundary between parts, used as given; a random one (which ``encode()``
    ///     replaces if it occurs in a part) when nil.
    public init(fileManager: FileManager = .default, boundary: String? = nil) {
        self.fileManager = fileManager
        _state = Locked(State(boundary: boundary ?? Self.randomBoundary(), boundaryIsFixed: boundary != nil))
    }

    /// The parts, in the order they were appended.
    public var parts: [Part] { _state.value.parts }

    /// The boundary between parts; ``encode()`` replaces a random one if it occurs in a part.
    public var boundary: String { _state.value.boundary }

    /// The `Content-Type` header value naming the boundary, unless another one was set.
    ///
    /// Setting it changes the form in place, as on Alamofire's class.
    public var contentType: String {
        get {
            let state = _state.value
            return state.contentType ?? "multipart/form-data; boundary=\(state.boundary)"
        }
        nonmutating set { _state.withLock { $0.contentType = newValue } }
    }

    /// The number of content bytes of all parts, without their boundaries and header fields, as
    /// Alamofire's `contentLength`.
    public var contentLength: UInt64 {
        parts.reduce(0) { $0 + ($1.streamMismatch?.announced ?? UInt64($1.length)) }
    }

    /// Appends a text field.
    ///
    /// - Parameters:
    ///   - value: The field's text, sent as UTF-8.
    ///   - name:  The field name.
    public mutating func append(_ value: String, name: String) {
        appendUniquely(Part(name: name, fileName: nil, mimeType: nil, content: Data(value.utf8)))
    }

    /// Appends bytes, as a file when `fileName` is given.
    ///
    /// - Parameters:
    ///   - data:     The content.
    ///   - name:     The field name.
    ///   - fileName: The file name the server sees.
    ///   - mimeType: The content's media type; `application/octet-stream` for a file when nil.
    public mutating func append(_ data: Data, name: String, fileName: String? = nil, mimeType: String? = nil) {
        let type = mimeType ?? (fileName == nil ? nil : "application/octet-stream")
        appendUniquely(Part(name: name, fileName: fileName, mimeType: type, content: data))
    }

    /// Appends the contents of a file, read now.
    ///
    /// - Parameters:
    ///   - fileURL:  A file URL.
    ///   - name:     The field name.
    ///   - fileName: The file name the server sees; the URL's last component when nil.
    ///   - mimeType: The media type; guessed from the extension when nil.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` with ``HTTPError/EncodingFailureReason/unreadableFile(path:reason:)``.
    public mutating func append(fileAt fileURL: URL, name: String, fileName: String? = nil, mimeType: String? = nil)
        throws
    {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw HTTPError.encodingFailed(.unreadableFile(path: fileURL.path, reason: error.localizedDescription))
        }
        let type = mimeType ?? Self.mimeType(forExtension: fileURL.pathExtension)
        append(data, name: name, fileName: fileName ?? fileURL.lastPathComponent, mimeType: type)
    }

    /// Appends a file part whose bytes are read only when the form is encoded or sent, so an upload
    /// never holds the file in memory.
    ///
    /// The file must keep its size until then: one that is gone or of another size by then fails the
    /// encoding or the upload with ``HTTPError/EncodingFailureReason/unreadableFile(path:reason:)``.
    /// The boundary is not searched for in the file (it has 128 random bits).
    ///
    /// - Parameters:
    ///   - fileURL:  A file URL.
    ///   - name:     The field name.
    ///   - fileName: The file name the server sees; the URL's last component when nil.
    ///   - mimeType: The media type; guessed from the extension when nil.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` with ``HTTPError/EncodingFailureReason/unreadableFile(path:reason:)``
    ///   when the file cannot be read now.
    public mutating func append(
        streamingFileAt fileURL: URL, name: String, fileName: String? = nil, mimeType: String? = nil
    ) throws(HTTPError) {
        let size = try Self.readableSize(of: fileURL)
        appendUniquely(
            Part(
                name: name, fileName: fileName ?? fileURL.lastPathComponent,
                mimeType: mimeType ?? Self.mimeType(forExtension: fileURL.pathExtension), content: Data(),
                fileURL: fileURL, fileSize: size))
    }

    /// The body bytes; first picks a new boundary if a random one occurs in a part held in memory.
    ///
    /// Files of parts appended with ``append(streamingFileAt:name:fileName:mimeType:)`` or
    /// Alamofire's `append(_:withName:)` are read here, whole.
    ///
    /// - Returns: The encoded form.
    /// - Throws: The ``AFError`` Alamofire throws for a problem its `append` methods found (a file
    ///   that is missing or a directory, a stream shorter or longer than announced);
    ///   ``HTTPError/encodingFailed(_:)`` when a file is gone or changed size since it was appended.
    public func encode() throws -> Data {
        try throwAppendFailure()
        let body = try encodedBody()
        useStreams()
        return body
    }

    /// The body bytes, as ``encode()`` makes them, without checking what Alamofire-style appends
    /// found.
    func encodedBody() throws(HTTPError) -> Data {
        chooseBoundary()
        let state = _state.value
        var body = Data()
        for part in state.parts {
            body.append(Self.head(of: part, boundary: state.boundary))
            if let fileURL = part.fileURL {
                body.append(try Self.read(fileURL, expecting: part.fileSize))
            } else {
                body.append(part.content)
            }
            body.append(Data("\r\n".utf8))
        }
        body.append(Self.tail(boundary: state.boundary))
        return body
    }

    /// Picks a new boundary while a random one occurs in a part held in memory.
    func chooseBoundary() {
        _state.withLock { state in
            guard !state.boundaryIsFixed else { return }
            while state.parts.contains(where: { $0.content.range(of: Data(state.boundary.utf8)) != nil }) {
                state.boundary = Self.randomBoundary()
            }
        }
    }

    /// The delimiter and header fields before a part's content.
    func head(of part: Part) -> Data {
        Self.head(of: part, boundary: boundary)
    }

    /// The closing delimiter.
    var tail: Data { Self.tail(boundary: boundary) }

    /// The size of the encoded form, without reading any file.
    var encodedLength: Int64 {
        let state = _state.value
        return state.parts.reduce(Int64(Self.tail(boundary: state.boundary).count)) {
            $0 + Int64(Self.head(of: $1, boundary: state.boundary).count) + $1.length + 2
        }
    }

    /// Whether both have the same parts, boundary and content type, and both or neither failed.
    ///
    /// - Parameters:
    ///   - lhs: A form.
    ///   - rhs: Another form.
    /// - Returns: True when they encode the same way.
    public static func == (lhs: MultipartFormData, rhs: MultipartFormData) -> Bool {
        let left = lhs._state.value
        let right = rhs._state.value
        return left.parts == right.parts && left.boundary == right.boundary && left.contentType == right.contentType
            && (left.failure == nil) == (right.failure == nil)
    }

    /// Hashes the parts and the boundary.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        let state = _state.value
        hasher.combine(state.parts)
        hasher.combine(state.boundary)
    }

    /// Changes the state in place, shared with every copy (Alamofire's methods).
    func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try _state.withLock(body)
    }

    /// Appends `part` after copying the state if another copy shares it (NetworkKit's methods).
    private mutating func appendUniquely(_ part: Part) {
        if !isKnownUniquelyReferenced(&_state) {
            _state = Locked(_state.value)
        }
        _state.withLock { $0.parts.append(part) }
    }

    private static func head(of part: Part, boundary: String) -> Data {
        Data("--\(boundary)\r\n\(part.headerText)".utf8)
    }

    private static func tail(boundary: String) -> Data {
        Data("--\(boundary)--\r\n".utf8)
    }

    private static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return "NetworkKit-" + String(high, radix: 16) + String(low, radix: 16)
    }

    /// A media type for common file extensions; `application/octet-stream` otherwise.
    static func mimeType(forExtension fileExtension: String) -> String {
        let types = [
            "txt": "text/plain", "html": "text/html", "csv": "text/csv", "json": "application/json",
            "xml": "application/xml", "pdf": "application/pdf", "zip": "application/zip",
            "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
            "webp": "image/webp", "heic": "image/heic", "mp4": "video/mp4", "mp3": "audio/mpeg",
        ]
        return types[fileExtension.lowercased()] ?? "application/octet-stream"
    }
}
