package import RunCore
import RunStore

/// Routes: files of routes only and tracks without times (plans drawn in a map app, planners'
/// exports), kept and exportable but never an activity — listed apart from the runs, after them,
/// and in no period's totals (even when the planner wrote times). Runs without a start time stored
/// by an earlier runlog are listed here too.
package struct RoutesSection: ListSection {
    /// The routes on the page (rows).
    let runs: [RunRecord]
    let totals: RunTotals
    let formatter: DisplayFormatter
    let calendar: CalendarText

    package var id: String { "routes" }
    package var title: String { formatter.strings.routesTitle }
    package var summary: String? { totals.text(formatter, counting: formatter.strings.routes) }
    package var columns: [ListColumn] { RunRows.columns(formatter.strings) }
    package var rowCount: Int { runs.count }
    package func row(at index: Int) -> ListRow { RunRows.row(for: runs[index], formatter: formatter, calendar: calendar) }
    package var values: [String: JSONValue] { ["totals": .object(totals.values)] }

    /// Whether a run is listed here.
    static func holds(_ run: RunRecord) -> Bool { run.calendarStartSeconds == nil }

    package static func sections(for context: RunListContext) -> [any ListSection] {
        let routes = context.pageRuns.filter(holds)
        guard !routes.isEmpty else { return [] }
        return [RoutesSection(runs: routes, totals: RunTotals(context.runs.filter(holds)),
                              formatter: context.formatter, calendar: context.calendar)]
    }
}
