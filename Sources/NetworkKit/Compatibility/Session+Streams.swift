import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Streams

extension Session {
    /// A stream of a URL's body, with an `Encodable` value encoded by `encoder`.
    ///
    /// - Parameters:
    ///   - convertible: The URL.
    ///   - method: The method; `GET` by default.
    ///   - parameters: The value to encode.
    ///   - encoder: How it is written; a URL-encoded form (query or body by method) by default.
    ///   - headers: Header fields.
    ///   - automaticallyCancelOnStreamError: Whether a piece the serializer cannot read cancels it.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - requestModifier: Changes the `URLRequest` before the value is encoded.
    /// - Returns: The request.
    public func streamRequest<Parameters: Encodable & Sendable>(
        _ convertible: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
        encoder: any ParameterEncoder = URLEncodedFormParameterEncoder.default, headers: HTTPHeaders? = nil,
        automaticallyCancelOnStreamError: Bool = false, interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil, requestModifier: RequestModifier? = nil
    ) -> DataStreamRequest {
        streamRequest(
            RequestConvertible(
                url: convertible, method: method, parameters: parameters, encoder: encoder, headers: headers,
                requestModifier: requestModifier),
            automaticallyCancelOnStreamError: automaticallyCancelOnStreamError, interceptor: interceptor,
            shouldAutomaticallyResume: shouldAutomaticallyResume)
    }

    /// A stream of a URL's body.
    ///
    /// ```swift
    /// AF.streamRequest("https://example.com/feed").responseStreamString { print($0.event) }
    /// ```
    ///
    /// - Parameters:
    ///   - convertible: The URL.
    ///   - method: The method; `GET` by default.
    ///   - headers: Header fields.
    ///   - automaticallyCancelOnStreamError: Whether a piece the serializer cannot read cancels it.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - requestModifier: Changes the `URLRequest` before it is sent.
    /// - Returns: The request.
    public func streamRequest(
        _ convertible: any URLConvertible, method: HTTPMethod = .get, headers: HTTPHeaders? = nil,
        automaticallyCancelOnStreamError: Bool = false, interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil, requestModifier: RequestModifier? = nil
    ) -> DataStreamRequest {
        streamRequest(
            PlainRequest(url: convertible, method: method, headers: headers, modifier: requestModifier),
            automaticallyCancelOnStreamError: automaticallyCancelOnStreamError, interceptor: interceptor,
            shouldAutomaticallyResume: shouldAutomaticallyResume)
    }

    /// A stream of the body of a router's or `URLRequest`'s response.
    ///
    /// - Parameters:
    ///   - convertible: The router or request; an error it throws fails the stream.
    ///   - automaticallyCancelOnStreamError: Whether a piece the serializer cannot read cancels it.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first handler; nil to follow
    ///     ``startRequestsImmediately``.
    /// - Returns: The request.
    public func streamRequest(
        _ convertible: any URLRequestConvertible, automaticallyCancelOnStreamError: Bool = false,
        interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil
    ) -> DataStreamRequest {
        DataStreamRequest(
            id: .unique(), convertible: convertible, automaticallyCancelOnStreamError: automaticallyCancelOnStreamError,
            underlyingQueue: rootQueue, serializationQueue: serializationQueue, eventMonitor: eventMonitor,
            interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume, delegate: self)
    }
}
