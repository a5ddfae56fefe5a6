import Foundation

// MARK: - WebSocket

extension Session {
    /// A WebSocket connection to a URL: Alamofire's `webSocketRequest(to:…)`, public here (Alamofire's
    /// is `@_spi(WebSocket)`).
    ///
    /// ```swift
    /// AF.webSocketRequest(to: "wss://example.com/chat").streamMessages { print($0) }
    /// ```
    ///
    /// Unlike Alamofire's, which drops it, `shouldAutomaticallyResume` is passed on.
    ///
    /// - Parameters:
    ///   - url: The `ws` or `wss` URL (`http` and `https` are taken as those).
    ///   - configuration: The subprotocol, limit and automatic ping; Alamofire's defaults by default.
    ///   - headers: Header fields for the handshake.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - requestModifier: Changes the handshake's `URLRequest` before it is sent.
    /// - Returns: The request.
    public func webSocketRequest(
        to url: any URLConvertible, configuration: WebSocketRequest.Configuration = .default,
        headers: HTTPHeaders? = nil, interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil, requestModifier: RequestModifier? = nil
    ) -> WebSocketRequest {
        webSocketRequest(
            performing: PlainRequest(url: url, method: .get, headers: headers, modifier: requestModifier),
            configuration: configuration, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume
        )
    }

    /// A WebSocket connection to a URL, with an `Encodable` value encoded into the handshake's query
    /// by `encoder`.
    ///
    /// ```swift
    /// AF.webSocketRequest(to: "wss://example.com/chat", parameters: ["room": "7"])
    /// ```
    ///
    /// - Parameters:
    ///   - url: The `ws` or `wss` URL.
    ///   - configuration: The subprotocol, limit and automatic ping; Alamofire's defaults by default.
    ///   - parameters: The value to encode.
    ///   - encoder: How it is written; a URL-encoded form in the query by default.
    ///   - headers: Header fields for the handshake.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - requestModifier: Changes the handshake's `URLRequest` before the value is encoded.
    /// - Returns: The request.
    public func webSocketRequest<Parameters>(
        to url: any URLConvertible, configuration: WebSocketRequest.Configuration = .default,
        parameters: Parameters? = nil, encoder: any ParameterEncoder = URLEncodedFormParameterEncoder.default,
        headers: HTTPHeaders? = nil, interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil, requestModifier: RequestModifier? = nil
    ) -> WebSocketRequest where Parameters: Encodable & Sendable {
        webSocketRequest(
            performing: RequestConvertible(
                url: url, method: .get, parameters: parameters, encoder: encoder, headers: headers,
                requestModifier: requestModifier),
            configuration: configuration, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume
        )
    }

    /// A WebSocket connection for a router or `URLRequest`.
    ///
    /// - Parameters:
    ///   - convertible: The router or request; an error it throws completes the request with it.
    ///   - configuration: The subprotocol, limit and automatic ping; Alamofire's defaults by default.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first handler; nil to follow
    ///     ``startRequestsImmediately``.
    /// - Returns: The request.
    public func webSocketRequest(
        performing convertible: any URLRequestConvertible, configuration: WebSocketRequest.Configuration = .default,
        interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil
    ) -> WebSocketRequest {
        WebSocketRequest(
            id: .unique(), convertible: convertible, configuration: configuration, underlyingQueue: rootQueue,
            serializationQueue: serializationQueue, eventMonitor: eventMonitor, interceptor: interceptor,
            shouldAutomaticallyResume: shouldAutomaticallyResume, delegate: self)
    }
}
