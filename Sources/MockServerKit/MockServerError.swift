public import Foundation
public import NetworkKit

/// The one error type of MockServerKit.
///
/// Problems with the requests a client sends never surface as errors: the server answers them
/// with a 4xx status, as HTTP says. These cases are for the test code that drives the server.
public enum MockServerError: Error, Sendable, Equatable {
    /// The server could not start listening.
    case startFailed(StartFailureReason)
    /// A request body could not be decoded as the JSON type asked for.
    case bodyDecodingFailed(type: String, detail: String)
    /// A value could not be encoded as a JSON response body.
    case bodyEncodingFailed(type: String, detail: String)
    /// A streamed body's client has gone (or the body was cut, or the server stopped): there is
    /// nobody left to write to.
    case clientDisconnected
    /// An HTTP Archive (HAR) file could not be replayed or recorded to; the failure names the entry
    /// and the field at fault.
    case invalidArchive(HTTPError.ArchiveFailure)
    /// A WebSocket client broke RFC 6455 (an unmasked frame, text that is not UTF-8, a message over
    /// ``MockServer/Configuration/maxBodyBytes``…), so the server closed the connection with the
    /// error's `WebSocketError.closeCode`; or a message was sent after the close handshake began
    /// (`WebSocketError.Reason.notOpen`).
    case webSocketFailed(WebSocketError)

    /// Why ``MockServerError/startFailed(_:)`` happened.
    public enum StartFailureReason: Sendable, Equatable {
        /// The host is not a numeric IPv4 or IPv6 address.
        case invalidHost(String)
        /// A system call failed with this `errno`.
        case systemCall(String, Int32)
    }
}

// MARK: - LocalizedError

extension MockServerError: LocalizedError {
    /// A one-line explanation of what went wrong.
    public var errorDescription: String? {
        switch self {
        case .startFailed(.invalidHost(let host)):
            return "MockServer cannot listen on '\(host)': give a numeric IPv4 or IPv6 address such as 127.0.0.1"
        case .startFailed(.systemCall(let call, let code)):
            return "MockServer could not start: \(call)() failed with errno \(code) (\(Self.describe(code)))"
        case .bodyDecodingFailed(let type, let detail):
            return "The request body is not valid JSON for \(type): \(detail)"
        case .bodyEncodingFailed(let type, let detail):
            return "\(type) could not be encoded as JSON: \(detail)"
        case .clientDisconnected:
            return "The client of this streamed response has disconnected"
        case .invalidArchive(let failure):
            return "The HTTP Archive cannot be used: \(failure)"
        case .webSocketFailed(let error):
            return "The WebSocket connection failed: \(error)"
        }
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
