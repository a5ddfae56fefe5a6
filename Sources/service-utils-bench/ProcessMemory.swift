// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities

    /// The resident memory of a process, from `/proc/<pid>/status` (Linux only).
    struct ProcessMemory: Sendable {
        /// `VmRSS`: resident now, in kB.
        var resident: Int
        /// `VmHWM`: the most the process has been resident since it started, in kB.
        var peak: Int

        /// Reads the figures of process `pid`, or nil where `/proc` does not have them.
        static func read(process pid: Int32) -> ProcessMemory? {
            guard let text = PseudoFile.read("/proc/\(pid)/status") else { return nil }
            func field(_ name: String) -> Int? {
                guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else {
                    return nil
                }
                return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
            }
            guard let resident = field("VmRSS"), let peak = field("VmHWM") else { return nil }
            return ProcessMemory(resident: resident, peak: peak)
        }

        /// Resets this process's `VmHWM` to its current resident size (Linux 4.0+), so a later reading
        /// of the peak covers only what ran in between; false when the kernel refused.
        static func resetPeak() -> Bool {
            guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
            defer { try? handle.close() }
            return (try? handle.write(contentsOf: Data("5".utf8))) != nil
        }
    }
#endif
