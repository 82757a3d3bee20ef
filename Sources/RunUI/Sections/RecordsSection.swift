package import RunStore
import RunCore

/// The library's records: the best effort at each standard distance, with its run.
package struct RecordsSection: ListSection {
    let records: [LibraryRecord]
    let formatter: DisplayFormatter
    let calendar: CalendarText

    package init(records: [LibraryRecord], formatter: DisplayFormatter, calendar: CalendarText) {
        self.records = records
        self.formatter = formatter
        self.calendar = calendar
    }

    package var id: String { "records" }
    package var title: String { formatter.strings.records }
    package var columns: [ListColumn] {
        let strings = formatter.strings
        return [ListColumn(strings.columnDistance), ListColumn(strings.columnTime, isNumeric: true),
                ListColumn(strings.columnPace, isNumeric: true), ListColumn(strings.columnRun, isNumeric: true),
                ListColumn(strings.columnDate), ListColumn(strings.columnName, maximumWidth: 32)]
    }
    package var rowCount: Int { records.count }

    package func row(at index: Int) -> ListRow {
        let r = records[index]
        return ListRow(
            id: "record-\(r.effort.distanceMeters)",
            cells: [BestEffortsSection.distanceName(r.effort.distanceMeters, formatter: formatter), formatter.duration(r.effort.elapsedTimeSeconds),
                    formatter.pace(secondsPerKilometer: r.effort.paceSecondsPerKilometer), "\(r.runID)",
                    calendar.dateTime(r.effort.startTimeSeconds), r.runName],
            values: ["distanceMeters": .number(r.effort.distanceMeters), "elapsedTimeSeconds": .number(r.effort.elapsedTimeSeconds),
                     "runId": .integer(r.runID), "runName": .string(r.runName),
                     "startTime": .from(CalendarText.iso8601(r.effort.startTimeSeconds)),
                     "startDistanceMeters": .number(r.effort.startDistanceMeters)])
    }
}
