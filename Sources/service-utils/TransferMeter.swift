// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities
    import ServiceUtils

    /// Shows a transfer's progress on standard error: a bar redrawn in place on a terminal (percent,
    /// bytes, rate, time left), plain lines about once a second otherwise.
    final class TransferMeter: Sendable {
        private struct State {
            var first: (bytes: Int64, time: ContinuousClock.Instant)?
            var lastDrawn: ContinuousClock.Instant?
            var drewBar = false
            var last: TransferProgress?
        }

        private let console: Console
        private let verb: String
        private let isTerminal: Bool
        private let state = Locked(State())
        private let clock = ContinuousClock()

        /// - Parameters:
        ///   - console:    Where to write.
        ///   - verb:       What the plain lines say is happening, such as `downloaded`.
        ///   - isTerminal: Whether to draw a bar; standard error's kind by default.
        init(console: Console, verb: String, isTerminal: Bool? = nil) {
            self.console = console
            self.verb = verb
            self.isTerminal = isTerminal ?? console.errorIsTerminal
        }

        /// Takes an update from the transfer (any thread).
        func update(_ progress: TransferProgress) {
            let now = clock.now
            let line = state.withLock { state -> String? in
                state.last = progress
                if state.first == nil { state.first = (progress.completedBytes, now) }
                let complete = progress.totalBytes == progress.completedBytes
                let interval: Duration = isTerminal ? .milliseconds(100) : .seconds(1)
                if let drawn = state.lastDrawn, drawn.duration(to: now) < interval, !complete { return nil }
                state.lastDrawn = now
                state.drewBar = isTerminal
                return render(progress, state: state, now: now)
            }
            guard let line else { return }
            if isTerminal {
                console.errorText("\r" + line + "\u{1B}[K")
            } else {
                console.error(line)
            }
        }

        /// Ends the bar's line, so what follows starts on its own.
        func finish() {
            let drewBar = state.withLock { state -> Bool in
                defer { state.drewBar = false }
                return state.drewBar
            }
            if drewBar { console.errorText("\n") }
        }

        /// The text for `progress`: a bar on a terminal, a sentence otherwise.
        private func render(_ progress: TransferProgress, state: State, now: ContinuousClock.Instant) -> String {
            let rate = Self.rate(state.first, progress: progress, now: now)
            let done = Self.bytes(progress.completedBytes)
            var parts: [String] = []
            if let fraction = progress.fractionCompleted, let total = progress.totalBytes {
                let percent = Int((fraction * 100).rounded(.down))
                let left = rate.flatMap { $0 > 0 ? Double(total - progress.completedBytes) / $0 : nil }
                if isTerminal {
                    let filled = Int((fraction * 30).rounded(.down))
                    parts.append(
                        "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "]")
                    parts.append(String(format: "%3d%%", percent))
                    parts.append("\(done) / \(Self.bytes(total))")
                } else {
                    parts.append("\(verb) \(done) of \(Self.bytes(total)) (\(percent)%)")
                }
                if let rate { parts.append(Self.bytes(Int64(rate)) + "/s") }
                if let left, progress.completedBytes < total { parts.append(Self.time(left) + " left") }
            } else {
                parts.append(isTerminal ? done : "\(verb) \(done)")
                if let rate { parts.append(Self.bytes(Int64(rate)) + "/s") }
            }
            return parts.joined(separator: isTerminal ? "  " : ", ")
        }

        /// Bytes per second since the first update, once some time has passed (the average however short
        /// the time, once the transfer is complete: a fast one is over before a rate would show).
        private static func rate(
            _ first: (bytes: Int64, time: ContinuousClock.Instant)?, progress: TransferProgress,
            now: ContinuousClock.Instant
        ) -> Double? {
            guard let first else { return nil }
            let elapsed = first.time.duration(to: now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let complete = progress.totalBytes == progress.completedBytes
            guard seconds >= (complete ? 0.000_001 : 0.05) else { return nil }
            return Double(progress.completedBytes - first.bytes) / seconds
        }

        /// `1.5 MB`, `830 kB`, `12 B` (decimal units, as download tools show them).
        static func bytes(_ count: Int64) -> String {
            let value = Double(count)
            switch value {
            case 1e9...: return String(format: "%.2f GB", value / 1e9)
            case 1e6...: return String(format: "%.1f MB", value / 1e6)
            case 1e3...: return String(format: "%.0f kB", value / 1e3)
            default: return "\(count) B"
            }
        }

        /// `42s`, `3m05s`, `1h02m`.
        static func time(_ seconds: Double) -> String {
            let whole = Int(seconds.rounded(.up))
            if whole < 60 { return "\(whole)s" }
            if whole < 3600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
            return String(format: "%dh%02dm", whole / 3600, (whole % 3600) / 60)
        }
    }
#endif
