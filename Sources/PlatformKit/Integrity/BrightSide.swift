import Foundation

/// Checks whether the device and process look untampered: no jailbreak, injected libraries,
/// debugger or root (SurfUtils' `BrightSide`, extended).
///
/// `isBright()` keeps SurfUtils' meaning (`true` = clean, and a simulator counts as clean);
/// `report()` lists every indicator with its evidence. Each rule asks an `IntegrityProbe` and, for
/// URL schemes, a `URLOpener`, so tests drive every rule with fakes.
///
/// ```swift
/// if !BrightSide.isBright() { disablePayments() }
/// for finding in BrightSide().report().findings { print(finding) }
/// ```
public struct BrightSide: Sendable {
    /// One rule `BrightSide` can run.
    public enum Check: String, Sendable, CaseIterable, Hashable {
        /// Jailbreak files and apps exist.
        case jailbreakFiles
        /// Jailbreak stores' URL schemes can be opened.
        case urlSchemes
        /// A file can be written outside the sandbox.
        case sandboxWrite
        /// System directories are symbolic links.
        case symlinks
        /// `DYLD_INSERT_LIBRARIES` is set.
        case dyldInsertLibraries
        /// A loaded library is a known hooking tool.
        case loadedImages
        /// A debugger or tracer is attached.
        case debugger
        /// `LD_PRELOAD` is set.
        case ldPreload
        /// The process runs as root.
        case root

        /// The checks that make sense where the package was compiled: the jailbreak rules on
        /// iOS-family systems, injection and debugger on macOS, and debugger, `LD_PRELOAD`, root
        /// and loaded images on Linux.
        public static var platformDefault: Set<Check> {
            #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
                return [
                    .jailbreakFiles, .urlSchemes, .sandboxWrite, .symlinks, .dyldInsertLibraries, .loadedImages,
                    .debugger,
                ]
            #elseif os(macOS)
                return [.dyldInsertLibraries, .loadedImages, .debugger]
            #else
                return [.debugger, .ldPreload, .root, .loadedImages]
            #endif
        }
    }

    let probe: any IntegrityProbe
    let opener: any URLOpener
    let checks: Set<Check>

    /// Creates a checker.
    ///
    /// - Parameters:
    ///   - probe: What answers the system questions; the real system by default.
    ///   - opener: What answers whether jailbreak URL schemes open; the platform's by default.
    ///   - checks: Which rules run; `Check.platformDefault` by default.
    public init(
        probe: any IntegrityProbe = SystemIntegrityProbe(),
        opener: any URLOpener = .system,
        checks: Set<Check> = Check.platformDefault
    ) {
        self.probe = probe
        self.opener = opener
        self.checks = checks
    }

    /// Whether this device looks clean, as SurfUtils answered it (`true` on a simulator).
    ///
    /// - Returns: `true` when no indicator was found.
    public static func isBright() -> Bool {
        BrightSide().report().isClean
    }

    /// Runs every enabled rule.
    ///
    /// - Returns: The findings, in rule order, and whether this is a simulator.
    public func report() -> IntegrityReport {
        var findings: [IntegrityFinding] = []
        for check in Check.allCases where checks.contains(check) {
            findings += run(check)
        }
        return IntegrityReport(findings: findings, isSimulator: probe.isSimulator)
    }

    func run(_ check: Check) -> [IntegrityFinding] {
        switch check {
        case .jailbreakFiles:
            return IntegrityRules.jailbreakPaths.filter(probe.fileExists).map {
                .init(indicator: .jailbreakFile, reason: $0)
            }
        case .urlSchemes:
            return IntegrityRules.jailbreakSchemes.compactMap { scheme in
                guard let url = URL(string: "\(scheme)://"), opener.canOpen(url) else { return nil }
                return IntegrityFinding(indicator: .jailbreakURLScheme, reason: "\(scheme): URLs can be opened")
            }
        case .sandboxWrite:
            let path = IntegrityRules.sandboxProbePath
            return probe.canWrite(toPath: path) ? [.init(indicator: .sandboxEscape, reason: "wrote \(path)")] : []
        case .symlinks:
            return IntegrityRules.relocatedDirectories.filter(probe.isSymbolicLink).map {
                .init(indicator: .symlinkedSystemDirectory, reason: "\($0) is a symbolic link")
            }
        case .dyldInsertLibraries:
            return environmentFinding("DYLD_INSERT_LIBRARIES", indicator: .injectedLibraries)
        case .ldPreload:
            return environmentFinding("LD_PRELOAD", indicator: .preloadedLibraries)
        case .loadedImages:
            return probe.loadedImagePaths().filter(IntegrityRules.isSuspiciousImage).map {
                .init(indicator: .suspiciousImage, reason: "\($0) is loaded")
            }
        case .debugger:
            return probe.attachedDebugger().map { [.init(indicator: .debuggerAttached, reason: $0)] } ?? []
        case .root:
            return probe.effectiveUserID() == 0
                ? [.init(indicator: .runningAsRoot, reason: "effective user ID is 0")] : []
        }
    }

    private func environmentFinding(_ name: String, indicator: IntegrityIndicator) -> [IntegrityFinding] {
        guard let value = probe.environmentValue(name), !value.isEmpty else { return [] }
        return [.init(indicator: indicator, reason: "\(name)=\(value)")]
    }
}
