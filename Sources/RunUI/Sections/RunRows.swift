import RunCore
package import RunStore

/// The row of one run, shared by every section that lists runs.
package enum RunRows {
    /// The columns of a run row, titled in a language.
    package static func columns(_ strings: UIStrings) -> [ListColumn] {
        [ListColumn(strings.columnRun, isNumeric: true), ListColumn(strings.columnStart), ListColumn(strings.columnName, maximumWidth: 32),
         ListColumn(strings.columnDistance, isNumeric: true), ListColumn(strings.columnMoving, isNumeric: true),
         ListColumn(strings.columnPace, isNumeric: true), ListColumn(strings.columnClimb, isNumeric: true)]
    }

    package static func row(for run: RunRecord, formatter: DisplayFormatter, calendar: CalendarText) -> ListRow {
        let s = run.summary
        return ListRow(
            id: "run-\(run.id)",
            cells: ["\(run.id)", calendar.dateTime(run.startTimeSeconds), run.name, formatter.distance(s.distanceMeters),
                    formatter.duration(s.movingTimeSeconds ?? s.elapsedTimeSeconds),
                    // A ride's speed (its unit says which), as 'runlog show' gives it.
                    s.sport.readsSpeed ? formatter.speed(metersPerSecond: s.averageSpeedMetersPerSecond)
                        : formatter.pace(secondsPerKilometer: s.averagePaceSecondsPerKilometer),
                    formatter.elevationChange(s.elevationGainMeters, sign: "+")],
            values: RunPresentation.listValues(run))
    }
}
