package import RunCore

/// Which runs to read, in the list's order (newest first; runs without a start time last, newest
/// import first): those a search filter finds (all when nil), a page of them.
package struct RunQuery: Sendable {
    /// The filter (a search set's definition and typed words at a clock's now); nil: every run.
    package var filter: SearchFilter?
    /// Which runs by their place in the calendar (also ANDed with the filter).
    package var calendar: CalendarSelection
    /// Runs to skip from the start of the order.
    package var offset: Int
    /// Runs to read at most; nil: all after `offset`.
    package var limit: Int?

    package init(filter: SearchFilter? = nil, calendar: CalendarSelection = .all, offset: Int = 0, limit: Int? = nil) {
        self.filter = filter
        self.calendar = calendar
        self.offset = max(0, offset)
        self.limit = limit.map { max(0, $0) }
    }
}

/// The runs a ``RunQuery`` read, and how many the filter finds in all (for page counts).
package struct RunQueryResult: Sendable {
    package var runs: [RunRecord]
    package var totalCount: Int

    package init(runs: [RunRecord], totalCount: Int) {
        self.runs = runs
        self.totalCount = totalCount
    }
}

/// Runs by their place in the calendar (``RunRecord/calendarStartSeconds``): a dated activity has
/// one; a route, or a file without times, has none.
package enum CalendarSelection: Sendable, Hashable {
    /// Every run.
    case all
    /// The dated activities that start in the span (from included, before excluded).
    case startingIn(TimeRange)
    /// The runs without a calendar date.
    case undated
}
