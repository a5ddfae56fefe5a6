public import Foundation

/// Addresses of the fixture servers that `scripts/test` starts, read from `SU_*` environment variables.
///
/// A test that needs a fixture calls ``Fixture/url(_:)`` and fails, naming the variable, when it
/// is missing: tests never skip silently.
public enum Fixture {
    /// The error thrown when a fixture's variable is missing or malformed.
    public struct MissingError: Error, CustomStringConvertible {
        /// The environment variable that was looked up.
        public let variable: String
        /// Why the value could not be used.
        public let reason: String

        /// A one-line explanation that names the variable and how to set it.
        public var description: String {
            "\(variable) \(reason): run the tests through scripts/test, which starts the fixture servers"
        }
    }

    /// The raw value of the environment variable `name`.
    ///
    /// - Throws: ``MissingError`` when it is unset or empty.
    public static func value(_ name: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
            throw MissingError(variable: name, reason: "is not set")
        }
        return value
    }

    /// The URL in the environment variable `name`, such as `SU_HTTPBIN_URL`.
    ///
    /// - Throws: ``MissingError`` when it is unset or not a URL.
    public static func url(_ name: String) throws -> URL {
        let raw = try value(name)
        guard let url = URL(string: raw), url.scheme != nil else {
            throw MissingError(variable: name, reason: "is not a URL (\(raw))")
        }
        return url
    }
}
