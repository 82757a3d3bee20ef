import RunCore
public import RunStore

/// The row of one run, shared by every section that lists runs.
public enum RunRows {
    /// The columns of a run row.
    public static let columns = [ListColumn("Run", isNumeric: true), ListColumn("Start"), ListColumn("Name", maximumWidth: 32),
                                 ListColumn("Distance", isNumeric: true), ListColumn("Moving", isNumeric: true),
                                 ListColumn("Pace", isNumeric: true), ListColumn("Climb", isNumeric: true)]

    public static func row(for run: RunRecord, formatter: DisplayFormatter, calendar: CalendarText) -> ListRow {
        let s = run.summary
        return ListRow(
            id: "run-\(run.id)",
            cells: ["\(run.id)", calendar.dateTime(run.startTimeSeconds), run.name, formatter.distance(s.distanceMeters),
                    formatter.duration(s.movingTimeSeconds ?? s.elapsedTimeSeconds),
                    formatter.pace(secondsPerKilometer: s.averagePaceSecondsPerKilometer),
                    formatter.elevationChange(s.elevationGainMeters, sign: "+")],
            values: RunPresentation.listValues(run))
    }
}
