package import RunCore
package import RunStore

/// What totals were asked for — the period, how many, which sports — read from the words a front
/// end was given (`runlog totals --by week --last 8 --sport running`, `GET /api/v1/totals?by=week&last=8&sport=running`),
/// with one set of rules and refusals for both.
package struct TotalsQuery: Sendable, Equatable {
    package var period: TotalsPeriod
    /// How many periods; nil: the period's default (``TotalsPeriod/defaultCount``).
    package var count: Int?
    /// The sports counted; nil: every sport.
    package var sports: [Sport]?

    /// A value refused: the parameter (`by`, `last`, `sport`), the value, and what it takes.
    package struct Refusal: Error, Sendable, Equatable {
        package var parameter: String
        package var value: String
        package var takes: String
        package var message: String { "\(parameter) cannot be '\(value)': it takes \(takes)" }
    }

    /// - Parameters: the words given, nil when not given: `by` week, month (the default) or year;
    ///   `last` 1 to ``TrainingPeriods/maximumCount``; `sport` a comma-separated list of sports.
    /// - Throws: ``Refusal`` naming the first value refused.
    package init(by: String?, last: String?, sport: String?) throws(Refusal) {
        if let by {
            guard let period = TotalsPeriod(rawValue: by) else {
                throw Refusal(parameter: "by", value: by, takes: TotalsPeriod.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self.period = period
        } else {
            period = .month
        }
        if let last {
            guard let count = Int(last), (1...TrainingPeriods.maximumCount).contains(count) else {
                throw Refusal(parameter: "last", value: last, takes: "a whole number from 1 to \(TrainingPeriods.maximumCount)")
            }
            self.count = count
        } else {
            count = period.defaultCount
        }
        if let sport {
            guard let sports = Sport.list(sport) else {
                throw Refusal(parameter: "sport", value: sport,
                              takes: Sport.allCases.map(\.rawValue).joined(separator: ", ") + " (comma-separated)")
            }
            self.sports = sports
        }
    }

    /// The totals of `runs` by this query (``TrainingPeriods/totals(of:by:count:sports:nowSeconds:calendar:firstWeekday:)``).
    package func periods(of runs: [RunRecord], nowSeconds: Double, calendar: CalendarText, firstWeekday: Int) -> [PeriodTotals] {
        TrainingPeriods.totals(of: runs, by: period, count: count, sports: sports.map(Set.init), nowSeconds: nowSeconds,
                               calendar: calendar, firstWeekday: firstWeekday)
    }

    /// The section showing the totals.
    package func section(_ periods: [PeriodTotals], formatter: DisplayFormatter, calendar: CalendarText) -> TotalsSection {
        TotalsSection(period: period, periods: periods, sports: sports, formatter: formatter, calendar: calendar)
    }
}
