import RunCore

/// The run's best efforts at the standard distances.
public struct BestEffortsSection: ListSection {
    let efforts: [BestEffort]
    let formatter: DisplayFormatter

    public var id: String { "best-efforts" }
    public var title: String { "Best efforts" }
    public var columns: [ListColumn] {
        [ListColumn("Distance"), ListColumn("Time", isNumeric: true), ListColumn("Pace", isNumeric: true), ListColumn("From", isNumeric: true)]
    }
    public var rowCount: Int { efforts.count }

    public func row(at index: Int) -> ListRow {
        let e = efforts[index]
        return ListRow(
            id: "effort-\(e.distanceMeters)",
            cells: [Self.distanceName(e.distanceMeters), formatter.duration(e.elapsedTimeSeconds),
                    formatter.pace(secondsPerKilometer: e.paceSecondsPerKilometer), formatter.distance(e.startDistanceMeters)],
            values: ["distanceMeters": .number(e.distanceMeters), "elapsedTimeSeconds": .number(e.elapsedTimeSeconds),
                     "startDistanceMeters": .number(e.startDistanceMeters), "startTime": .from(CalendarText.iso8601(e.startTimeSeconds))])
    }

    /// "400 m", "1 km", "1 mile", "Half marathon"…
    public static func distanceName(_ meters: Double) -> String {
        switch meters {
        case 1609.344: return "1 mile"
        case 21_097.5: return "Half marathon"
        case 42_195: return "Marathon"
        case let m where m >= 1000: return "\(DisplayFormatter().fixed(m / 1000, decimals: m.truncatingRemainder(dividingBy: 1000) == 0 ? 0 : 1)) km"
        default: return "\(Int(meters)) m"
        }
    }

    static func sections(for context: RunDetailContext) -> [any ListSection] {
        context.analysis.bestEfforts.isEmpty ? [] : [BestEffortsSection(efforts: context.analysis.bestEfforts, formatter: context.formatter)]
    }
}
