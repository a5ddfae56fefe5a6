/// The body of every error answer of the grocery API.
///
/// ```json
/// {"error": "validation_failed", "message": "Some fields are invalid.",
///  "fields": {"password": ["must be at least 8 characters"]}}
/// ```
public struct APIErrorModel: Codable, Sendable, Equatable {
    /// A stable machine-readable code, such as `email_exists` or `token_expired`.
    public var error: String
    /// A sentence for people.
    public var message: String
    /// For `validation_failed` (422): what is wrong with each field, by field name.
    public var fields: [String: [String]]?

    /// Creates an error body.
    ///
    /// - Parameters:
    ///   - error:   the code.
    ///   - message: the explanation.
    ///   - fields:  the field errors, for 422 answers.
    public init(error: String, message: String, fields: [String: [String]]? = nil) {
        self.error = error
        self.message = message
        self.fields = fields
    }
}
