/// A kind of sign that the device or process has been tampered with (an open set: add your own
/// with `IntegrityIndicator(rawValue:)`).
public struct IntegrityIndicator: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The indicator's stable name, such as `debugger-attached`.
    public let rawValue: String

    /// Creates an indicator from its name.
    ///
    /// - Parameter rawValue: A short kebab-case name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The indicator's name.
    public var description: String { rawValue }

    /// A file or app that jailbreaks install exists (Cydia, Sileo, `/var/jb`, Frida…).
    public static let jailbreakFile = IntegrityIndicator(rawValue: "jailbreak-file")
    /// An app answers a jailbreak store's URL scheme (`cydia:`, `sileo:`…).
    public static let jailbreakURLScheme = IntegrityIndicator(rawValue: "jailbreak-url-scheme")
    /// The app could write outside its sandbox.
    public static let sandboxEscape = IntegrityIndicator(rawValue: "sandbox-escape")
    /// A system directory is a symbolic link (jailbreaks relocate them).
    public static let symlinkedSystemDirectory = IntegrityIndicator(rawValue: "symlinked-system-directory")
    /// `DYLD_INSERT_LIBRARIES` injects libraries (Apple).
    public static let injectedLibraries = IntegrityIndicator(rawValue: "dyld-insert-libraries")
    /// A loaded library is a known hooking or instrumentation tool (Frida, Substrate…).
    public static let suspiciousImage = IntegrityIndicator(rawValue: "suspicious-loaded-image")
    /// A debugger or tracer is attached (`P_TRACED` on Apple, `TracerPid` on Linux).
    public static let debuggerAttached = IntegrityIndicator(rawValue: "debugger-attached")
    /// `LD_PRELOAD` injects libraries (Linux).
    public static let preloadedLibraries = IntegrityIndicator(rawValue: "ld-preload")
    /// The process runs as root (Linux).
    public static let runningAsRoot = IntegrityIndicator(rawValue: "running-as-root")
}

/// One indicator found, with the evidence.
public struct IntegrityFinding: Hashable, Sendable, CustomStringConvertible {
    /// What was found.
    public let indicator: IntegrityIndicator
    /// The evidence, such as the path or the tracer's process ID.
    public let reason: String

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - indicator: What was found.
    ///   - reason: The evidence.
    public init(indicator: IntegrityIndicator, reason: String) {
        self.indicator = indicator
        self.reason = reason
    }

    /// `indicator: reason`.
    public var description: String { "\(indicator): \(reason)" }
}

/// The outcome of `BrightSide`'s checks.
public struct IntegrityReport: Sendable, Equatable {
    /// Every indicator found, in the order the checks ran.
    public let findings: [IntegrityFinding]
    /// Whether this is a simulator or emulator (which counts as clean, as in SurfUtils).
    public let isSimulator: Bool

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - findings: The indicators found.
    ///   - isSimulator: Whether the checks ran on a simulator.
    public init(findings: [IntegrityFinding], isSimulator: Bool) {
        self.findings = findings
        self.isSimulator = isSimulator
    }

    /// SurfUtils' meaning of "bright": a simulator, or no indicator at all.
    public var isClean: Bool { isSimulator || findings.isEmpty }

    /// Whether `indicator` was found.
    ///
    /// - Parameter indicator: The indicator to look for.
    /// - Returns: `true` when a finding has it.
    public func contains(_ indicator: IntegrityIndicator) -> Bool {
        findings.contains { $0.indicator == indicator }
    }
}
