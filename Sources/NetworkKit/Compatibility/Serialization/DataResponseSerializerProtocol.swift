public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A type that turns what a data request got back (the request, the response, the body and any
/// error so far) into a value: Alamofire's protocol of this name.
///
/// Rules for adopters:
/// - When `error` is not `nil`, throw it unchanged, unless the serializer means to recover from it.
/// - Never trap on input: a missing response, a missing body or bytes of any kind must give a value
///   or a thrown error.
/// - Be safe to call from any thread; the value produced is `Sendable`.
///
/// ```swift
/// struct LineCountSerializer: DataResponseSerializerProtocol {
///     func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: (any Error)?) throws -> Int {
///         if let error { throw error }
///         return data.map { $0.split(separator: UInt8(ascii: "\n")).count } ?? 0
///     }
/// }
/// ```
public protocol DataResponseSerializerProtocol<SerializedObject>: Sendable {
    /// The type of the value made from a response.
    associatedtype SerializedObject: Sendable

    /// Makes a value from a data request's outcome.
    ///
    /// - Parameters:
    ///   - request:  The request as sent, or `nil` when it could not be built.
    ///   - response: The server's response, or `nil` when none arrived.
    ///   - data:     The body, or `nil` when there was none.
    ///   - error:    The error the request failed with so far, or `nil`.
    /// - Returns: The value.
    /// - Throws: `error` when one was passed in, or why the value could not be made.
    func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: (any Error)?) throws
        -> SerializedObject
}
