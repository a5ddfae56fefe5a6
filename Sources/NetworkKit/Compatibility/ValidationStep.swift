import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The status codes a validation accepts: a range is kept as one (Alamofire's usual
/// `200..<300`), any other sequence as a set.
struct StatusCodes: Sendable {
    private let range: ClosedRange<Int>?
    private let set: Set<Int>

    /// The codes of `codes`.
    ///
    /// - Parameter codes: The accepted codes.
    init<S: Sequence>(_ codes: S) where S.Element == Int {
        if let codes = codes as? Range<Int> {
            range = codes.isEmpty ? nil : codes.lowerBound...(codes.upperBound - 1)
            set = []
        } else if let codes = codes as? ClosedRange<Int> {
            range = codes
            set = []
        } else {
            range = nil
            set = Set(codes)
        }
    }

    /// 2xx, which `validate()` accepts.
    static let success = StatusCodes(200..<300)

    /// Whether `code` is accepted.
    ///
    /// - Parameter code: A status code.
    /// - Returns: True when it is one of the codes.
    func contains(_ code: Int) -> Bool {
        range?.contains(code) ?? set.contains(code)
    }
}

/// One validation a ``DataRequest`` runs on its response: Alamofire's closure form, or one of its
/// built-in forms, which read the status and media type from NetworkKit's response so that no
/// `HTTPURLResponse` need be made for them.
enum ValidationStep: Sendable {
    /// `validate(_:)`.
    case custom(DataRequest.Validation)
    /// `validate(statusCode:)`.
    case statusCodes(StatusCodes)
    /// `validate(contentType:)`, its types computed when the response has come.
    case contentTypes(@Sendable () -> [String])
    /// `validate()`: 2xx, and a media type the request's `Accept` lists.
    case standard

    /// The error this step fails with, as an ``AFError``; nil when it passes.
    ///
    /// - Parameters:
    ///   - request: The request sent.
    ///   - response: The response.
    ///   - data: The body.
    /// - Returns: The failure, if any.
    func failure(request: URLRequest?, response: LazyURLResponse, data: Data?) -> AFError? {
        let result: Request.ValidationResult
        switch self {
        case .custom(let validation):
            guard let made = response.value else { return nil }
            result = validation(request, made, data)
        case .statusCodes(let codes):
            result = DataRequest.check(status: response.statusCode, against: codes)
        case .contentTypes(let types):
            result = DataRequest.check(contentType: response.mimeType, isEmpty: data?.isEmpty ?? true, against: types())
        case .standard:
            if case .failure(let error) = DataRequest.check(status: response.statusCode, against: .success) {
                result = .failure(error)
            } else {
                let accepted = DataRequest.acceptedTypes(of: request)
                result = DataRequest.check(
                    contentType: response.mimeType, isEmpty: data?.isEmpty ?? true, against: accepted)
            }
        }
        guard case .failure(let failure) = result else { return nil }
        return (failure as? AFError) ?? .responseValidationFailed(reason: .customValidationFailed(error: failure))
    }
}
