package import RunCore

/// A line chart of one quantity against distance, drawn as SVG on the server: at most one value
/// per horizontal pixel (the mean of the points in it), gaps where the quantity is unknown between
/// known values (however far apart the points are), round
/// ticks on both axes. Colours come from the page's style sheet (`chart`, `line`, `axis`, `grid`).
package struct LineChartDrawing: Sendable {
    package let svg: String

    /// The pixel columns of a chart `width` pixels wide (less its axes): a value per column.
    package static func columns(width: Double) -> Int { max(1, Int(width - left - right)) }
    private static let left = 52.0, right = 30.0, top = 10.0, bottom = 24.0

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
        guard let series = ChartSeries(distanceMeters: distanceMeters, values: values, columns: Self.columns(width: width)) else { return nil }
        self.init(series: series, label: label, kind: kind, isDuration: isDuration, valueText: valueText, minimumSpan: minimumSpan,
                  formatter: formatter, width: width, height: height)
    }

    /// A chart of a series already averaged per pixel column (its columns span the plot's width).
    /// - Parameters:
    ///   - displayValue: a column's mean in display units, from the series' unit (pace per mile from s/km …).
    ///   - others: as ``init(distanceMeters:values:label:kind:isDuration:valueText:minimumSpan:formatter:width:height:)``.
    /// - Returns: nil when no column has a value.
    package init?(series: ChartSeries, displayValue: (Double) -> Double = { $0 }, label: String, kind: String, isDuration: Bool = false,
                 valueText: (Double) -> String, minimumSpan: Double = 0, formatter: DisplayFormatter,
                 width: Double = 800, height: Double = 180) {
        let left = Self.left, right = Self.right, top = Self.top, bottom = Self.bottom
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let firstDistance = series.firstDistanceMeters, lastDistance = series.lastDistanceMeters
        let span = max(lastDistance - firstDistance, 1)
        let buckets = series.means.count
        let columnMeans = series.means.map { $0.isNaN ? $0 : displayValue($0) }
        // The range: the 2nd to 98th percentile (nearest rank) of the column means for durations
        // (pace spikes), else all of them; selected, not sorted.
        var means = columnMeans.filter { !$0.isNaN }
        guard var low = means.min(), var high = means.max() else { return nil }
        let known = means.count
        if isDuration, known > 50 {
            (low, high) = means.withUnsafeMutableBufferPointer {
                (QuickSelect.value(atRank: known * 2 / 100, in: $0), QuickSelect.value(atRank: known * 98 / 100, in: $0))
            }
        }
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
        // The line, with gaps: a point per column, written as bytes (718 columns, two numbers each).
        var path = MarkupWriter(capacity: buckets * 14 + 64)
        path.append(markup: svg)
        path.append("<path class=\"line\" d=\"")
        var isFirst = true
        for b in 0..<buckets where !columnMeans[b].isNaN {
            path.append(byte: isFirst || series.breaksBefore[b] ? UInt8(ascii: "M") : UInt8(ascii: "L"))
            isFirst = false
            path.append(number: left + (Double(b) + 0.5) / Double(buckets) * plotWidth)
            path.append(byte: UInt8(ascii: " "))
            path.append(number: y(columnMeans[b]))
        }
        path.append("\"/></svg>")
        self.svg = path.text
    }
}
