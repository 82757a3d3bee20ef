public import RunCore
import RunStore

/// The runs of one calendar month (in the user's time zone), with the month's totals.
public struct MonthSection: ListSection {
    public let year: Int
    public let month: Int
    let runs: [RunRecord]
    let formatter: DisplayFormatter
    let calendar: CalendarText

    public var id: String { "month-\(year)-\(month < 10 ? "0" : "")\(month)" }
    public var title: String { calendar.monthTitle(year: year, month: month) }
    public var summary: String? { RunTotals(runs).text(formatter) }
    public var columns: [ListColumn] { RunRows.columns(formatter.strings) }
    public var rowCount: Int { runs.count }
    public func row(at index: Int) -> ListRow { RunRows.row(for: runs[index], formatter: formatter, calendar: calendar) }
    public var canEditRows: Bool { true }
    public func editActions(forRowAt index: Int) -> [RowAction] {
        [RowAction(id: "rename", title: formatter.strings.rename),
         RowAction(id: "delete", title: formatter.strings.delete, isDestructive: true)]
    }
    public var values: [String: JSONValue] {
        ["year": .integer(Int64(year)), "month": .integer(Int64(month)), "totals": .object(RunTotals(runs).values)]
    }

    /// One section per month that has runs, newest month first (runs keep their order).
    public static func sections(for context: RunListContext) -> [any ListSection] {
        var order: [Int] = []
        var groups: [Int: [RunRecord]] = [:]
        for run in context.runs {
            guard let start = run.startTimeSeconds else { continue }
            let (y, m) = context.calendar.yearMonth(start)
            let key = y * 12 + m - 1
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(run)
        }
        return order.sorted(by: >).map { key in
            MonthSection(year: key / 12, month: key % 12 + 1, runs: groups[key]!, formatter: context.formatter,
                         calendar: context.calendar)
        }
    }
}
