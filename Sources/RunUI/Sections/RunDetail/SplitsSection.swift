import RunCore
package import RunStore

/// Splits per kilometre (metric) or per mile (imperial).
package struct SplitsSection: ListSection {
    let splits: [Split]
    let unit: UnitSystem
    let formatter: DisplayFormatter

    package var id: String { unit == .metric ? "splits-km" : "splits-mile" }
    package var title: String { unit == .metric ? formatter.strings.splitsPerKilometer : formatter.strings.splitsPerMile }
    package var columns: [ListColumn] {
        let strings = formatter.strings
        return [ListColumn(unit.distanceUnitSymbol, isNumeric: true), ListColumn(strings.columnTime, isNumeric: true),
                ListColumn(strings.columnMoving, isNumeric: true), ListColumn(strings.columnPace, isNumeric: true),
                ListColumn(strings.columnElevation, isNumeric: true), ListColumn(strings.columnHeartRate, isNumeric: true)]
    }
    package var rowCount: Int { splits.count }

    package func row(at index: Int) -> ListRow {
        let s = splits[index]
        let label = s.isPartial ? formatter.fixed(Double(index) + s.distanceMeters / unit.metersPerDistanceUnit, decimals: 2) : "\(s.index)"
        return ListRow(
            id: "\(id)-\(s.index)",
            cells: [label, formatter.duration(s.elapsedTimeSeconds), formatter.duration(s.movingTimeSeconds),
                    formatter.pace(secondsPerKilometer: s.paceSecondsPerKilometer),
                    formatter.elevationDifference(s.elevationChangeMeters),
                    s.averageHeartRateBPM.map(formatter.whole) ?? "–"],
            makeValues: { ["index": .integer(Int64(s.index)), "distanceMeters": .number(s.distanceMeters),
                     "elapsedTimeSeconds": .number(s.elapsedTimeSeconds), "movingTimeSeconds": .number(s.movingTimeSeconds),
                     "paceSecondsPerKilometer": .from(s.paceSecondsPerKilometer), "elevationChangeMeters": .from(s.elevationChangeMeters),
                     "averageHeartRateBeatsPerMinute": .from(s.averageHeartRateBPM), "isPartial": .bool(s.isPartial)] })
    }

    static func sections(for context: RunDetailContext) -> [any ListSection] {
        let units = context.formatter.units
        let splits = units == .metric ? context.analysis.splitsPerKilometer : context.analysis.splitsPerMile
        return splits.isEmpty ? [] : [SplitsSection(splits: splits, unit: units, formatter: context.formatter)]
    }
}

extension UnitSystem {
    /// The splits a run's detail shows in these units (``SplitsSection``): per kilometre or per mile.
    package var splitUnits: SplitUnits { self == .metric ? .perKilometer : .perMile }
}
