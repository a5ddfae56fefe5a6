#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Parameters as SurfUtils and Alamofire routers give them: a dictionary of strings, numbers,
/// booleans, `NSNull`, arrays and nested dictionaries.
public typealias Parameters = [String: Any]

/// Puts a router's parameters into a request: in the URL's query, or as a body.
///
/// An adopter implements one of the two `encode` methods; each has a default that calls the
/// other, so an adopter written for NetworkKit (taking a `URLRequest`) and one written for
/// Alamofire (taking any ``URLRequestConvertible``) both conform. One that implements neither
/// recurses until the stack runs out.
///
/// Adopters must leave the request unchanged when `parameters` is nil, must not replace a
/// `Content-Type` the request already has, and must throw (never crash) for a value they cannot
/// encode: ``HTTPError/encodingFailed(_:)`` from the `URLRequest` form, which routers and
/// ``HTTPClient`` call, and an ``AFError`` from the ``URLRequestConvertible`` form, as Alamofire does.
public protocol ParameterEncoding: Sendable {
    /// Returns `request` with `parameters` encoded into it.
    ///
    /// - Parameters:
    ///   - request:    The request built so far (URL, method, headers).
    ///   - parameters: The parameters, or nil for none.
    /// - Returns: The request with the parameters in its URL or body.
    /// - Throws: ``HTTPError`` when a value cannot be encoded or the request has no URL.
    func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest

    /// Returns the request `urlRequest` makes with `parameters` encoded into it, as Alamofire's
    /// `ParameterEncoding` does.
    ///
    /// - Parameters:
    ///   - urlRequest: The request, or a value that makes one (a router, say).
    ///   - parameters: The parameters, or nil for none.
    /// - Returns: The request with the parameters in its URL or body.
    /// - Throws: What `urlRequest.asURLRequest()` throws, or an ``AFError`` when a value cannot be
    ///   encoded or the request has no URL.
    func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest
}

extension ParameterEncoding {
    /// Returns `request` with `parameters` encoded into it, through the ``URLRequestConvertible``
    /// form: the default for an adopter written for Alamofire.
    ///
    /// - Parameters:
    ///   - request:    The request built so far.
    ///   - parameters: The parameters, or nil for none.
    /// - Returns: The request with the parameters in its URL or body.
    /// - Throws: What the adopter's ``URLRequestConvertible`` form throws.
    public func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest {
        try encode(request as any URLRequestConvertible, with: parameters)
    }

    /// Returns the request `urlRequest` makes with `parameters` encoded into it, through the
    /// `URLRequest` form: the default for an adopter written for NetworkKit.
    ///
    /// An ``HTTPError`` the `URLRequest` form throws becomes the ``AFError`` Alamofire throws in its
    /// place: a missing URL is ``AFError/ParameterEncodingFailureReason/missingURL``, a value JSON
    /// cannot hold ``AFError/ParameterEncodingFailureReason/jsonEncodingFailed(error:)`` holding the
    /// ``HTTPError``; any other error passes through.
    ///
    /// - Parameters:
    ///   - urlRequest: The request, or a value that makes one.
    ///   - parameters: The parameters, or nil for none.
    /// - Returns: The request with the parameters in its URL or body.
    /// - Throws: What `urlRequest.asURLRequest()` throws, or an ``AFError`` when encoding fails.
    public func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        let request = try urlRequest.asURLRequest()
        do {
            return try encode(request, with: parameters)
        } catch let error as HTTPError {
            throw AFError(parameterEncoding: error)
        }
    }
}

extension AFError {
    /// The error Alamofire's `ParameterEncoding` throws where NetworkKit's throws `error`.
    init(parameterEncoding error: HTTPError) {
        if case .invalidURL(.missingURL) = error {
            self = .parameterEncodingFailed(reason: .missingURL)
        } else {
            self.init(error)
        }
    }
}
