#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Encodes an `Encodable` value as URL-encoded form text with a ``URLEncodedFormEncoder``, in the
/// query or as an `application/x-www-form-urlencoded; charset=utf-8` body, as Alamofire's class of
/// this name.
///
/// ```swift
/// struct Search: Encodable, Sendable { var text: String; var page: Int }
/// var request = URLRequest(url: URL(string: "https://api.example.com/items?lang=en")!)
/// request = try URLEncodedFormParameterEncoder.default.encode(Search(text: "tea", page: 2), into: request)
/// // https://api.example.com/items?lang=en&page=2&text=tea
/// ```
///
/// Unlike Alamofire's `open` class it cannot be subclassed; wrap it in an adopter of
/// ``ParameterEncoder`` instead.
public final class URLEncodedFormParameterEncoder: ParameterEncoder {
    /// Where the form text goes: the query for `GET`, `HEAD` and `DELETE` and the body otherwise
    /// (``URLEncoding/Destination/methodDependent``), always the query, or always the body.
    public typealias Destination = URLEncoding.Destination

    /// An encoder with a default ``URLEncodedFormEncoder`` and a method-dependent destination.
    public static var `default`: URLEncodedFormParameterEncoder { URLEncodedFormParameterEncoder() }

    /// The encoder that writes the form text.
    public let encoder: URLEncodedFormEncoder
    /// Where the form text goes.
    public let destination: Destination

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - encoder:     The encoder that writes the form text.
    ///   - destination: Where the form text goes.
    public init(encoder: URLEncodedFormEncoder = URLEncodedFormEncoder(), destination: Destination = .methodDependent) {
        self.encoder = encoder
        self.destination = destination
    }

    /// Returns `request` with `parameters` as form text in its query or body.
    ///
    /// In the query, the text follows any query the URL already has, after a `&`; a value with no
    /// pairs leaves the URL as it was (without a `?` when it had no query). As the body, it gets
    /// `Content-Type: application/x-www-form-urlencoded; charset=utf-8` unless it has one.
    ///
    /// - Parameters:
    ///   - parameters: The value to encode (its root must be keyed), or nil to leave the request
    ///     unchanged.
    ///   - request:    The request.
    /// - Returns: The request with the form text in its URL or body.
    /// - Throws: ``AFError/parameterEncoderFailed(reason:)`` with
    ///   ``AFError/ParameterEncoderFailureReason/missingRequiredComponent(_:)`` when the request has
    ///   no URL or method, or ``AFError/ParameterEncoderFailureReason/encoderFailed(error:)`` holding
    ///   what the ``URLEncodedFormEncoder`` threw.
    public func encode<Parameters: Encodable>(_ parameters: Parameters?, into request: URLRequest) throws
        -> URLRequest
    {
        guard let parameters else { return request }
        guard let url = request.url else {
            throw AFError.parameterEncoderFailed(reason: .missingRequiredComponent(.url))
        }
        guard let method = request.method else {
            throw AFError.parameterEncoderFailed(reason: .missingRequiredComponent(.httpMethod(rawValue: "nil")))
        }
        var request = request
        if destination.encodesParameters(in: method),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        {
            let query: String = try Self.wrappingError { try encoder.encode(parameters) }
            let joined = [components.percentEncodedQuery, query].compactMap { $0 }.filter { !$0.isEmpty }
            components.percentEncodedQuery = joined.isEmpty ? nil : joined.joined(separator: "&")
            guard let encodedURL = components.url else {
                throw AFError.parameterEncoderFailed(reason: .missingRequiredComponent(.url))
            }
            request.url = encodedURL
        } else {
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
            }
            let body: Data = try Self.wrappingError { try encoder.encode(parameters) }
            request.httpBody = body
        }
        return request
    }

    /// What `encode` returns, its error wrapped as Alamofire wraps it.
    private static func wrappingError<Output>(_ encode: () throws -> Output) throws -> Output {
        do {
            return try encode()
        } catch {
            throw AFError.parameterEncoderFailed(reason: .encoderFailed(error: error))
        }
    }
}

extension ParameterEncoder where Self == URLEncodedFormParameterEncoder {
    /// A ``URLEncodedFormParameterEncoder`` with a default encoder and a method-dependent
    /// destination, for an argument typed `any ParameterEncoder`.
    public static var urlEncodedForm: URLEncodedFormParameterEncoder { URLEncodedFormParameterEncoder() }

    /// A ``URLEncodedFormParameterEncoder`` with `encoder` and `destination`.
    ///
    /// - Parameters:
    ///   - encoder:     The encoder that writes the form text.
    ///   - destination: Where the form text goes.
    /// - Returns: The parameter encoder.
    public static func urlEncodedForm(
        encoder: URLEncodedFormEncoder = URLEncodedFormEncoder(),
        destination: URLEncodedFormParameterEncoder.Destination = .methodDependent
    ) -> URLEncodedFormParameterEncoder {
        URLEncodedFormParameterEncoder(encoder: encoder, destination: destination)
    }
}
