import Foundation
import Testing

@testable import PlatformKit

/// A probe that answers from fixed values.
private struct FakeProbe: IntegrityProbe {
    var existing: Set<String> = []
    var links: Set<String> = []
    var writable: Set<String> = []
    var environment: [String: String] = [:]
    var images: [String] = ["/usr/lib/libc.so.6"]
    var debugger: String?
    var userID: UInt32 = 501
    var isSimulator = false

    func fileExists(atPath path: String) -> Bool { existing.contains(path) }
    func isSymbolicLink(atPath path: String) -> Bool { links.contains(path) }
    func canWrite(toPath path: String) -> Bool { writable.contains(path) }
    func environmentValue(_ name: String) -> String? { environment[name] }
    func loadedImagePaths() -> [String] { images }
    func attachedDebugger() -> String? { debugger }
    func effectiveUserID() -> UInt32 { userID }
}

@Suite("BrightSide rules, each driven by a fake probe")
struct BrightSideTests {
    private func report(_ probe: FakeProbe, opener: RecordingURLOpener = RecordingURLOpener()) -> IntegrityReport {
        BrightSide(probe: probe, opener: opener, checks: Set(BrightSide.Check.allCases)).report()
    }

    @Test("a device with nothing suspicious is clean")
    func cleanDevice() {
        let result = report(FakeProbe())
        #expect(result.findings.isEmpty)
        #expect(result.isClean)
    }

    @Test(
        "each jailbreak file or app is reported with its path",
        arguments: [
            "/Applications/Cydia.app", "/Library/MobileSubstrate/MobileSubstrate.dylib", "/bin/bash", "/usr/sbin/sshd",
            "/etc/apt", "/private/var/lib/apt/", "/Applications/Sileo.app", "/Applications/Zebra.app",
            "/Applications/Filza.app", "/var/jb", "/usr/sbin/frida-server",
        ])
    func jailbreakFiles(path: String) {
        let result = report(FakeProbe(existing: [path]))
        #expect(result.findings == [IntegrityFinding(indicator: .jailbreakFile, reason: path)])
        #expect(!result.isClean)
    }

    @Test(
        "each jailbreak store's URL scheme that opens is reported",
        arguments: ["cydia", "sileo", "zbra", "filza", "undecimus", "activator"])
    func urlSchemes(scheme: String) {
        let result = report(FakeProbe(), opener: RecordingURLOpener(openableSchemes: [scheme]))
        #expect(result.findings.map(\.indicator) == [.jailbreakURLScheme])
        #expect(result.findings.first?.reason.hasPrefix(scheme + ":") == true)
    }

    @Test("writing outside the sandbox, symlinked system directories and DYLD injection are reported")
    func sandboxSymlinksAndDyld() {
        let probe = FakeProbe(
            links: ["/Applications", "/usr/libexec"], writable: ["/private/JailbreakTest.txt"],
            environment: ["DYLD_INSERT_LIBRARIES": "/tmp/hook.dylib"])
        let indicators = report(probe).findings.map(\.indicator)
        #expect(
            indicators == [.sandboxEscape, .symlinkedSystemDirectory, .symlinkedSystemDirectory, .injectedLibraries])
    }

    @Test("hooking libraries among the loaded images are reported; ordinary ones are not")
    func loadedImages() {
        let probe = FakeProbe(images: [
            "/usr/lib/libc.so.6", "/tmp/re.frida.server/frida-agent-64.so", "/usr/lib/libsubstitute.dylib",
            "/usr/lib/libfreetype.so.6",
        ])
        let reasons = report(probe).findings.map(\.reason)
        #expect(
            reasons == ["/tmp/re.frida.server/frida-agent-64.so is loaded", "/usr/lib/libsubstitute.dylib is loaded"])
    }

    @Test("a debugger, LD_PRELOAD and root are reported with their evidence")
    func debuggerPreloadRoot() {
        let probe = FakeProbe(environment: ["LD_PRELOAD": "libhook.so"], debugger: "TracerPid 42", userID: 0)
        let findings = report(probe).findings
        #expect(findings.map(\.indicator) == [.debuggerAttached, .preloadedLibraries, .runningAsRoot])
        #expect(findings.map(\.reason) == ["TracerPid 42", "LD_PRELOAD=libhook.so", "effective user ID is 0"])
        #expect(report(FakeProbe(environment: ["LD_PRELOAD": ""])).findings.isEmpty)
    }

    @Test("a simulator counts as clean even with indicators, as in SurfUtils")
    func simulatorIsClean() {
        let result = report(FakeProbe(existing: ["/bin/bash"], isSimulator: true))
        #expect(result.contains(.jailbreakFile))
        #expect(result.isClean)
    }

    @Test("only the selected checks run")
    func checksAreSelectable() {
        let probe = FakeProbe(existing: ["/bin/bash"], debugger: "TracerPid 1", userID: 0)
        let result = BrightSide(probe: probe, opener: RecordingURLOpener(), checks: [.root]).report()
        #expect(result.findings.map(\.indicator) == [.runningAsRoot])
    }
}

@Suite("ProcFiles parsing of /proc/self/status and /proc/self/maps")
struct ProcFilesTests {
    @Test("TracerPid is read from status text")
    func tracerPID() {
        let status = "Name:\tservice-utils\nState:\tR (running)\nTracerPid:\t4242\nUid:\t0\t0\t0\t0\n"
        #expect(ProcFiles.tracerPID(inStatus: status) == 4242)
        #expect(ProcFiles.tracerPID(inStatus: "TracerPid:\t0\n") == 0)
        #expect(ProcFiles.tracerPID(inStatus: "Name:\tx\n") == nil)
        #expect(ProcFiles.tracerPID(inStatus: "TracerPid:\tabc\n") == nil)
    }

    @Test("mapped paths are listed once each, paths with spaces kept, anonymous maps skipped")
    func mappedPaths() {
        let maps = """
            55d0c000-55d0d000 r--p 00000000 08:01 1234   /usr/bin/service-utils
            55d0d000-55d0e000 r-xp 00001000 08:01 1234   /usr/bin/service-utils
            7f00-7f01 rw-p 00000000 00:00 0 
            7f01-7f02 r-xp 00000000 08:01 99   /opt/my libs/libfrida gadget.so
            7f02-7f03 rw-p 00000000 00:00 0      [stack]
            """
        #expect(ProcFiles.mappedPaths(inMaps: maps) == ["/usr/bin/service-utils", "/opt/my libs/libfrida gadget.so"])
    }

    @Test("the real /proc/self files of this test process parse")
    func realProcFiles() throws {
        #if os(Linux)
            // Read whole: String(contentsOfFile:) reads only the first 4 KiB of a /proc file
            let status = try #require(SystemIntegrityProbe.procFile("/proc/self/status"))
            #expect(ProcFiles.tracerPID(inStatus: status) != nil)
            let maps = try #require(SystemIntegrityProbe.procFile("/proc/self/maps"))
            #expect(ProcFiles.mappedPaths(inMaps: maps).contains { $0.contains("libc.so") })
        #endif
    }
}
