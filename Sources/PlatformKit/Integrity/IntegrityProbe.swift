/// Everything `BrightSide` asks the system, behind one seam so each rule can be tested with fakes.
///
/// Adopters answer from the real system (`SystemIntegrityProbe`) or from fixed values; they must
/// never trap, and answer "nothing found" when a question does not apply to their platform.
public protocol IntegrityProbe: Sendable {
    /// Whether something exists at `path`.
    ///
    /// - Parameter path: An absolute path.
    /// - Returns: `true` when a file, directory or link exists there.
    func fileExists(atPath path: String) -> Bool

    /// Whether `path` is a symbolic link.
    ///
    /// - Parameter path: An absolute path.
    /// - Returns: `true` for a symbolic link.
    func isSymbolicLink(atPath path: String) -> Bool

    /// Whether a file could be created at `path` (and is removed again).
    ///
    /// - Parameter path: A path outside the sandbox.
    /// - Returns: `true` when the write succeeded.
    func canWrite(toPath path: String) -> Bool

    /// The value of the environment variable `name`.
    ///
    /// - Parameter name: Such as `LD_PRELOAD`.
    /// - Returns: Its value, or `nil` when unset.
    func environmentValue(_ name: String) -> String?

    /// The paths of the libraries loaded into this process.
    ///
    /// - Returns: One path per image.
    func loadedImagePaths() -> [String]

    /// Evidence that a debugger or tracer is attached, or `nil` when none is.
    ///
    /// - Returns: Such as `TracerPid 4242 in /proc/self/status`.
    func attachedDebugger() -> String?

    /// The effective user ID.
    ///
    /// - Returns: 0 for root.
    func effectiveUserID() -> UInt32

    /// Whether this runs in a simulator or emulator.
    var isSimulator: Bool { get }
}
