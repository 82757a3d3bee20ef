package import Foundation
package import RunStore

/// What the run list's sections are built from. The formatter and the calendar carry the units and
/// the language (build both with the same language).
package struct RunListContext: Sendable {
    /// Every run, newest first (runs without a date last), as ``RunStore/RunLibrary/runs()`` gives
    /// them — or, for a page read from the store (``RunListLoader``), the runs its sections count:
    /// the page's, its months', this week's and the undated ones.
    package var runs: [RunRecord]
    package var formatter: DisplayFormatter
    package var calendar: CalendarText
    /// "Now", seconds since 1970: the week of "This week".
    package var nowSeconds: Double
    /// The day weeks start on: 1 = Sunday … 7 = Saturday (the `firstWeekday` setting).
    package var firstWeekday: Int
    /// Which runs get rows: a page of them, or all.
    package var page: RunListPage
    /// The live recording, when the screen shows it ("Recording now"); nil when not looked at.
    package var live: LivePresentation?
    /// The page's runs when the store read them a page at a time (``RunListLoader``); then
    /// ``runs`` holds only what the page's totals need.
    var loadedPageRuns: [RunRecord]?
    var loadedFoundCount: Int?

    /// How many runs the list holds in all pages (what a search found).
    package var foundCount: Int { loadedFoundCount ?? runs.count }

    /// The same list for machine-readable output (`--json`, the API): English texts and plain
    /// numbers, dates in `timeZone` — the page, its runs and their count kept.
    package func forMachines(timeZone: TimeZone) -> RunListContext {
        var machine = self
        machine.formatter = DisplayFormatter()
        machine.calendar = CalendarText(timeZone: timeZone)
        return machine
    }

    package init(runs: [RunRecord], formatter: DisplayFormatter = DisplayFormatter(), calendar: CalendarText = CalendarText(),
                nowSeconds: Double = Date().timeIntervalSince1970, firstWeekday: Int = 2, page: RunListPage = .all,
                live: LivePresentation? = nil) {
        self.runs = runs
        self.formatter = formatter
        self.calendar = calendar
        self.nowSeconds = nowSeconds
        self.firstWeekday = firstWeekday
        self.page = page
        self.live = live
    }

    /// The runs of the page, in order.
    package var pageRuns: ArraySlice<RunRecord> { loadedPageRuns.map { $0[...] } ?? runs[page.range(runCount: runs.count)] }
}

/// A page of the run list: runs `(number − 1) × size ..< number × size`, newest first.
package struct RunListPage: Sendable, Hashable {
    /// 1 for the newest runs.
    package var number: Int
    /// Runs per page (the `list.pageSize` setting); nil for every run on one page.
    package var size: Int?

    package init(number: Int, size: Int?) {
        self.number = max(1, number)
        self.size = size.map { max(1, $0) }
    }

    /// Every run on one page (`runlog list`).
    package static let all = RunListPage(number: 1, size: nil)

    /// Pages needed for `runCount` runs (at least 1).
    package func pageCount(runCount: Int) -> Int {
        guard let size, runCount > 0 else { return 1 }
        return runCount / size + (runCount % size == 0 ? 0 : 1)
    }

    /// The index of the page's first run: `(number - 1) × size`, or `Int.max` when that does not fit
    /// in an `Int` (a page number from a URL can be anything: such a page lies past every run).
    package var offset: Int {
        guard let size else { return 0 }
        let (first, overflow) = (number - 1).multipliedReportingOverflow(by: size)
        return overflow ? Int.max : first
    }

    /// The indices of the page's runs (empty past the last page).
    package func range(runCount: Int) -> Range<Int> {
        guard let size else { return 0..<runCount }
        let start = min(runCount, offset)
        return start..<min(runCount, start + size)
    }

    package var isFirst: Bool { number == 1 }
}

/// The runs screen (`runlog list`, and the web UI's runs page): the run being recorded, while one
/// is (on the first page); this week's runs with their totals (on the first page), then one
/// section per month, newest first, each with its totals; runs without a date last. A page shows
/// rows for its runs only; totals are always whole months.
package enum RunListScreen {
    package static let registry: SectionRegistry<RunListContext> = {
        var registry = SectionRegistry<RunListContext>()
        registry.register("recordingNow", RecordingNowSection.sections(for:))
        registry.register("thisWeek", ThisWeekSection.sections(for:))
        registry.register("month", MonthSection.sections(for:))
        registry.register("routes", RoutesSection.sections(for:))
        return registry
    }()

    package static func sections(for context: RunListContext) -> [any ListSection] {
        registry.sections(for: context)
    }
}

/// Search results (`runlog search`): the runs found, by month with totals, and those without a
/// date — the runs screen's sections without "This week", which is about the calendar, not the search.
package enum SearchResultsScreen {
    package static let registry: SectionRegistry<RunListContext> = {
        var registry = SectionRegistry<RunListContext>()
        registry.register("month", MonthSection.sections(for:))
        registry.register("routes", RoutesSection.sections(for:))
        return registry
    }()

    package static func sections(for context: RunListContext) -> [any ListSection] {
        registry.sections(for: context)
    }
}
