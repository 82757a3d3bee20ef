/// A line chart of one quantity against distance, drawn as SVG on the server: at most one value
/// per horizontal pixel (the mean of the points in it), gaps where the quantity is unknown between
/// known values (however far apart the points are), round
/// ticks on both axes. Colours come from the page's style sheet (`chart`, `line`, `axis`, `grid`).
package struct LineChartDrawing: Sendable {
    package let svg: String

    /// - Parameters:
    ///   - distanceMeters: each point's distance from the start, non-decreasing.
    ///   - values: each point's value in display units (NaN where unknown).
    ///   - label: the chart's name, for screen readers.
    ///   - isDuration: values are seconds (ticks at round minutes, labels `m:ss`); pace is drawn
    ///     with faster values up.
    ///   - valueText: how a tick value is written.
    ///   - minimumSpan: the smallest value range drawn, centred on the values (a flat run's 0.4 m
    ///     of noise would otherwise fill the chart's height, under ticks that all read "35").
    /// - Returns: nil when no value is known.
    package init?(distanceMeters: [Double], values: [Double], label: String, kind: String, isDuration: Bool = false,
                 valueText: (Double) -> String, minimumSpan: Double = 0, formatter: DisplayFormatter,
                 width: Double = 800, height: Double = 180) {
        let finite = values.filter(\.isFinite)
        guard let firstDistance = distanceMeters.first, let lastDistance = distanceMeters.last, !finite.isEmpty else { return nil }
        let left = 52.0, right = 30.0, top = 10.0, bottom = 24.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        // One bucket per pixel column.
        let span = max(lastDistance - firstDistance, 1)
        let buckets = max(1, Int(plotWidth))
        var sums = [Double](repeating: 0, count: buckets), counts = [Int](repeating: 0, count: buckets)
        // A gap opens where unknown values lie between two known ones (a stop, no heart rate).
        var gapBefore = [Bool](repeating: false, count: buckets)
        var sawUnknown = false
        for (d, v) in zip(distanceMeters, values) {
            guard v.isFinite else { sawUnknown = true; continue }
            let b = min(buckets - 1, max(0, Int((d - firstDistance) / span * Double(buckets))))
            if sawUnknown && counts[b] == 0 { gapBefore[b] = true }
            sawUnknown = false
            sums[b] += v
            counts[b] += 1
        }
        // The range: the 2nd to 98th percentile of the bucket means for durations (pace spikes), else all.
        var means = (0..<buckets).compactMap { counts[$0] > 0 ? sums[$0] / Double(counts[$0]) : nil }.sorted()
        if isDuration, means.count > 50 {
            means = Array(means[(means.count * 2 / 100)...(means.count * 98 / 100)])
        }
        var low = means.first!, high = means.last!
        if high - low < minimumSpan {
            let centre = (low + high) / 2
            (low, high) = (centre - minimumSpan / 2, centre + minimumSpan / 2)
        }
        let scale = NiceScale(minimum: low, maximum: high, isDuration: isDuration)
        func y(_ v: Double) -> Double {
            let clamped = min(scale.upper, max(scale.lower, v))
            let fraction = (clamped - scale.lower) / (scale.upper - scale.lower)
            return top + (isDuration ? fraction : 1 - fraction) * plotHeight
        }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart chart-\(kind)\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
            + "role=\"img\" aria-label=\"\(MarkupText.escape(label))\">"
        // Horizontal grid and value ticks.
        svg += "<g class=\"grid\">"
        for tick in scale.ticks {
            let ty = MarkupText.number(y(tick))
            svg += "<line x1=\"\(Int(left))\" x2=\"\(Int(width - right))\" y1=\"\(ty)\" y2=\"\(ty)\"/>"
            svg += "<text class=\"tick\" x=\"\(Int(left - 6))\" y=\"\(ty)\" dy=\"4\" text-anchor=\"end\">\(MarkupText.escape(valueText(tick)))</text>"
        }
        svg += "</g>"
        // Distance ticks in the display unit.
        let unit = formatter.units.metersPerDistanceUnit
        let distanceScale = NiceScale(minimum: firstDistance / unit, maximum: lastDistance / unit, targetCount: 6)
        svg += "<g class=\"axis\">"
        for tick in distanceScale.ticks where tick * unit >= firstDistance - 1e-6 && tick * unit <= lastDistance + 1e-6 {
            let tx = MarkupText.number(left + (tick * unit - firstDistance) / span * plotWidth)
            let text = formatter.fixed(tick, decimals: distanceScale.step < 1 ? 1 : 0)
            svg += "<line x1=\"\(tx)\" x2=\"\(tx)\" y1=\"\(MarkupText.number(top + plotHeight))\" y2=\"\(MarkupText.number(top + plotHeight + 4))\"/>"
            svg += "<text class=\"tick\" x=\"\(tx)\" y=\"\(Int(height - 6))\" text-anchor=\"middle\">\(MarkupText.escape(text))</text>"
        }
        svg += "<text class=\"unit\" x=\"\(Int(width - 2))\" y=\"\(Int(height - 6))\" text-anchor=\"end\">"
            + "\(formatter.units.distanceUnitSymbol)</text></g>"
        // The line, with gaps.
        var path = ""
        for b in 0..<buckets where counts[b] > 0 {
            let x = MarkupText.number(left + (Double(b) + 0.5) / Double(buckets) * plotWidth)
            let command = path.isEmpty || gapBefore[b] ? "M" : "L"
            path += "\(command)\(x) \(MarkupText.number(y(sums[b] / Double(counts[b]))))"
        }
        svg += "<path class=\"line\" d=\"\(path)\"/></svg>"
        self.svg = svg
    }
}
