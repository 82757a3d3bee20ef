package import RunCore
import RunStore

/// Totals by week, month or year (``TrainingPeriods``), newest first, each with the change from
/// the period before: `runlog totals`, `GET /api/v1/totals`. A row per period, also without runs.
///
/// JSON: the section's `values` are `period` (`week`, `month`, `year`) and `sports` (the sports
/// counted, or null for all); each row's are `periodStart` and `periodEnd` (ISO 8601 UTC, the local
/// midnights that bound it), `totals` and `previousTotals` (`runCount`, `distanceMeters`,
/// `movingTimeSeconds`, `elevationGainMeters`; a time or gain is null when no run has one),
/// `change` (each total minus the period before's, and `distanceRatio`: the change over the
/// period before's distance, null when that was 0) and `bySport` (the totals per sport with runs).
package struct TotalsSection: ListSection {
    package let period: TotalsPeriod
    package let periods: [PeriodTotals]
    /// The sports counted, nil for all.
    package let sports: [Sport]?
    let formatter: DisplayFormatter
    let calendar: CalendarText

    package init(period: TotalsPeriod, periods: [PeriodTotals], sports: [Sport]?, formatter: DisplayFormatter, calendar: CalendarText) {
        self.period = period
        self.periods = periods
        self.sports = sports
        self.formatter = formatter
        self.calendar = calendar
    }

    package var id: String { "totals-\(period.rawValue)" }
    package var title: String { formatter.strings.totalsTitle(period) }
    package var summary: String? {
        let strings = formatter.strings
        return strings.totalsOfSports(sports.map { $0.map(strings.sportName).joined(separator: ", ") })
    }
    package var columns: [ListColumn] {
        let strings = formatter.strings
        return [ListColumn(strings.totalsPeriodColumn(period)), ListColumn(strings.columnRuns, isNumeric: true),
                ListColumn(strings.columnDistance, isNumeric: true), ListColumn(strings.columnMoving, isNumeric: true),
                ListColumn(strings.columnClimb, isNumeric: true), ListColumn(strings.columnChange, isNumeric: true)]
    }
    package var rowCount: Int { periods.count }

    package func row(at index: Int) -> ListRow {
        let entry = periods[index], totals = entry.totals
        let cells = [label(entry.span.lowerBound), formatter.integer(totals.count), formatter.distance(totals.distanceMeters),
                     formatter.duration(totals.movingTimeSeconds), formatter.elevationChange(totals.elevationGainMeters, sign: "+"),
                     changeText(entry)]
        var bySport: [String: JSONValue] = [:]
        for (sport, totals) in entry.bySport { bySport[sport.rawValue] = .object(totals.values) }
        let values: [String: JSONValue] = [
            "periodStart": .from(CalendarText.iso8601(entry.span.lowerBound)), "periodEnd": .from(CalendarText.iso8601(entry.span.upperBound)),
            "totals": .object(totals.values), "previousTotals": .object(entry.previous.values),
            "change": .object(Self.change(entry)), "bySport": .object(bySport),
        ]
        return ListRow(id: "\(period.rawValue)-\(calendar.isoDate(entry.span.lowerBound))", cells: cells, values: values)
    }

    package var values: [String: JSONValue] {
        ["period": .string(period.rawValue), "sports": sports.map { .array($0.map { .string($0.rawValue) }) } ?? .null]
    }

    /// `Week of 2026-11-30`, `November 2026`, `2026` (in the interface language).
    private func label(_ start: Double) -> String {
        switch period {
        case .week: return formatter.strings.weekOf(calendar.date(start))
        case .month:
            let (year, month) = calendar.yearMonth(start)
            return calendar.monthTitle(year: year, month: month)
        case .year: return String(calendar.yearMonth(start).year)
        }
    }

    /// The distance's change from the period before: `+4.20 km (+12 %)`, `-1.00 km`; no percentage
    /// after a period without distance; `–` when neither period has runs.
    private func changeText(_ entry: PeriodTotals) -> String {
        guard entry.totals.count > 0 || entry.previous.count > 0 else { return "–" }
        let change = entry.totals.distanceMeters - entry.previous.distanceMeters
        let sign = change < 0 ? "-" : change > 0 ? "+" : ""
        var text = sign + formatter.distance(abs(change))
        if entry.previous.distanceMeters > 0 {
            let percent = (change / entry.previous.distanceMeters * 100).rounded()
            text += " (" + (percent < 0 ? "-" : "+") + formatter.whole(abs(percent)) + " %)"
        }
        return text
    }

    /// Each total minus the period before's (a time or gain counted as 0 where one of the two has none,
    /// null when neither has), and the distance's ratio of change.
    static func change(_ entry: PeriodTotals) -> [String: JSONValue] {
        let now = entry.totals, before = entry.previous
        func difference(_ a: Double?, _ b: Double?) -> JSONValue {
            a == nil && b == nil ? .null : .number((a ?? 0) - (b ?? 0))
        }
        let distance = now.distanceMeters - before.distanceMeters
        return ["runCount": .integer(Int64(now.count - before.count)), "distanceMeters": .number(distance),
                "movingTimeSeconds": difference(now.movingTimeSeconds, before.movingTimeSeconds),
                "elevationGainMeters": difference(now.elevationGainMeters, before.elevationGainMeters),
                "distanceRatio": before.distanceMeters > 0 ? .number(distance / before.distanceMeters) : .null]
    }
}
