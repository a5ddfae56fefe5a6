public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Encodes parameters as a JSON object body (`Content-Type: application/json`).
///
/// Values are checked first, so a non-finite number or a value JSON cannot hold becomes
/// ``HTTPError/EncodingFailureReason/nonFiniteNumber(keyPath:)`` or
/// ``HTTPError/EncodingFailureReason/invalidJSONValue(keyPath:)`` with its key path, never a crash.
public struct JSONEncoding: ParameterEncoding, Hashable {
    /// Whether object keys are sorted (the default, so bodies are the same on every run).
    public var sortsKeys: Bool

    /// Creates an encoding.
    ///
    /// - Parameter sortsKeys: Whether object keys are sorted.
    public init(sortsKeys: Bool = true) {
        self.sortsKeys = sortsKeys
    }

    /// A JSON body with sorted keys.
    public static var `default`: JSONEncoding { JSONEncoding() }

    /// Returns `request` with the parameters as its JSON body.
    ///
    /// - Parameters:
    ///   - request:    The request.
    ///   - parameters: The parameters, or nil for none.
    /// - Returns: The encoded request.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` naming the key path of a value JSON cannot hold.
    public func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        request.httpBody = try data(for: parameters)
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// The JSON bytes of `object` (a dictionary or an array).
    ///
    /// - Parameter object: The value to write.
    /// - Returns: The JSON text as UTF-8.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` naming the key path of a value JSON cannot hold.
    public func data(for object: Any) throws -> Data {
        try Self.check(object, path: "")
        let options: JSONSerialization.WritingOptions = sortsKeys ? [.sortedKeys] : []
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
