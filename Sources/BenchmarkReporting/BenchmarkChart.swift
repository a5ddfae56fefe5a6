/// A benchmark's chart as SVG: one horizontal bar per case giving its ratio to the baseline (the
/// baseline's own bar at 1.0), with each goal drawn as a labelled dashed line across its case's bar.
///
/// The time panel is always there; a CPU-time panel and a peak-memory panel follow when every case
/// measured those. Goals are on time, so they appear in the time panel only.
///
/// ```swift
/// let svg = BenchmarkChart(result: result).svg()  // nil for a benchmark that failed
/// ```
package struct BenchmarkChart: Sendable {
    /// What the chart draws.
    package var result: BenchmarkResult

    /// The chart of `result`.
    package init(result: BenchmarkResult) {
        self.result = result
    }

    /// The chart's file name: the benchmark's name with anything but letters, digits, `.`, `-` and `_`
    /// replaced, and `.svg`.
    package var fileName: String {
        result.name.fileNameSafe + ".svg"
    }

    /// One bar: a case, its ratio, and the goals drawn across it.
    struct Row {
        var label: String
        var ratio: Double
        var isBaseline: Bool
        var outcomes: [GoalOutcome]
    }

    /// One group of bars measuring the same thing.
    struct Panel {
        var title: String
        var rows: [Row]
    }

    /// The panels to draw: time, then CPU time and peak memory when every case has them.
    func panels() -> [Panel] {
        guard let baseline = result.baseline, result.failure == nil else { return [] }
        func panel(_ title: String, _ ratio: (CaseResult) -> Double?, goals: Bool) -> Panel? {
            var rows = [Row(label: baseline.name, ratio: 1, isBaseline: true, outcomes: [])]
            for benchmarkCase in result.cases {
                guard let value = ratio(benchmarkCase) else { return nil }
                let outcomes = goals ? result.outcomes(forCase: benchmarkCase.name) : []
                rows.append(Row(label: benchmarkCase.name, ratio: value, isBaseline: false, outcomes: outcomes))
            }
            return Panel(title: title, rows: rows)
        }
        let hasCPU = baseline.cpu != nil && result.cases.allSatisfy { $0.cpu != nil }
        let hasMemory = baseline.peakResident != nil && result.cases.allSatisfy { $0.peakResident != nil }
        return [
            panel("Median time", result.timeRatio(of:), goals: true),
            hasCPU ? panel("Median CPU time of this process", result.cpuRatio(of:), goals: false) : nil,
            hasMemory ? panel("Peak resident memory", result.memoryRatio(of:), goals: false) : nil,
        ].compactMap { $0 }
    }

    /// The SVG document, or nil when the benchmark has nothing to draw (it failed, or has no baseline).
    package func svg() -> String? {
        let panels = panels()
        guard !panels.isEmpty, let baseline = result.baseline else { return nil }
        let layout = Layout(panels: panels)
        var canvas = SVGCanvas(width: layout.width, height: layout.height)
        canvas.text(result.name, x: Layout.margin, y: 22, size: 15, weight: .bold)
        canvas.text(
            "ratio to the baseline, \(baseline.name) = 1.00× (shorter is better)", x: Layout.margin, y: 40,
            color: Palette.secondaryText)
        var top = Layout.headerHeight
        for panel in panels {
            top = draw(panel, on: &canvas, top: top, layout: layout)
        }
        return canvas.document(title: "\(result.name): ratio of each case to the baseline \(baseline.name)")
    }

    /// Draws `panel` from `top` down and returns where the next one starts.
    private func draw(_ panel: Panel, on canvas: inout SVGCanvas, top: Double, layout: Layout) -> Double {
        let scale = layout.scale(for: panel)
        canvas.text(panel.title, x: Layout.margin, y: top + 14, size: 13, weight: .bold)
        var y = top + Layout.panelTitleHeight
        let rowsTop = y
        for row in panel.rows {
            drawBar(row, on: &canvas, y: y, layout: layout, scale: scale)
            y += Layout.barRowHeight
            for outcome in row.outcomes {
                drawGoal(outcome, on: &canvas, barY: y - Layout.barRowHeight, labelY: y, layout: layout, scale: scale)
                y += Layout.goalRowHeight
            }
        }
        let baselineX = layout.x(1, scale: scale)
        canvas.line(
            x1: baselineX, y1: rowsTop - 4, x2: baselineX, y2: y, color: Palette.baselineLine, dash: "2 2")
        drawAxis(on: &canvas, y: y + 2, layout: layout, scale: scale)
        return y + Layout.axisHeight
    }

    private func drawBar(_ row: Row, on canvas: inout SVGCanvas, y: Double, layout: Layout, scale: AxisScale) {
        canvas.text(row.label, x: layout.plotLeft - 8, y: y + 15, anchor: .end)
        let end = layout.x(row.ratio, scale: scale)
        let color: String
        if row.isBaseline {
            color = Palette.baselineBar
        } else if row.outcomes.contains(where: { $0.isMet == false }) {
            color = Palette.missedBar
        } else if row.outcomes.isEmpty {
            color = Palette.bar
        } else {
            color = Palette.metBar
        }
        canvas.rectangle(x: layout.plotLeft, y: y + 4, width: end - layout.plotLeft, height: 14, color: color)
        // The ratio goes after the bar, or after the baseline's or a goal's line that would cross it.
        let value = BenchmarkFormat.ratio(row.ratio)
        let crossing = ([1] + row.outcomes.compactMap(\.limitToBaseline)).map { layout.x($0, scale: scale) }
            .filter { $0 >= end && $0 <= end + 5 + SVGCanvas.estimatedWidth(of: value) }
        canvas.text(value, x: (crossing.max() ?? end) + 5, y: y + 15)
    }

    private func drawGoal(
        _ outcome: GoalOutcome, on canvas: inout SVGCanvas, barY: Double, labelY: Double, layout: Layout,
        scale: AxisScale
    ) {
        let verdict: String
        switch outcome.isMet {
        case true?: verdict = "met"
        case false?: verdict = "missed"
        case nil: verdict = "not measured"
        }
        let label =
            "goal \(outcome.goal.bound): " + verdict
            + (outcome.measured == nil ? "" : " (\(outcome.measuredDescription))")
        let color = outcome.isMet == true ? Palette.metText : Palette.goal
        guard let limit = outcome.limitToBaseline else {
            return canvas.text(label, x: layout.plotLeft, y: labelY + 12, size: 11, color: color)
        }
        let x = layout.x(limit, scale: scale)
        canvas.line(x1: x, y1: barY + 1, x2: x, y2: labelY + 3, color: Palette.goal, width: 2, dash: "4 2")
        let width = SVGCanvas.estimatedWidth(of: label, size: 11)
        if x + 4 + width <= layout.width - Layout.margin {
            canvas.text(label, x: x + 4, y: labelY + 12, size: 11, color: color)
        } else {
            canvas.text(
                label, x: Swift.max(x - 4, width + Layout.margin), y: labelY + 12, size: 11, anchor: .end, color: color)
        }
    }

    private func drawAxis(on canvas: inout SVGCanvas, y: Double, layout: Layout, scale: AxisScale) {
        canvas.line(
            x1: layout.plotLeft, y1: y, x2: layout.plotLeft + Layout.plotWidth, y2: y, color: Palette.axis)
        for tick in scale.ticks {
            let x = layout.x(tick, scale: scale)
            canvas.line(x1: x, y1: y, x2: x, y2: y + 4, color: Palette.axis)
            canvas.text(
                AxisScale.label(tick), x: x, y: y + 16, size: 11, anchor: .middle, color: Palette.secondaryText)
        }
    }
}

/// The colours of a chart: readable on white, the goal in red, a missed goal's bar in red too.
enum Palette {
    static let bar = "#4c78a8"
    static let baselineBar = "#9e9e9e"
    static let metBar = "#54a24b"
    static let missedBar = "#e45756"
    static let goal = "#c62828"
    static let metText = "#2e7d32"
    static let baselineLine = "#616161"
    static let axis = "#757575"
    static let secondaryText = "#555555"
}
