public import Foundation
import InternalServiceUtilities

/// What two HAR readers independent of ServiceUtils make of a file: jsonschema, against a HAR 1.2
/// schema written from the specification, and haralyzer (see `Tests/Fixtures/NetworkKit/HAR/` and
/// `scripts/fixtures/har.sh`, which puts both in `SU_HAR_PYTHON`'s environment).
public struct HARCheck: Decodable, Sendable {
    /// One entry as haralyzer read it.
    public struct Entry: Decodable, Sendable {
        /// The request method.
        public var method: String
        /// The request URL.
        public var url: String
        /// The response status.
        public var status: Int
        /// The response's `content.mimeType`.
        public var mimeType: String?
        /// The response's `content.text`.
        public var text: String?
        /// The response's `content.encoding`.
        public var encoding: String?
        /// The request's `postData.text`.
        public var postText: String?
        /// Whether `startedDateTime` parsed as a date.
        public var started: Bool
        /// The request headers, names lowercased.
        public var headers: [String: String]
    }

    /// Where the file breaks the schema, one line per error (empty when valid).
    public var schemaErrors: [String]
    /// `log.creator` as haralyzer reports it.
    public var creator: String
    /// The entries, in the order haralyzer gives (by start time).
    public var entries: [Entry]

    /// The error thrown when the checker cannot run or fails.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Runs both readers over `file`, on a thread of its own.
    ///
    /// - Parameter file: The HAR file.
    /// - Returns: What they found.
    /// - Throws: ``Fixture/MissingError`` without `SU_HAR_PYTHON`; ``Failure`` when the checker fails.
    public static func run(_ file: URL) async throws -> HARCheck {
        let python = URL(fileURLWithPath: try Fixture.value("SU_HAR_PYTHON"))
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // ServiceUtilsTestSupport
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures/NetworkKit/HAR")
        let arguments = [
            folder.appendingPathComponent("check-har.py").path,
            folder.appendingPathComponent("har-1.2.schema.json").path, file.path,
        ]
        let output = try await onThread { try ProcessRunner.run(python, arguments: arguments) }
        guard output.status == 0 else {
            throw Failure(description: "check-har.py failed: \(output.errorSummary())")
        }
        return try JSONDecoder().decode(HARCheck.self, from: output.standardOutput)
    }
}
