import Foundation
import InternalServiceUtilities

/// Resident memory of a process, from `/proc/<pid>/status` (Linux only).
enum Memory {
    struct Reading {
        /// `VmRSS`, in kB.
        var resident: Int
        /// `VmHWM` (the peak), in kB.
        var peak: Int
    }

    static func kilobytes(process: Int32) -> Reading? {
        guard let text = PseudoFile.read("/proc/\(process)/status") else { return nil }
        func field(_ name: String) -> Int? {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        }
        guard let resident = field("VmRSS"), let peak = field("VmHWM") else { return nil }
        return Reading(resident: resident, peak: peak)
    }

    /// Resets this process's `VmHWM` to its current resident size (Linux 4.0+), so a later reading
    /// of the peak covers only what ran in between; false when the kernel refused.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }
}
