public import Foundation

/// Paths of executables that the package builds beside the test bundle.
public enum BuiltProducts {
    /// The error thrown when an executable has not been built.
    public struct NotBuiltError: Error, CustomStringConvertible {
        /// The path that was looked at.
        public let path: String

        /// A one-line explanation.
        public var description: String {
            "\(path) does not exist: run `swift build` (scripts/test does) before the tests"
        }
    }

    /// The folder that holds the built products (`.build/debug`, for example).
    public static var directory: URL {
        // The test runner is `<products>/ServiceUtilsPackageTests.xctest` (or a tool inside it).
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            if url.pathExtension == "xctest" { return url.deletingLastPathComponent() }
            url.deleteLastPathComponent()
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return cwd.appendingPathComponent(".build/debug")
    }

    /// The URL of the built executable `name`, such as `service-utils`.
    ///
    /// - Throws: ``NotBuiltError`` when it is missing.
    public static func executable(_ name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw NotBuiltError(path: url.path)
        }
        return url
    }
}
