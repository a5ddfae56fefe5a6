public import Foundation

/// The `IntegrityProbe` that asks this machine: the file system and environment everywhere,
/// `/proc/self` on Linux, `sysctl` and dyld on Apple platforms.
public struct SystemIntegrityProbe: IntegrityProbe {
    /// The environment the probe reads; this process's by default.
    public let environment: [String: String]

    /// Creates the probe.
    ///
    /// - Parameter environment: The variables to inspect.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Whether something exists at `path`.
    ///
    /// - Parameter path: An absolute path.
    /// - Returns: `true` when it exists.
    public func fileExists(atPath path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Whether `path` is a symbolic link.
    ///
    /// - Parameter path: An absolute path.
    /// - Returns: `true` for a symbolic link.
    public func isSymbolicLink(atPath path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    /// Tries to create a file at `path`, removing it when that worked.
    ///
    /// - Parameter path: The path to try.
    /// - Returns: `true` when the file was created.
    public func canWrite(toPath path: String) -> Bool {
        guard !FileManager.default.fileExists(atPath: path) else { return false }
        guard FileManager.default.createFile(atPath: path, contents: Data("integrity".utf8)) else { return false }
        try? FileManager.default.removeItem(atPath: path)
        return true
    }

    /// The value of `name` in ``environment``.
    ///
    /// - Parameter name: The variable.
    /// - Returns: Its value, or `nil`.
    public func environmentValue(_ name: String) -> String? {
        environment[name]
    }

    /// Whether this is the iOS simulator (it sets `SIMULATOR_DEVICE_NAME`, as SurfUtils checked).
    public var isSimulator: Bool {
        #if targetEnvironment(simulator)
            return true
        #else
            return environment["SIMULATOR_DEVICE_NAME"] != nil
        #endif
    }
}
