public import RunCore
import RunStore

/// Runs whose files have no times (planned routes, some exports).
public struct UndatedRunsSection: ListSection {
    let runs: [RunRecord]
    let formatter: DisplayFormatter
    let calendar: CalendarText

    public var id: String { "undated" }
    public var title: String { formatter.strings.withoutDate }
    public var summary: String? { RunTotals(runs).text(formatter) }
    public var columns: [ListColumn] { RunRows.columns(formatter.strings) }
    public var rowCount: Int { runs.count }
    public func row(at index: Int) -> ListRow { RunRows.row(for: runs[index], formatter: formatter, calendar: calendar) }
    public var values: [String: JSONValue] { ["totals": .object(RunTotals(runs).values)] }

    public static func sections(for context: RunListContext) -> [any ListSection] {
        let undated = context.runs.filter { $0.startTimeSeconds == nil }
        guard !undated.isEmpty else { return [] }
        return [UndatedRunsSection(runs: undated, formatter: context.formatter, calendar: context.calendar)]
    }
}
