import Foundation

extension BenchmarkChart {
    /// Where the parts of a chart go: a label column sized to the longest case name, a plot of fixed
    /// width, and room on the right for the ratios printed after the bars.
    struct Layout {
        static let margin = 12.0
        static let headerHeight = 56.0
        static let panelTitleHeight = 24.0
        static let barRowHeight = 22.0
        static let goalRowHeight = 16.0
        static let axisHeight = 36.0
        static let plotWidth = 440.0
        static let valueWidth = 64.0

        /// Where the bars start.
        var plotLeft: Double
        /// The drawing's size.
        var width: Double
        var height: Double
        /// The panels' scales, by panel title.
        private var scales: [String: AxisScale]

        init(panels: [Panel]) {
            let labels = panels.flatMap { $0.rows.map(\.label) }
            let labelWidth = Swift.max(80, labels.map { SVGCanvas.estimatedWidth(of: $0) }.max() ?? 0)
            plotLeft = Self.margin + labelWidth + 8
            width = (plotLeft + Self.plotWidth + Self.valueWidth + Self.margin).rounded(.up)
            var height = Self.headerHeight + Self.margin
            var scales: [String: AxisScale] = [:]
            for panel in panels {
                let goals = panel.rows.reduce(0) { $0 + $1.outcomes.count }
                height += Self.panelTitleHeight + Double(panel.rows.count) * Self.barRowHeight
                height += Double(goals) * Self.goalRowHeight + Self.axisHeight
                let limits = panel.rows.flatMap { $0.outcomes.compactMap(\.limitToBaseline) }
                scales[panel.title] = AxisScale(covering: panel.rows.map(\.ratio) + limits)
            }
            self.height = height
            self.scales = scales
        }

        /// The scale of `panel`.
        func scale(for panel: Panel) -> AxisScale {
            scales[panel.title] ?? AxisScale(covering: [1])
        }

        /// The horizontal position of `ratio` on `scale`; values past the end stop at the end.
        func x(_ ratio: Double, scale: AxisScale) -> Double {
            let clamped = ratio.isFinite ? Swift.min(Swift.max(ratio, 0), scale.maximum) : scale.maximum
            return plotLeft + clamped / scale.maximum * Self.plotWidth
        }
    }

    /// A linear axis from 0 to a round number past the largest value (and past 1, the baseline), with
    /// four to ten ticks at round steps.
    struct AxisScale {
        /// The value at the right end of the plot.
        var maximum: Double
        /// Where ticks go, from 0 to ``maximum``.
        var ticks: [Double]

        init(covering values: [Double]) {
            let largest = values.filter(\.isFinite).reduce(1, Swift.max) * 1.05
            let step = Self.roundStep(atLeast: largest / 5)
            maximum = (largest / step).rounded(.up) * step
            ticks = (0...Int((maximum / step).rounded())).map { Double($0) * step }
        }

        /// The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `rough`.
        static func roundStep(atLeast rough: Double) -> Double {
            let magnitude = pow(10, (log10(rough)).rounded(.down))
            return [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        }

        /// A tick's label: `0`, `0.5×`, `2×`.
        static func label(_ value: Double) -> String {
            value == 0 ? "0" : String(format: "%g×", value)
        }
    }
}
