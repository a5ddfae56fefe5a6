import Foundation

// MARK: - Archive

extension HTTPError {
    /// An HTTP Archive (HAR) file that could not be read or written.
    public struct ArchiveFailure: Hashable, Sendable, CustomStringConvertible {
        /// The index of the entry at fault in `log.entries` (0 for the first), or nil when the
        /// problem is not in one entry (the file, the JSON, `log.creator`…).
        public let entry: Int?
        /// The field at fault, as a dotted path inside the entry (`response.content.text`) or the
        /// file (`log.version`); empty when the problem is the whole file.
        public let field: String
        /// What is wrong.
        public let reason: ArchiveFailureReason

        /// Creates the payload; NetworkKit makes these, tests may too.
        ///
        /// - Parameters:
        ///   - entry:  The entry's index (see the property).
        ///   - field:  The field (see the property).
        ///   - reason: What is wrong.
        public init(entry: Int?, field: String, reason: ArchiveFailureReason) {
            self.entry = entry
            self.field = field
            self.reason = reason
        }

        /// One line naming the entry and the field, such as
        /// `entry 3, response.content.text: invalid base64`.
        public var description: String {
            var place: [String] = []
            if let entry { place.append("entry \(entry)") }
            if !field.isEmpty { place.append(field) }
            return place.isEmpty ? reason.text : "\(place.joined(separator: ", ")): \(reason.text)"
        }
    }

    /// Why an HTTP Archive could not be read or written.
    public enum ArchiveFailureReason: Hashable, Sendable {
        /// The file could not be opened, read or written; carries the system's message.
        case fileUnavailable(path: String, detail: String)
        /// The file is not JSON; carries the parser's message.
        case notJSON(String)
        /// A field the HAR 1.2 specification requires is absent.
        case missingField
        /// A field holds null or a value of the wrong type; carries the type expected.
        case wrongType(expected: String)
        /// A field holds a value that cannot be used; carries why.
        case invalidValue(String)
        /// A body marked `"encoding": "base64"` is not base64.
        case invalidBase64
        /// The file is larger than ``HTTPArchiveLimits/maximumFileBytes``.
        case fileTooLarge(bytes: Int, limit: Int)
        /// The file has more entries than ``HTTPArchiveLimits/maximumEntries``.
        case tooManyEntries(count: Int, limit: Int)
        /// An entry's body is larger than ``HTTPArchiveLimits/maximumBodyBytes``.
        case bodyTooLarge(bytes: Int, limit: Int)
    }
}

extension HTTPError.ArchiveFailureReason {
    var text: String {
        switch self {
        case .fileUnavailable(let path, let detail): "cannot use the HAR file \(path): \(detail)"
        case .notJSON(let detail): "not JSON: \(detail)"
        case .missingField: "required field missing"
        case .wrongType(let expected): "expected \(expected)"
        case .invalidValue(let detail): "invalid value: \(detail)"
        case .invalidBase64: "invalid base64"
        case .fileTooLarge(let bytes, let limit): "the file has \(bytes) bytes, more than the limit of \(limit)"
        case .tooManyEntries(let count, let limit): "\(count) entries, more than the limit of \(limit)"
        case .bodyTooLarge(let bytes, let limit): "a body of \(bytes) bytes, more than the limit of \(limit)"
        }
    }
}
