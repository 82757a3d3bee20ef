package import RunCore

/// A bar chart of distances per period (weeks, months), each bar stacked by sport, drawn as SVG on
/// the server: round ticks on the value axis from 0, a label under each bar, and a `<title>` on
/// each bar (its label and total) for a pointer or screen reader. Colours come from the page's
/// style sheet (`bar sport-running` …, one colour per sport, light and dark).
package struct BarChartDrawing: Sendable {
    package let svg: String
    private static let left = 52.0, right = 12.0, top = 10.0, bottom = 24.0

    /// One bar: its label under it, its title text, and its parts per sport (metres), in
    /// ``RunCore/Sport``'s order.
    package struct Bar: Sendable {
        package var label: String
        package var title: String
        package var parts: [(sport: Sport, meters: Double)]

        package init(label: String, title: String, parts: [(sport: Sport, meters: Double)]) {
            self.label = label
            self.title = title
            self.parts = parts
        }
    }

    /// - Parameters:
    ///   - bars: oldest first (left to right).
    ///   - label: the chart's name, for screen readers.
    ///   - kind: the class suffix (`chart-bars chart-KIND`).
    ///   - formatter: the distance unit of the ticks.
    package init(bars: [Bar], label: String, kind: String, formatter: DisplayFormatter, width: Double = 800, height: Double = 200) {
        let left = Self.left, right = Self.right, top = Self.top, bottom = Self.bottom
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let unit = formatter.units.metersPerDistanceUnit
        let highest = bars.map { $0.parts.map(\.meters).reduce(0, +) / unit }.max() ?? 0
        let scale = NiceScale(minimum: 0, maximum: max(highest, 1))
        func y(_ value: Double) -> Double { top + (1 - (value - scale.lower) / (scale.upper - scale.lower)) * plotHeight }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart chart-bars chart-\(kind)\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
            + "role=\"img\" aria-label=\"\(MarkupText.escape(label))\"><g class=\"grid\">"
        for tick in scale.ticks {
            let ty = MarkupText.number(y(tick))
            svg += "<line x1=\"\(Int(left))\" x2=\"\(Int(width - right))\" y1=\"\(ty)\" y2=\"\(ty)\"/>"
            svg += "<text class=\"tick\" x=\"\(Int(left - 6))\" y=\"\(ty)\" dy=\"4\" text-anchor=\"end\">"
                + "\(MarkupText.escape(formatter.fixed(tick, decimals: scale.step < 1 ? 1 : 0)))</text>"
        }
        svg += "<text class=\"unit\" x=\"\(Int(left - 6))\" y=\"\(Int(height - 6))\" text-anchor=\"end\">\(formatter.units.distanceUnitSymbol)</text></g>"
        let slot = plotWidth / Double(max(1, bars.count)), barWidth = slot * 0.7
        for (index, bar) in bars.enumerated() {
            let x = left + Double(index) * slot + (slot - barWidth) / 2
            svg += "<g class=\"bar-group\"><title>\(MarkupText.escape(bar.title))</title>"
            var base = 0.0
            for part in bar.parts where part.meters > 0 {
                let value = part.meters / unit
                let yTop = y(base + value), yBottom = y(base)
                svg += "<rect class=\"bar sport-\(part.sport.rawValue)\" x=\"\(MarkupText.number(x))\" y=\"\(MarkupText.number(yTop))\" "
                    + "width=\"\(MarkupText.number(barWidth))\" height=\"\(MarkupText.number(max(0, yBottom - yTop)))\"/>"
                base += value
            }
            svg += "<text class=\"tick\" x=\"\(MarkupText.number(x + barWidth / 2))\" y=\"\(Int(height - 6))\" text-anchor=\"middle\">"
                + "\(MarkupText.escape(bar.label))</text></g>"
        }
        self.svg = svg + "</svg>"
    }
}
