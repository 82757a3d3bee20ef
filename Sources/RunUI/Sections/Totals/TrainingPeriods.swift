package import RunCore
package import RunStore

/// The calendar periods totals are grouped by: weeks (from the `firstWeekday` setting's day), months
/// or years, in the user's time zone (``CalendarText``: proleptic Gregorian, days of 23 to 25 hours
/// across daylight saving time).
package enum TotalsPeriod: String, CaseIterable, Sendable {
    case week, month, year

    /// How many periods are shown when the user does not say: the last 12 weeks or months, every
    /// year from the first run's.
    package var defaultCount: Int? {
        switch self {
        case .week, .month: 12
        case .year: nil
        }
    }
}

/// One period's totals beside the period before it, for the change.
package struct PeriodTotals: Sendable, Equatable {
    /// The period, seconds since 1970: from its first local midnight to the next period's.
    package var span: Range<Double>
    package var totals: RunTotals
    /// The same runs' totals per sport (only sports with runs).
    package var bySport: [Sport: RunTotals]
    /// The totals of the period before (also when it is not shown).
    package var previous: RunTotals
}

/// Runs' totals by calendar period: the `count` periods up to the one holding `nowSeconds`, newest
/// first, every period there even without runs (a gap in training is a row of zeros, not a missing
/// row); each with the period before it, for the change. Runs without a place in the calendar
/// (routes, files without times) and runs of other sports than `sports` (nil: every sport) are
/// not counted; a run counts in the period its start falls in.
/// - Complexity: O(runs · log periods + periods).
package enum TrainingPeriods {
    /// - Parameters:
    ///   - count: how many periods; nil: back to the one holding the earliest run counted (at
    ///     least the current one). At most ``maximumCount``.
    package static func totals(of runs: [RunRecord], by period: TotalsPeriod, count: Int?, sports: Set<Sport>?,
                               nowSeconds: Double, calendar: CalendarText, firstWeekday: Int) -> [PeriodTotals] {
        func span(containing seconds: Double) -> Range<Double> {
            switch period {
            case .week: calendar.week(containing: seconds, firstWeekday: firstWeekday)
            case .month: calendar.month(containing: seconds)
            case .year: calendar.year(containing: seconds)
            }
        }
        let counted = runs.filter { run in run.calendarStartSeconds != nil && sports.map { $0.contains(run.summary.sport) } ?? true }
        let wanted: Int
        if let count {
            wanted = min(max(1, count), maximumCount)
        } else {
            let earliest = counted.compactMap(\.calendarStartSeconds).filter { $0 < nowSeconds }.min() ?? nowSeconds
            var periods = 1, start = span(containing: nowSeconds).lowerBound
            while earliest < start, periods < maximumCount {
                start = span(containing: start - 1).lowerBound
                periods += 1
            }
            wanted = periods
        }
        // The spans oldest first, one more than shown: the first is the oldest shown's "before".
        var spans = [span(containing: nowSeconds)]
        while spans.count < wanted + 1, let first = spans.first, first.lowerBound > -1e12 {
            let before = span(containing: first.lowerBound - 1)
            guard before.upperBound <= first.lowerBound, !before.isEmpty else { break }
            spans.insert(before, at: 0)
        }
        let starts = spans.map(\.lowerBound)
        var totals = [RunTotals](repeating: RunTotals(), count: spans.count)
        var bySport = [[Sport: RunTotals]](repeating: [:], count: spans.count)
        for run in counted {
            guard let start = run.calendarStartSeconds, let index = index(of: start, in: starts, spans: spans) else { continue }
            totals[index].add(run)
            bySport[index][run.summary.sport, default: RunTotals()].add(run)
        }
        return spans.indices.dropFirst().reversed().map { index in
            PeriodTotals(span: spans[index], totals: totals[index], bySport: bySport[index], previous: totals[index - 1])
        }
    }

    /// The most periods one answer holds (about 20 years of weeks).
    package static let maximumCount = 1_000

    /// The index of the span holding `seconds` (spans sorted, adjacent), nil outside all.
    private static func index(of seconds: Double, in starts: [Double], spans: [Range<Double>]) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        guard low > 0, spans[low - 1].contains(seconds) else { return nil }
        return low - 1
    }
}
