import RunCore

/// The run's best efforts at the standard distances.
package struct BestEffortsSection: ListSection {
    let efforts: [BestEffort]
    let formatter: DisplayFormatter

    package var id: String { "best-efforts" }
    package var title: String { formatter.strings.bestEfforts }
    package var columns: [ListColumn] {
        let strings = formatter.strings
        return [ListColumn(strings.columnDistance), ListColumn(strings.columnTime, isNumeric: true),
                ListColumn(strings.columnPace, isNumeric: true), ListColumn(strings.columnFrom, isNumeric: true)]
    }
    package var rowCount: Int { efforts.count }

    package func row(at index: Int) -> ListRow {
        let e = efforts[index]
        return ListRow(
            id: "effort-\(e.distanceMeters)",
            cells: [Self.distanceName(e.distanceMeters, formatter: formatter), formatter.duration(e.elapsedTimeSeconds),
                    formatter.pace(secondsPerKilometer: e.paceSecondsPerKilometer), formatter.distance(e.startDistanceMeters)],
            values: ["distanceMeters": .number(e.distanceMeters), "elapsedTimeSeconds": .number(e.elapsedTimeSeconds),
                     "startDistanceMeters": .number(e.startDistanceMeters), "startTime": .from(CalendarText.iso8601(e.startTimeSeconds))])
    }

    /// "400 m", "1 km", "1 mile", "Half marathon"… in the formatter's language (whatever its units:
    /// the standard distances are named as they are run).
    package static func distanceName(_ meters: Double, formatter: DisplayFormatter = DisplayFormatter()) -> String {
        let strings = formatter.strings
        switch meters {
        case 1609.344: return strings.oneMile
        case 21_097.5: return strings.halfMarathon
        case 42_195: return strings.marathon
        case let m where m >= 1000: return "\(formatter.fixed(m / 1000, decimals: m.truncatingRemainder(dividingBy: 1000) == 0 ? 0 : 1)) km"
        default: return "\(formatter.integer(Int(meters))) m"
        }
    }

    static func sections(for context: RunDetailContext) -> [any ListSection] {
        context.analysis.bestEfforts.isEmpty ? [] : [BestEffortsSection(efforts: context.analysis.bestEfforts, formatter: context.formatter)]
    }
}
