package import RunCore
import RunStore

/// The runs of one calendar month (in the user's time zone), with the whole month's totals.
package struct MonthSection: ListSection {
    package let year: Int
    package let month: Int
    /// The month's runs on the page (rows).
    let runs: [RunRecord]
    /// Totals of all the month's runs, also those on other pages.
    let totals: RunTotals
    let formatter: DisplayFormatter
    let calendar: CalendarText

    package var id: String { "month-\(year)-\(month < 10 ? "0" : "")\(month)" }
    package var title: String { calendar.monthTitle(year: year, month: month) }
    package var summary: String? { totals.text(formatter) }
    package var columns: [ListColumn] { RunRows.columns(formatter.strings) }
    package var rowCount: Int { runs.count }
    package func row(at index: Int) -> ListRow { RunRows.row(for: runs[index], formatter: formatter, calendar: calendar) }
    package var canEditRows: Bool { true }
    package func editActions(forRowAt index: Int) -> [RowAction] {
        [RowAction(id: "rename", title: formatter.strings.rename),
         RowAction(id: "delete", title: formatter.strings.delete, isDestructive: true)]
    }
    package var values: [String: JSONValue] {
        ["year": .integer(Int64(year)), "month": .integer(Int64(month)), "totals": .object(totals.values)]
    }

    /// One section per month that has runs on the page, newest month first (runs keep their order).
    package static func sections(for context: RunListContext) -> [any ListSection] {
        func key(_ run: RunRecord) -> Int? {
            run.calendarStartSeconds.map { start in
                let (y, m) = context.calendar.yearMonth(start)
                return y * 12 + m - 1
            }
        }
        var order: [Int] = []
        var rows: [Int: [RunRecord]] = [:]
        for run in context.pageRuns {
            guard let key = key(run) else { continue }
            if rows[key] == nil { order.append(key) }
            rows[key, default: []].append(run)
        }
        var monthRuns: [Int: [RunRecord]] = [:]
        for run in context.runs {
            if let key = key(run), rows[key] != nil { monthRuns[key, default: []].append(run) }
        }
        return order.sorted(by: >).map { key in
            MonthSection(year: key / 12, month: key % 12 + 1, runs: rows[key]!, totals: RunTotals(monthRuns[key]!),
                         formatter: context.formatter, calendar: context.calendar)
        }
    }
}
