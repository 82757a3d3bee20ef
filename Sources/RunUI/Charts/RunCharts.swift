import RunCore

/// The charts of a run's page, against distance: pace, elevation and heart rate, each when the
/// run has the values, in the formatter's units.
package enum RunCharts {
    package struct Chart: Sendable {
        /// `pace`, `elevation`, `heartRate`.
        package var kind: String
        package var title: String
        package var drawing: LineChartDrawing
    }

    package static func charts(for track: RunTrack, formatter: DisplayFormatter) -> [Chart] {
        let strings = formatter.strings, units = formatter.units
        var charts: [Chart] = []
        let perUnit = units.metersPerDistanceUnit / 1000
        let pace = track.paceSecondsPerKilometer().map { $0 * perUnit }
        if let drawing = LineChartDrawing(distanceMeters: track.distanceMeters, values: pace, label: strings.chartPace, kind: "pace",
                                          isDuration: true, valueText: formatter.duration, formatter: formatter) {
            charts.append(Chart(kind: "pace", title: "\(strings.chartPace) (/\(units.distanceUnitSymbol))", drawing: drawing))
        }
        let elevation = track.elevationMeters.map { $0 / units.metersPerElevationUnit }
        if let drawing = LineChartDrawing(distanceMeters: track.distanceMeters, values: elevation, label: strings.chartElevation,
                                          kind: "elevation", valueText: formatter.whole, minimumSpan: 10, formatter: formatter) {
            charts.append(Chart(kind: "elevation", title: "\(strings.chartElevation) (\(units.elevationUnitSymbol))", drawing: drawing))
        }
        let heartRate = track.points.heartRate.map { Double($0) }
        if let drawing = LineChartDrawing(distanceMeters: track.distanceMeters, values: heartRate, label: strings.chartHeartRate,
                                          kind: "heartRate", valueText: formatter.whole, minimumSpan: 10, formatter: formatter) {
            charts.append(Chart(kind: "heartRate", title: "\(strings.chartHeartRate) (bpm)", drawing: drawing))
        }
        return charts
    }
}
