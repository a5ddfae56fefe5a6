import Foundation

/// How the bench writes its figures, on the console and in the report alike.
package enum BenchmarkFormat {
    /// `duration` with a unit that keeps three or four significant digits: `812.3 ns`, `4.21 ms`, `2.034 s`.
    package static func duration(_ duration: Duration) -> String {
        let seconds = duration.seconds
        switch seconds {
        case ..<1e-6: return String(format: "%.1f ns", seconds * 1e9)
        case ..<1e-3: return String(format: "%.2f µs", seconds * 1e6)
        case ..<1: return String(format: "%.2f ms", seconds * 1e3)
        default: return String(format: "%.3f s", seconds)
        }
    }

    /// `rate` units per second: `1.2 MB/s` for bytes, `3.4 k requests/s` otherwise.
    package static func rate(_ rate: Double, unit: String) -> String {
        if unit == "B" { return String(format: "%.1f MB/s", rate / 1e6) }
        switch rate {
        case 1e6...: return String(format: "%.2f M %@/s", rate / 1e6, unit)
        case 1e3...: return String(format: "%.1f k %@/s", rate / 1e3, unit)
        default: return String(format: "%.1f %@/s", rate, unit)
        }
    }

    /// The throughput of a run that did `work` in `duration`, or nil for a run that took no time.
    package static func throughput(_ work: BenchmarkWork, in duration: Duration) -> String? {
        let seconds = duration.seconds
        return seconds > 0 ? rate(work.amount / seconds, unit: work.unit) : nil
    }

    /// A ratio with two decimals and a times sign: `1.40×`.
    package static func ratio(_ ratio: Double) -> String {
        String(format: "%.2f×", ratio)
    }

    /// Kilobytes as megabytes with one decimal: `27.4`.
    package static func megabytes(_ kilobytes: Int) -> String {
        String(format: "%.1f", Double(kilobytes) / 1024)
    }
}
