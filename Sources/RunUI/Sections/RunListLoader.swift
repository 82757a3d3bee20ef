package import RunCore
package import RunStore

/// Reads one page of the run list from the store — the runs a filter finds (every run without
/// one), a page at a time — with just what the page's sections count besides: the whole months
/// its runs fall in, this week (on the first page, when the screen shows it) and the undated runs
/// (when the page shows some). The store does the filtering, ordering and paging (``RunQuery``),
/// so a page costs the same in a library of 10 runs or 10,000.
package enum RunListLoader {
    /// - Parameters:
    ///   - filter: what to find (nil: every run).
    ///   - includesThisWeek: whether the screen has a "This week" section (the runs screen, not search results).
    /// - Returns: the list's context and how many runs the filter finds in all.
    package static func load(_ library: any RunLibrary, filter: SearchFilter? = nil, page: RunListPage, formatter: DisplayFormatter,
                            calendar: CalendarText, nowSeconds: Double, firstWeekday: Int, live: LivePresentation? = nil,
                            includesThisWeek: Bool) throws -> (list: RunListContext, totalCount: Int) {
        let found = try library.runs(RunQuery(filter: filter, offset: page.offset, limit: page.size))
        var counted: [RunRecord] = []
        let starts = found.runs.compactMap(\.calendarStartSeconds)
        if let first = starts.min(), let last = starts.max() {
            let months = TimeRange(fromSeconds: calendar.month(containing: first).lowerBound, beforeSeconds: calendar.month(containing: last).upperBound)
            counted += try library.runs(RunQuery(filter: filter, calendar: .startingIn(months))).runs
        }
        if includesThisWeek, page.isFirst {
            let week = calendar.week(containing: nowSeconds, firstWeekday: firstWeekday)
            counted += try library.runs(RunQuery(filter: filter, calendar: .startingIn(TimeRange(fromSeconds: week.lowerBound, beforeSeconds: week.upperBound)))).runs
        }
        if found.runs.contains(where: { $0.calendarStartSeconds == nil }) {
            counted += try library.runs(RunQuery(filter: filter, calendar: .undated)).runs
        }
        var seen = Set<Int64>()
        // In the list's order: newest start first, runs without a start time last, newest import first.
        let runs = (counted + found.runs).filter { seen.insert($0.id).inserted }.sorted { a, b in
            switch (a.startTimeSeconds, b.startTimeSeconds) {
            case let (x?, y?) where x != y: return x > y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return a.id > b.id
            }
        }
        var list = RunListContext(runs: runs, formatter: formatter, calendar: calendar, nowSeconds: nowSeconds, firstWeekday: firstWeekday,
                                  page: page, live: live)
        list.loadedPageRuns = found.runs
        list.loadedFoundCount = found.totalCount
        return (list, found.totalCount)
    }
}
