public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Encodes parameters as a JSON object body (`Content-Type: application/json`).
///
/// Values are checked first, so a non-finite number or a value JSON cannot hold becomes
/// ``HTTPError/EncodingFailureReason/nonFiniteNumber(keyPath:)`` or
/// ``HTTPError/EncodingFailureReason/invalidJSONValue(keyPath:)`` with its key path, never a crash.
/// Called with a `URLRequest` it throws that ``HTTPError``; called with any other
/// ``URLRequestConvertible``, and from ``encode(_:withJSONObject:)``, it throws Alamofire's
/// ``AFError/parameterEncodingFailed(reason:)`` with
/// ``AFError/ParameterEncodingFailureReason/jsonEncodingFailed(error:)`` holding the ``HTTPError``.
///
/// ```swift
/// let request = try JSONEncoding.default.encode(URLRequest(url: url), withJSONObject: ["a", "b"])
/// ```
public struct JSONEncoding: ParameterEncoding, Hashable {
    /// How the JSON text is written; ``default`` sorts keys, so bodies are the same on every run.
    public var options: JSONSerialization.WritingOptions

    /// Whether object keys are sorted (the default): whether ``options`` has `.sortedKeys`.
    public var sortsKeys: Bool {
        get { options.contains(.sortedKeys) }
        set {
            if newValue { options.insert(.sortedKeys) } else { options.remove(.sortedKeys) }
        }
    }

    /// Creates an encoding.
    ///
    /// - Parameter sortsKeys: Whether object keys are sorted.
    public init(sortsKeys: Bool = true) {
        options = sortsKeys ? [.sortedKeys] : []
    }

    /// Creates an encoding that writes JSON with `options`, as Alamofire's `JSONEncoding(options:)`.
    ///
    /// - Parameter options: How the JSON text is written, such as `.prettyPrinted`.
    public init(options: JSONSerialization.WritingOptions) {
        self.options = options
    }

    /// A JSON body with sorted keys.
    public static var `default`: JSONEncoding { JSONEncoding() }

    /// An indented JSON body with sorted keys.
    public static var prettyPrinted: JSONEncoding { JSONEncoding(options: [.prettyPrinted, .sortedKeys]) }

    /// Whether both write JSON the same way.
    ///
    /// - Parameters:
    ///   - lhs: An encoding.
    ///   - rhs: Another encoding.
    /// - Returns: True when their ``options`` are equal.
    public static func == (lhs: JSONEncoding, rhs: JSONEncoding) -> Bool {
        lhs.options.rawValue == rhs.options.rawValue
    }

    /// Hashes the ``options``.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(options.rawValue)
    }

    /// Returns `request` with the parameters as its JSON body.
    ///
    /// - Parameters:
    ///   - request:    The request.
    ///   - parameters: The parameters, or nil for none.
    /// - Returns: The encoded request.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` naming the key path of a value JSON cannot hold.
    public func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest {
        guard let parameters else { return request }
        return try encode(request, body: try data(for: parameters))
    }

    /// Returns the request `urlRequest` makes with `jsonObject` (a dictionary or an array) as its
    /// JSON body, as Alamofire's method of this name.
    ///
    /// - Parameters:
    ///   - urlRequest: The request, or a value that makes one.
    ///   - jsonObject: The body's value, or nil for none (the request is left unchanged).
    /// - Returns: The encoded request.
    /// - Throws: What `urlRequest.asURLRequest()` throws, or ``AFError/parameterEncodingFailed(reason:)``
    ///   with ``AFError/ParameterEncodingFailureReason/jsonEncodingFailed(error:)`` holding the
    ///   ``HTTPError`` that names the value JSON cannot hold.
    public func encode(_ urlRequest: any URLRequestConvertible, withJSONObject jsonObject: Any? = nil) throws
        -> URLRequest
    {
        let request = try urlRequest.asURLRequest()
        guard let jsonObject else { return request }
        do {
            return try encode(request, body: try data(for: jsonObject))
        } catch let error as HTTPError {
            throw AFError(parameterEncoding: error)
        }
    }

    private func encode(_ request: URLRequest, body: Data) throws -> URLRequest {
        var request = request
        request.httpBody = body
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// The JSON bytes of `object` (a dictionary or an array).
    ///
    /// - Parameter object: The value to write.
    /// - Returns: The JSON text as UTF-8.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` naming the key path of a value JSON cannot hold;
    ///   a value that is neither a dictionary nor an array is
    ///   ``HTTPError/EncodingFailureReason/invalidJSONValue(keyPath:)`` at `(root)`.
    public func data(for object: Any) throws -> Data {
        guard object is [String: Any] || object is [Any] else {
            throw HTTPError.encodingFailed(.invalidJSONValue(keyPath: "(root)"))
        }
        try Self.check(object, path: "")
        do {
            return try JSONSerialization.data(withJSONObject: object, options: options)
        } catch {
            throw HTTPError.encodingFailed(.invalidJSONValue(keyPath: "(root)"))
        }
    }

    private static func check(_ value: Any, path: String) throws {
        switch value {
        case let dictionary as [String: Any]:
            for (key, nested) in dictionary { try check(nested, path: path.isEmpty ? key : "\(path).\(key)") }
        case let array as [Any]:
            for (index, nested) in array.enumerated() { try check(nested, path: "\(path)[\(index)]") }
        case is String, is NSNull, is Bool:
            return
        case let number as Double:
            guard number.isFinite else { throw HTTPError.encodingFailed(.nonFiniteNumber(keyPath: path)) }
        case let number as Float:
            guard number.isFinite else { throw HTTPError.encodingFailed(.nonFiniteNumber(keyPath: path)) }
        case is any BinaryInteger, is Decimal:
            return
        case let number as NSNumber:
            guard number.doubleValue.isFinite else {
                throw HTTPError.encodingFailed(.nonFiniteNumber(keyPath: path))
            }
        default:
            throw HTTPError.encodingFailed(.invalidJSONValue(keyPath: path.isEmpty ? "(root)" : path))
        }
    }
}

// MARK: - Encodable bodies

/// Builds request bodies from typed values, for routers' ``HTTPRouter/body()``.
public enum HTTPBody {
    /// The JSON of an `Encodable` value.
    ///
    /// ```swift
    /// func body() throws -> Data? { try HTTPBody.json(newItem) }
    /// ```
    ///
    /// - Parameters:
    ///   - value:   The value to encode.
    ///   - encoder: The encoder; its strategies (dates, keys) apply.
    /// - Returns: The JSON bytes.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` with ``HTTPError/EncodingFailureReason/encodableFailed(type:reason:)``.
    public static func json<Value: Encodable>(_ value: Value, encoder: JSONEncoder = JSONEncoder()) throws -> Data {
        do {
            return try encoder.encode(value)
        } catch {
            throw HTTPError.encodingFailed(.encodableFailed(type: "\(Value.self)", reason: "\(error)"))
        }
    }
}
