package import RunCore
import RunStore

/// The runs of the current week (from the `firstWeekday` setting's day, in the user's time zone)
/// with the week's totals. Shown on the first page whenever the library has runs, also when the
/// week has none yet (the footer then says so). Its rows repeat runs that also appear in their
/// month, so their ids are `week-run-N`.
package struct ThisWeekSection: ListSection {
    let runs: [RunRecord]
    let formatter: DisplayFormatter
    let calendar: CalendarText
    /// The week, seconds since 1970.
    package let week: Range<Double>

    package var id: String { "this-week" }
    package var title: String { formatter.strings.thisWeek }
    package var summary: String? { RunTotals(runs).text(formatter) }
    package var footer: String? { runs.isEmpty ? formatter.strings.noRunsThisWeek : nil }
    package var columns: [ListColumn] { RunRows.columns(formatter.strings) }
    package var rowCount: Int { runs.count }
    package func row(at index: Int) -> ListRow {
        var row = RunRows.row(for: runs[index], formatter: formatter, calendar: calendar)
        row.id = "week-" + row.id
        return row
    }
    package var values: [String: JSONValue] {
        ["weekStart": .from(CalendarText.iso8601(week.lowerBound)), "weekEnd": .from(CalendarText.iso8601(week.upperBound)),
         "totals": .object(RunTotals(runs).values)]
    }

    package static func sections(for context: RunListContext) -> [any ListSection] {
        guard context.page.isFirst, !context.runs.isEmpty else { return [] }
        let week = context.calendar.week(containing: context.nowSeconds, firstWeekday: context.firstWeekday)
        let runs = context.runs.filter { run in run.calendarStartSeconds.map(week.contains) ?? false }
        return [ThisWeekSection(runs: runs, formatter: context.formatter, calendar: context.calendar, week: week)]
    }
}
