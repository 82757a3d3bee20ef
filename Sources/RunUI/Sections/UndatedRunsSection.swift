public import RunCore
import RunStore

/// Runs whose files have no times (planned routes, some exports), with the totals of all of them.
public struct UndatedRunsSection: ListSection {
    /// The undated runs on the page (rows).
    let runs: [RunRecord]
    let totals: RunTotals
    let formatter: DisplayFormatter
    let calendar: CalendarText

    public var id: String { "undated" }
    public var title: String { formatter.strings.withoutDate }
    public var summary: String? { totals.text(formatter) }
    public var columns: [ListColumn] { RunRows.columns(formatter.strings) }
    public var rowCount: Int { runs.count }
    public func row(at index: Int) -> ListRow { RunRows.row(for: runs[index], formatter: formatter, calendar: calendar) }
    public var values: [String: JSONValue] { ["totals": .object(totals.values)] }

    public static func sections(for context: RunListContext) -> [any ListSection] {
        let undated = context.pageRuns.filter { $0.startTimeSeconds == nil }
        guard !undated.isEmpty else { return [] }
        return [UndatedRunsSection(runs: undated, totals: RunTotals(context.runs.filter { $0.startTimeSeconds == nil }),
                                   formatter: context.formatter, calendar: context.calendar)]
    }
}
