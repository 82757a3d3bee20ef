package import Foundation
package import RunCore
package import RunStore

/// A month as a calendar: a row per week (from the `firstWeekday` setting's day), a column per
/// weekday with each day's runs — distance and, for other sports than running, the sport — and the
/// week's totals in the last column: `runlog calendar`, `GET /api/v1/calendar`. The days of the
/// neighbouring months that share a week with this one are shown too (their runs count in that
/// week's totals, not in the month's). Days are local days in the user's time zone, proleptic
/// Gregorian.
///
/// JSON: the section's `values` are `year`, `month`, `previousMonth` and `nextMonth` (`YYYY-MM`) and
/// `totals` (the month's: `runCount`, `distanceMeters`, `movingTimeSeconds`, `elevationGainMeters`);
/// each week's row holds `weekStart`, `weekEnd` (ISO 8601 UTC), `totals`, and `days`: each with
/// `date` (`YYYY-MM-DD`, local), `inMonth`, and `runs` (`id`, `name`, `sport`, `startTime`,
/// `distanceMeters`, `movingTimeSeconds`).
package struct CalendarMonthSection: ListSection {
    package let year: Int
    package let month: Int
    /// The weeks shown, oldest first.
    package let weeks: [CalendarWeek]
    /// The month's own totals (its days only).
    package let totals: RunTotals
    let formatter: DisplayFormatter
    let calendar: CalendarText
    let firstWeekday: Int

    /// One day of the grid.
    package struct Day: Sendable {
        /// The local day, seconds since 1970: from its midnight to the next.
        package var span: Range<Double>
        /// The day of the month, 1…31.
        package var dayOfMonth: Int
        package var date: String
        package var inMonth: Bool
        /// Its runs, in the order they started.
        package var runs: [RunRecord]
    }

    /// One week of the grid: seven days and their totals.
    package struct CalendarWeek: Sendable {
        package var days: [Day]
        package var totals: RunTotals
        package var span: Range<Double> { (days.first?.span.lowerBound ?? 0) ..< (days.last?.span.upperBound ?? 0) }
    }

    /// The month `year`-`month` of `runs` (routes and undated runs are left out).
    package init(year: Int, month: Int, runs: [RunRecord], formatter: DisplayFormatter, calendar: CalendarText, firstWeekday: Int) {
        self.year = year
        self.month = month
        self.formatter = formatter
        self.calendar = calendar
        self.firstWeekday = min(7, max(1, firstWeekday))
        let zone = calendar.timeZone
        let (gridStart, gridEnd) = Self.gridDays(year: year, month: month, timeZone: zone, firstWeekday: self.firstWeekday)
        let dated = runs.filter { $0.calendarStartSeconds != nil }.sorted { $0.calendarStartSeconds! < $1.calendarStartSeconds! }
        var days: [Day] = []
        var index = dated.partitioningIndex { $0.calendarStartSeconds! >= ProlepticCalendar.startOfDay(gridStart, in: zone) }
        for number in gridStart...gridEnd {
            let span = ProlepticCalendar.startOfDay(number, in: zone) ..< ProlepticCalendar.startOfDay(number + 1, in: zone)
            let components = ProlepticCalendar.components(span.lowerBound, in: zone)
            var mine: [RunRecord] = []
            while index < dated.count, dated[index].calendarStartSeconds! < span.upperBound {
                mine.append(dated[index])
                index += 1
            }
            days.append(Day(span: span, dayOfMonth: components.day, date: calendar.isoDate(span.lowerBound),
                            inMonth: components.year == year && components.month == month, runs: mine))
        }
        weeks = stride(from: 0, to: days.count, by: 7).map { start in
            let week = Array(days[start..<min(days.count, start + 7)])
            var totals = RunTotals()
            for day in week { for run in day.runs { totals.add(run) } }
            return CalendarWeek(days: week, totals: totals)
        }
        var monthTotals = RunTotals()
        for day in days where day.inMonth { for run in day.runs { monthTotals.add(run) } }
        totals = monthTotals
    }

    /// The first and last day numbers (``RunCore/ProlepticCalendar``'s) of the grid: from the
    /// first weekday on or before the 1st to the day before the first weekday after the month.
    private static func gridDays(year: Int, month: Int, timeZone zone: TimeZone, firstWeekday: Int) -> (Int, Int) {
        let first = ProlepticCalendar.components(ProlepticCalendar.startOfDay(year: year, month: month, day: 1, in: zone), in: zone)
        let next = month == 12 ? (year + 1, 1) : (year, month + 1)
        let afterLast = ProlepticCalendar.components(ProlepticCalendar.startOfDay(year: next.0, month: next.1, day: 1, in: zone), in: zone)
        let lastWeekday = (afterLast.weekday + 5) % 7 + 1
        return (first.dayNumber - (first.weekday - firstWeekday + 7) % 7, afterLast.dayNumber - 1 + (firstWeekday + 6 - lastWeekday) % 7)
    }

    /// The span of the grid of a month, seconds since 1970: the runs it shows start in it (a store
    /// reads only those).
    package static func span(year: Int, month: Int, timeZone: TimeZone, firstWeekday: Int) -> TimeRange {
        let (start, end) = gridDays(year: year, month: month, timeZone: timeZone, firstWeekday: min(7, max(1, firstWeekday)))
        return TimeRange(fromSeconds: ProlepticCalendar.startOfDay(start, in: timeZone), beforeSeconds: ProlepticCalendar.startOfDay(end + 1, in: timeZone))
    }

    package var id: String { "calendar-\(Self.monthKey(year, month))" }
    package var title: String { calendar.monthTitle(year: year, month: month) }
    package var summary: String? { totals.text(formatter) }
    package var footer: String? { formatter.strings.calendarDistancesIn(formatter.units.distanceUnitSymbol) }
    package var columns: [ListColumn] {
        let strings = formatter.strings
        let weekdays = (0..<7).map { strings.weekdayShortNames[(firstWeekday - 1 + $0) % 7] }
        return weekdays.map { ListColumn($0) } + [ListColumn(strings.columnWeek, isNumeric: true)]
    }
    package var rowCount: Int { weeks.count }

    package func row(at index: Int) -> ListRow {
        let week = weeks[index]
        let cells = week.days.map(cell) + [week.totals.count == 0 ? "" : formatter.distance(week.totals.distanceMeters)]
        let values: [String: JSONValue] = [
            "weekStart": .from(CalendarText.iso8601(week.span.lowerBound)), "weekEnd": .from(CalendarText.iso8601(week.span.upperBound)),
            "totals": .object(week.totals.values), "days": .array(week.days.map(Self.dayValues)),
        ]
        return ListRow(id: "week-\(week.days.first?.date ?? "")", cells: cells, values: values)
    }

    package var values: [String: JSONValue] {
        let previous = month == 1 ? (year - 1, 12) : (year, month - 1)
        let next = month == 12 ? (year + 1, 1) : (year, month + 1)
        return ["year": .integer(Int64(year)), "month": .integer(Int64(month)), "totals": .object(totals.values),
                "previousMonth": .string(Self.monthKey(previous.0, previous.1)), "nextMonth": .string(Self.monthKey(next.0, next.1))]
    }

    /// A day's cell: its day of the month, then each run's distance in the display unit with one
    /// decimal (and the sport's short name when it is not running), runs apart by ` · `:
    /// `14 10.0`, `15 5.2 · 8.0 ride`.
    private func cell(_ day: Day) -> String {
        let strings = formatter.strings
        let runs = day.runs.map { run in
            let distance = formatter.fixed(run.summary.distanceMeters / formatter.units.metersPerDistanceUnit, decimals: 1)
            return run.summary.sport == .running ? distance : distance + " " + strings.sportShortName(run.summary.sport)
        }
        return runs.isEmpty ? String(day.dayOfMonth) : String(day.dayOfMonth) + " " + runs.joined(separator: " · ")
    }

    private static func dayValues(_ day: Day) -> JSONValue {
        .object(["date": .string(day.date), "inMonth": .bool(day.inMonth), "runs": .array(day.runs.map { run in
            .object(["id": .integer(run.id), "name": .string(run.name), "sport": .string(run.summary.sport.rawValue),
                     "startTime": .from(CalendarText.iso8601(run.startTimeSeconds)), "distanceMeters": .number(run.summary.distanceMeters),
                     "movingTimeSeconds": .from(run.summary.movingTimeSeconds ?? run.summary.elapsedTimeSeconds)])
        })])
    }

    /// `2026-05`.
    package static func monthKey(_ year: Int, _ month: Int) -> String {
        let y = String(abs(year)), m = String(month)
        return (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + (month < 10 ? "0" : "") + m
    }

    /// The month a `YYYY-MM` text names (years 1 to 9999), nil for anything else.
    package static func month(parsing text: String) -> (year: Int, month: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let year = Int(parts[0]), let month = Int(parts[1]), (1...9999).contains(year), (1...12).contains(month) else { return nil }
        return (year, month)
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, for an array in which every element that
    /// does comes after every one that does not (binary search).
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
