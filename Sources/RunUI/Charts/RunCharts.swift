package import RunCore

/// The charts of a run's page, against distance: pace, elevation and heart rate, each when the
/// run has the values, in the formatter's units.
package enum RunCharts {
    package struct Chart: Sendable {
        /// `pace`, `elevation`, `heartRate`.
        package var kind: String
        package var title: String
        package var drawing: LineChartDrawing
    }

    /// The pixel columns of the page's charts (800 px wide).
    static var columns: Int { LineChartDrawing.columns(width: 800) }

    /// The charts of a cleaned track (its points averaged per pixel column here).
    /// - Complexity: O(n) in the points.
    package static func charts(for track: RunTrack, formatter: DisplayFormatter) -> [Chart] {
        charts(pace: ChartSeries(distanceMeters: track.distanceMeters, values: track.paceSecondsPerKilometer(), columns: columns),
               elevation: ChartSeries(distanceMeters: track.distanceMeters, values: track.elevationMeters, columns: columns),
               heartRate: ChartSeries(distanceMeters: track.distanceMeters, values: track.points.heartRate.map { Double($0) }, columns: columns),
               formatter: formatter)
    }

    /// The same charts from a run's stored sketch; nil when its series have another number of
    /// columns than these charts (a sketch made for another chart width).
    package static func charts(for sketch: TrackSketch, formatter: DisplayFormatter) -> [Chart]? {
        let series = [sketch.pace, sketch.elevation, sketch.heartRate].compactMap { $0 }
        guard series.allSatisfy({ $0.means.count == columns }) else { return nil }
        return charts(pace: sketch.pace, elevation: sketch.elevation, heartRate: sketch.heartRate, formatter: formatter)
    }

    /// The charts of series in SI units (pace in s/km, elevation in m, heart rate in bpm).
    private static func charts(pace: ChartSeries?, elevation: ChartSeries?, heartRate: ChartSeries?, formatter: DisplayFormatter) -> [Chart] {
        let strings = formatter.strings, units = formatter.units
        var charts: [Chart] = []
        let perUnit = units.metersPerDistanceUnit / 1000
        if let pace, let drawing = LineChartDrawing(series: pace, displayValue: { $0 * perUnit }, label: strings.chartPace, kind: "pace",
                                                    isDuration: true, valueText: formatter.duration, formatter: formatter) {
            charts.append(Chart(kind: "pace", title: "\(strings.chartPace) (/\(units.distanceUnitSymbol))", drawing: drawing))
        }
        if let elevation, let drawing = LineChartDrawing(series: elevation, displayValue: { $0 / units.metersPerElevationUnit },
                                                         label: strings.chartElevation, kind: "elevation", valueText: formatter.whole,
                                                         minimumSpan: 10, formatter: formatter) {
            charts.append(Chart(kind: "elevation", title: "\(strings.chartElevation) (\(units.elevationUnitSymbol))", drawing: drawing))
        }
        if let heartRate, let drawing = LineChartDrawing(series: heartRate, label: strings.chartHeartRate, kind: "heartRate",
                                                         valueText: formatter.whole, minimumSpan: 10, formatter: formatter) {
            charts.append(Chart(kind: "heartRate", title: "\(strings.chartHeartRate) (bpm)", drawing: drawing))
        }
        return charts
    }
}
