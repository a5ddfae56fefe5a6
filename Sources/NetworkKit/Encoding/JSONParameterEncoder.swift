public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Encodes an `Encodable` value as a JSON body with a `JSONEncoder`, as Alamofire's class of this
/// name; `Content-Type` becomes `application/json` unless the request has one.
///
/// ```swift
/// let request = try JSONParameterEncoder.sortedKeys.encode(["b": 2, "a": 1], into: request)
/// // body {"a":1,"b":2}
/// ```
///
/// Unlike Alamofire's `open` class it cannot be subclassed; wrap it in an adopter of
/// ``ParameterEncoder`` instead.
public final class JSONParameterEncoder: ParameterEncoder {
    /// An encoder with a default `JSONEncoder` (keys in the value's order, compact).
    public static var `default`: JSONParameterEncoder { JSONParameterEncoder() }

    /// An encoder whose JSON is indented, as `JSONEncoder`'s `.prettyPrinted` writes it.
    public static var prettyPrinted: JSONParameterEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted
        return JSONParameterEncoder(encoder: encoder)
    }

    /// An encoder whose JSON has its object keys sorted.
    public static var sortedKeys: JSONParameterEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return JSONParameterEncoder(encoder: encoder)
    }

    /// The encoder that writes the JSON; its strategies (keys, dates, formatting) apply.
    public let encoder: JSONEncoder

    /// Creates an encoder.
    ///
    /// - Parameter encoder: The encoder that writes the JSON.
    public init(encoder: JSONEncoder = JSONEncoder()) {
        self.encoder = encoder
    }

    /// Returns `request` with `parameters` as its JSON body.
    ///
    /// - Parameters:
    ///   - parameters: The value to encode, or nil to leave the request unchanged.
    ///   - request:    The request.
    /// - Returns: The request with the JSON body and, unless it had one, `Content-Type: application/json`.
    /// - Throws: ``AFError/parameterEncodingFailed(reason:)`` with
    ///   ``AFError/ParameterEncodingFailureReason/jsonEncodingFailed(error:)`` holding what the
    ///   `JSONEncoder` threw (a non-finite number, say), as Alamofire 5 throws it.
    public func encode<Parameters: Encodable>(_ parameters: Parameters?, into request: URLRequest) throws
        -> URLRequest
    {
        guard let parameters else { return request }
        var request = request
        do {
            request.httpBody = try encoder.encode(parameters)
        } catch {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
        }
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}

extension ParameterEncoder where Self == JSONParameterEncoder {
    /// A ``JSONParameterEncoder`` with a default `JSONEncoder`, for an argument typed
    /// `any ParameterEncoder`.
    public static var json: JSONParameterEncoder { JSONParameterEncoder() }

    /// A ``JSONParameterEncoder`` with `encoder`.
    ///
    /// - Parameter encoder: The encoder that writes the JSON.
    /// - Returns: The parameter encoder.
    public static func json(encoder: JSONEncoder = JSONEncoder()) -> JSONParameterEncoder {
        JSONParameterEncoder(encoder: encoder)
    }
}
