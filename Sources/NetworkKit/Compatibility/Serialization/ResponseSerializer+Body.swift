import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - The steps every body serializer shares

extension ResponseSerializer {
    /// The preprocessed body, or `nil` when the body is empty and that is allowed.
    ///
    /// - Parameters:
    ///   - request:  The request, or `nil`.
    ///   - response: The response, or `nil`.
    ///   - data:     The body, or `nil`.
    ///   - error:    The error so far, or `nil`.
    /// - Returns: The body after ``dataPreprocessor``, or `nil` for an allowed empty answer.
    /// - Throws: `error` unchanged; ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength``
    ///   for an empty body that is not allowed; whatever the preprocessor throws.
    func preprocessedBody(
        request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: (any Error)?
    ) throws -> Data? {
        if let error { throw error }
        guard let data, !data.isEmpty else {
            guard emptyResponseAllowed(forRequest: request, response: response) else {
                throw AFError.responseSerializationFailed(reason: .inputDataNilOrZeroLength)
            }
            return nil
        }
        return try dataPreprocessor.preprocess(data)
    }
}
