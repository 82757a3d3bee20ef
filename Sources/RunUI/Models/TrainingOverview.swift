package import RunCore
package import RunStore

/// What the web's home page opens with (issue 15): this week, the last 4 weeks and this year
/// (their totals), the distance of each of the last 12 weeks and of each month of this year so far,
/// stacked by sport — all from ``TrainingPeriods``, so they agree with `runlog totals`.
package struct TrainingOverview: Sendable {
    package var thisWeek: RunTotals
    /// This week and the 3 before it.
    package var lastFourWeeks: RunTotals
    package var thisYear: RunTotals
    /// The last 12 weeks, this one last.
    package var weeks: [PeriodTotals]
    /// January to this month of this year, this month last.
    package var months: [PeriodTotals]

    package init(runs: [RunRecord], nowSeconds: Double, calendar: CalendarText, firstWeekday: Int) {
        weeks = TrainingPeriods.totals(of: runs, by: .week, count: 12, sports: nil, nowSeconds: nowSeconds,
                                       calendar: calendar, firstWeekday: firstWeekday).reversed()
        months = TrainingPeriods.totals(of: runs, by: .month, count: calendar.yearMonth(nowSeconds).month, sports: nil,
                                        nowSeconds: nowSeconds, calendar: calendar, firstWeekday: firstWeekday).reversed()
        thisWeek = weeks.last?.totals ?? RunTotals()
        lastFourWeeks = RunTotals()
        for week in weeks.suffix(4) { lastFourWeeks.add(week.totals) }
        thisYear = RunTotals()
        for month in months { thisYear.add(month.totals) }
    }

    /// The runs the overview counts start in this span: from the earlier of the 12th week back and
    /// the year's start, to the end of this week or year (a store reads only those).
    package static func span(nowSeconds: Double, calendar: CalendarText, firstWeekday: Int) -> TimeRange {
        var week = calendar.week(containing: nowSeconds, firstWeekday: firstWeekday)
        let weekEnd = week.upperBound
        for _ in 1..<12 { week = calendar.week(containing: week.lowerBound - 1, firstWeekday: firstWeekday) }
        let year = calendar.year(containing: nowSeconds)
        return TimeRange(fromSeconds: min(week.lowerBound, year.lowerBound), beforeSeconds: max(weekEnd, year.upperBound))
    }

    /// The bars of `periods`: each labelled by `label`, titled with its distance, parts per sport.
    package static func bars(_ periods: [PeriodTotals], formatter: DisplayFormatter, label: (Double) -> String,
                             title: (Double) -> String) -> [BarChartDrawing.Bar] {
        periods.map { period in
            let parts = Sport.allCases.compactMap { sport in period.bySport[sport].map { (sport: sport, meters: $0.distanceMeters) } }
            return BarChartDrawing.Bar(label: label(period.span.lowerBound),
                                       title: title(period.span.lowerBound) + ": " + period.totals.text(formatter), parts: parts)
        }
    }

    /// The sports with distance in the charts, in ``RunCore/Sport``'s order (for a legend).
    package var sportsShown: [Sport] {
        let present = Set((weeks + months).flatMap { $0.bySport.filter { $0.value.distanceMeters > 0 }.keys })
        return Sport.allCases.filter(present.contains)
    }
}
