/// One quantity of a run against distance as a chart draws it: the mean of the values in each
/// pixel column (the points whose distance falls in it), and where the line breaks (unknown values
/// between two known ones: a stop, no heart rate). Values are in SI units (pace in s/km,
/// elevation in m, heart rate in bpm); the chart converts the means to display units.
///
/// Means are rounded to a thousandth of the unit (1 ms/km, 1 mm, 0.001 bpm): the same numbers
/// whether the series was just computed or stored and read back, and far below what the chart
/// can show (it writes positions to 0.1 px; its smallest value span is a few units over 146 px).
package struct ChartSeries: Sendable {
    /// The first and last point's distance from the start (the horizontal axis' range).
    package var firstDistanceMeters: Double
    package var lastDistanceMeters: Double
    /// Each column's mean, rounded to a thousandth; NaN where no point of the column has a value.
    package var means: [Double]
    /// Whether the line breaks before the column: unknown values lie between its first value and
    /// the known value before it.
    package var breaksBefore: [Bool]

    package init(firstDistanceMeters: Double, lastDistanceMeters: Double, means: [Double], breaksBefore: [Bool]) {
        precondition(means.count == breaksBefore.count, "a break flag per column")
        self.firstDistanceMeters = firstDistanceMeters
        self.lastDistanceMeters = lastDistanceMeters
        self.means = means
        self.breaksBefore = breaksBefore
    }

    /// The series of `values` over `columns` columns spanning the first to the last distance.
    /// - Parameters:
    ///   - distanceMeters: each point's distance from the start, non-decreasing.
    ///   - values: each point's value (NaN where unknown).
    ///   - columns: the chart's width in pixel columns, ≥ 1.
    /// - Returns: nil when there are no points or no value is known.
    /// - Complexity: O(*n*) in the points, O(`columns`) memory.
    package init?(distanceMeters: [Double], values: [Double], columns: Int) {
        guard let first = distanceMeters.first, let last = distanceMeters.last, values.contains(where: \.isFinite) else { return nil }
        let span = max(last - first, 1)
        let buckets = max(1, columns)
        var sums = [Double](repeating: 0, count: buckets), counts = [Int](repeating: 0, count: buckets)
        var breaks = [Bool](repeating: false, count: buckets)
        var sawUnknown = false
        for (d, v) in zip(distanceMeters, values) {
            guard v.isFinite else { sawUnknown = true; continue }
            let b = min(buckets - 1, max(0, Int((d - first) / span * Double(buckets))))
            if sawUnknown && counts[b] == 0 { breaks[b] = true }
            sawUnknown = false
            sums[b] += v
            counts[b] += 1
        }
        let means = (0..<buckets).map { counts[$0] > 0 ? Self.rounded(sums[$0] / Double(counts[$0])) : .nan }
        self.init(firstDistanceMeters: first, lastDistanceMeters: last, means: means, breaksBefore: breaks)
    }

    /// A mean to a thousandth (left as it is where that does not fit a double's integers).
    static func rounded(_ value: Double) -> Double {
        let thousandths = (value * 1000).rounded()
        return thousandths.isFinite && abs(thousandths) < 0x1p52 ? thousandths / 1000 : value
    }
}

extension ChartSeries: Equatable {
    /// Equal distances, breaks and means, NaN (no value) equal to NaN.
    package static func == (a: ChartSeries, b: ChartSeries) -> Bool {
        a.firstDistanceMeters == b.firstDistanceMeters && a.lastDistanceMeters == b.lastDistanceMeters && a.breaksBefore == b.breaksBefore
            && a.means.count == b.means.count
            && zip(a.means, b.means).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }
}
