import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests, responses and error readers the serializer suites share.
enum SerializationTesting {
    /// A request to a local address with the method given.
    static func request(_ method: HTTPMethod = .get) -> URLRequest {
        var request = URLRequest(url: URL(fileURLWithPath: "/"))
        if let url = URL(string: "http://127.0.0.1:8080/items") { request.url = url }
        request.httpMethod = method.rawValue
        return request
    }

    /// A response with the status and header fields given.
    static func response(_ statusCode: Int, _ headerFields: [String: String] = [:]) -> HTTPURLResponse? {
        HTTPURLResponse(
            url: URL(fileURLWithPath: "/items"), statusCode: statusCode, httpVersion: "HTTP/1.1",
            headerFields: headerFields)
    }

    /// The serialization failure reason of an error, or `nil` when it is not one.
    static func reason(of error: any Error) -> AFError.ResponseSerializationFailureReason? {
        guard case .responseSerializationFailed(let reason) = error as? AFError else { return nil }
        return reason
    }

    /// The reason the closure's error carries, or `nil` when it did not throw one.
    static func reason<T>(_ body: () throws -> T) -> AFError.ResponseSerializationFailureReason? {
        do {
            _ = try body()
            return nil
        } catch {
            return reason(of: error)
        }
    }
}

/// An error with an identity, to check that a serializer hands a passed-in error back unchanged.
struct MarkerError: Error, Equatable {
    let id: Int
}

/// A preprocessor that always fails.
struct FailingPreprocessor: DataPreprocessor {
    func preprocess(_ data: Data) throws -> Data {
        throw MarkerError(id: 99)
    }
}
