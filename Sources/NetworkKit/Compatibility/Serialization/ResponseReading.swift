import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A built-in serializer that reads the response only for an empty body or an error (to tell
/// whether emptiness is allowed), so the façade need not make an `HTTPURLResponse` for a body it
/// serializes.
protocol ReadsResponseOnlyWhenEmpty {
    /// Whether it reads the response for a body that is there too (`StringResponseSerializer`
    /// without an encoding reads the charset).
    var readsResponseForBody: Bool { get }
}

/// Decides which response a serializer is given.
enum ResponseReading {
    /// `source`'s `HTTPURLResponse` when the serializer may read it; nil (the response left unmade)
    /// when it is a built-in serializer with a body to serialize and no error, which ignores it.
    ///
    /// - Parameters:
    ///   - source: The response.
    ///   - readsResponseForBody: Whether the serializer reads the response for a body that is
    ///     there (see ``readsResponseForBody(_:)``); asked only for such a body.
    ///   - data: The body.
    ///   - error: The request's error.
    /// - Returns: The response to hand it.
    static func response(
        _ source: LazyURLResponse, readsResponseForBody: @autoclosure () -> Bool, data: Data?, error: AFError?
    ) -> HTTPURLResponse? {
        if error == nil, let data, !data.isEmpty, !readsResponseForBody() { return nil }
        return source.value
    }

    /// Whether `serializer` reads the response for a body that is there: false for the built-in
    /// serializers that read it only for an empty body or an error, true for any other.
    ///
    /// A dynamic cast, which the response handlers of a built-in serializer skip by passing
    /// their serializer's answer themselves.
    ///
    /// - Parameter serializer: The serializer about to run.
    /// - Returns: Whether the response must be made for it.
    static func readsResponseForBody(_ serializer: some DataResponseSerializerProtocol) -> Bool {
        (serializer as? any ReadsResponseOnlyWhenEmpty)?.readsResponseForBody ?? true
    }
}

extension DataResponseSerializer: ReadsResponseOnlyWhenEmpty {
    var readsResponseForBody: Bool { false }
}

extension DecodableResponseSerializer: ReadsResponseOnlyWhenEmpty {
    var readsResponseForBody: Bool { false }
}

extension StringResponseSerializer: ReadsResponseOnlyWhenEmpty {
    var readsResponseForBody: Bool { encoding == nil }
}
