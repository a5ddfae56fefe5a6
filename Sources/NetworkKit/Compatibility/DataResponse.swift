public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The answer a ``DataRequest`` hands to its response handlers, in Alamofire's shape: the request,
/// response, body, metrics, serialization time and the serialized result.
///
/// ```swift
/// AF.request(url).responseData { (response: AFDataResponse<Data>) in
///     if let data = response.value { print(data.count) }
/// }
/// ```
public struct DataResponse<Success, Failure: Error> {
    /// The request sent (the last one, after adaptation and retries).
    public let request: URLRequest?
    /// The response, if one came.
    ///
    /// Made from NetworkKit's response the first time it is read (see the façade's notes on
    /// `HTTPURLResponse`): a handler that reads only ``value`` never pays for it.
    public var response: HTTPURLResponse? { responseSource?.value }
    /// Where ``response`` comes from.
    let responseSource: LazyURLResponse?
    /// The body, if a response came.
    public let data: Data?
    /// URLSession's task metrics: nil, as NetworkKit's transports report timing to their
    /// ``EventMonitor``s instead.
    public let metrics: URLSessionTaskMetrics?
    /// How long the serializer took, in seconds.
    public let serializationDuration: TimeInterval
    /// The serialized value, or the error.
    public let result: Result<Success, Failure>

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    ///   - data: The body.
    ///   - metrics: The task metrics.
    ///   - serializationDuration: How long serializing took.
    ///   - result: The result.
    public init(
        request: URLRequest?, response: HTTPURLResponse?, data: Data?, metrics: URLSessionTaskMetrics?,
        serializationDuration: TimeInterval, result: Result<Success, Failure>
    ) {
        self.init(
            request: request, responseSource: response.map { LazyURLResponse(made: $0) }, data: data,
            metrics: metrics, serializationDuration: serializationDuration, result: result)
    }

    /// Creates a response whose `HTTPURLResponse` is made when first read.
    init(
        request: URLRequest?, responseSource: LazyURLResponse?, data: Data?, metrics: URLSessionTaskMetrics?,
        serializationDuration: TimeInterval, result: Result<Success, Failure>
    ) {
        self.request = request
        self.responseSource = responseSource
        self.data = data
        self.metrics = metrics
        self.serializationDuration = serializationDuration
        self.result = result
    }

    /// Creates a response without metrics, serialized in no time.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    ///   - data: The body.
    ///   - result: The result.
    public init(request: URLRequest?, response: HTTPURLResponse?, data: Data?, result: Result<Success, Failure>) {
        self.init(
            request: request, response: response, data: data, metrics: nil, serializationDuration: 0, result: result)
    }

    /// The value, when the result is a success.
    public var value: Success? {
        try? result.get()
    }

    /// The error, when the result is a failure.
    public var error: Failure? {
        guard case .failure(let error) = result else { return nil }
        return error
    }

    /// The same response with `transform` applied to its value.
    ///
    /// - Parameter transform: Makes the new value.
    /// - Returns: The response.
    public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> DataResponse<NewSuccess, Failure> {
        DataResponse<NewSuccess, Failure>(
            request: request, responseSource: responseSource, data: data, metrics: metrics,
            serializationDuration: serializationDuration, result: result.map(transform))
    }

    /// The same response with `transform` applied to its value; a thrown error becomes the result.
    ///
    /// - Parameter transform: Makes the new value.
    /// - Returns: The response.
    public func tryMap<NewSuccess>(_ transform: (Success) throws -> NewSuccess) -> DataResponse<NewSuccess, any Error> {
        let mapped: Result<NewSuccess, any Error>
        switch result {
        case .success(let value): mapped = Result { try transform(value) }
        case .failure(let error): mapped = .failure(error)
        }
        return DataResponse<NewSuccess, any Error>(
            request: request, responseSource: responseSource, data: data, metrics: metrics,
            serializationDuration: serializationDuration, result: mapped)
    }

    /// The same response with `transform` applied to its error.
    ///
    /// - Parameter transform: Makes the new error.
    /// - Returns: The response.
    public func mapError<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> DataResponse<Success, NewFailure> {
        DataResponse<Success, NewFailure>(
            request: request, responseSource: responseSource, data: data, metrics: metrics,
            serializationDuration: serializationDuration, result: result.mapError(transform))
    }
}

extension DataResponse: @unchecked Sendable where Success: Sendable, Failure: Sendable {}
// Sendable when its value and error are: its other properties are immutable lets of value types
// or of Sendable classes (the lazily made response), and `metrics`, a class FoundationNetworking does not mark Sendable, is never set by NetworkKit and
// is immutable once made (URLSessionTaskMetrics exposes only read-only properties).

extension DataResponse: CustomStringConvertible, CustomDebugStringConvertible {
    /// The result.
    public var description: String { "\(result)" }

    /// The request, status, body size, serialization time and result, secrets masked.
    public var debugDescription: String {
        let line = Redaction.default.requestLine(request)
        let status = responseSource.flatMap { $0.exists ? "\($0.statusCode)" : nil } ?? "None"
        return """
            [Request]: \(line)
            [Response]: \(status)
            [Data]: \(data.map { "\($0.count) bytes" } ?? "None")
            [Serialization Duration]: \(serializationDuration)s
            [Result]: \(result)
            """
    }
}

extension Redaction {
    /// `METHOD url` of `request` with secrets masked, or `None`, for the responses' debug descriptions.
    func requestLine(_ request: URLRequest?) -> String {
        request.flatMap { request in request.url.map { "\(request.httpMethod ?? "GET") \(redact($0))" } } ?? "None"
    }
}

/// Alamofire's name for a ``DataResponse`` that fails with an ``AFError``.
public typealias AFDataResponse<Success> = DataResponse<Success, AFError>
