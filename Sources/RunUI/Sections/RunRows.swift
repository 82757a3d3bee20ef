import RunCore
public import RunStore

/// The row of one run, shared by every section that lists runs.
public enum RunRows {
    /// Column titles of a run row.
    public static let columns = ["Run", "Start", "Name", "Distance", "Moving", "Pace", "Climb"]

    public static func row(for run: RunRecord, formatter: DisplayFormatter, calendar: CalendarText) -> ListRow {
        let s = run.summary
        return ListRow(
            id: "run-\(run.id)",
            cells: ["\(run.id)", calendar.dateTime(run.startTimeSeconds), run.name, formatter.distance(s.distanceMeters),
                    formatter.duration(s.movingTimeSeconds ?? s.elapsedTimeSeconds),
                    formatter.pace(secondsPerKilometer: s.averagePaceSecondsPerKilometer),
                    s.elevationGainMeters.map { "+" + formatter.elevation($0) } ?? "–"],
            values: RunPresentation.listValues(run))
    }
}

/// Totals of a group of runs.
struct RunTotals {
    var count = 0
    var distanceMeters = 0.0
    var movingTimeSeconds = 0.0
    var elevationGainMeters = 0.0

    init(_ runs: [RunRecord]) {
        for run in runs {
            count += 1
            distanceMeters += run.summary.distanceMeters
            movingTimeSeconds += run.summary.movingTimeSeconds ?? run.summary.elapsedTimeSeconds ?? 0
            elevationGainMeters += run.summary.elevationGainMeters ?? 0
        }
    }

    func text(_ formatter: DisplayFormatter) -> String {
        "\(count) run\(count == 1 ? "" : "s"), \(formatter.distance(distanceMeters)), "
            + "\(formatter.duration(movingTimeSeconds)) moving, +\(formatter.elevation(elevationGainMeters))"
    }

    var values: [String: JSONValue] {
        ["runCount": .integer(Int64(count)), "distanceMeters": .number(distanceMeters),
         "movingTimeSeconds": .number(movingTimeSeconds), "elevationGainMeters": .number(elevationGainMeters)]
    }
}
