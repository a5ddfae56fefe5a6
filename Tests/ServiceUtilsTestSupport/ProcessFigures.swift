import Foundation

/// This process's open descriptors and resident memory, read from `/proc/self` (Linux), for tests
/// that check nothing is left behind after many requests.
///
/// The figures are the whole process's, shared with the tests running beside the caller: compare
/// them within a tolerance, or count only the sockets of one port (``sockets(port:)``).
public struct ProcessFigures: Sendable {
    /// Open file descriptors.
    public var descriptors: Int
    /// Resident memory (`VmRSS`), in kB.
    public var residentKilobytes: Int

    /// Whether this process runs under AddressSanitizer (`scripts/test` sets `ASAN_OPTIONS` for that
    /// run): freed memory then waits in its quarantine (up to 256 MB), so resident memory says nothing
    /// about leaks, which LeakSanitizer checks there instead.
    public static var underAddressSanitizer: Bool {
        ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
    }

    /// The figures now, or nil where `/proc/self` does not have them.
    public static func read() -> ProcessFigures? {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count
        guard let descriptors, let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        else { return nil }
        return ProcessFigures(descriptors: descriptors, residentKilobytes: kilobytes)
    }

    /// How many of this process's descriptors are TCP sockets with `port` at either end: a server's
    /// listener, its connections and its clients' connections to it.
    ///
    /// - Parameter port: The local or remote port.
    /// - Returns: The count.
    public static func sockets(port: UInt16) -> Int {
        var inodes: Set<String> = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let columns = line.split(separator: " ")
                guard columns.count > 9, columns[9] != "0" else { continue }
                let ports = [columns[1], columns[2]].compactMap { $0.split(separator: ":").last }
                if ports.contains(where: { UInt16($0, radix: 16) == port }) { inodes.insert("socket:[\(columns[9])]") }
            }
        }
        let folder = "/proc/self/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)")).map(inodes.contains)
                ?? false
        }.count
    }

    /// Waits until `condition` holds (a server learns of closed connections on its own thread, and a
    /// streamed answer's connection closes only once its writer, a task on Swift's shared threads,
    /// has run: the whole suite on two cores delayed that past 20 s in CI), checking every 20 ms;
    /// false if it has not within `limit`, a bound on a hang rather than on speed.
    ///
    /// - Parameters:
    ///   - limit:     The longest wait.
    ///   - condition: What must become true.
    /// - Returns: Whether it did.
    public static func settle(within limit: Duration = .seconds(120), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}
