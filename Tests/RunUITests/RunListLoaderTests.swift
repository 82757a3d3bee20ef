import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import RunUI
import Testing
import TestSupport

/// A page read from the store (``RunListLoader``: the store filters, orders and pages) shows the
/// same sections — titles, whole-month totals, this week, rows — as the same page cut from every
/// run in memory, the way the list was built before (``RunListContext/init(runs:…)``).
struct RunListLoaderTests {
    static let files = ["morning-10k.gpx", "lunch-intervals.gpx", "trail-hill-run.gpx", "long-run-no-hr.gpx"]
        .map { SharedData.repository("samples/runs/" + $0) }
        + (((try? FileManager.default.contentsOfDirectory(atPath: SharedData.corpusFiles.path)) ?? []).filter { $0.hasSuffix(".gpx") }
            .sorted().prefix(30).map { SharedData.corpus($0) })

    static func rendering(_ sections: [any ListSection]) -> [String] {
        sections.flatMap { section in
            ["\(section.id)|\(section.title)|\(section.summary ?? "")|\(section.footer ?? "")"]
                + (0..<section.rowCount).map { section.row(at: $0).id + ":" + section.row(at: $0).cells.joined(separator: "|") }
        }
    }

    @Test func aPageFromTheStoreShowsWhatThePageOfEveryRunShows() throws {
        let home = TemporaryDirectory("runlog-loader")
        let library = try Library(path: home.file("library.sqlite"))
        let importer = RunImporter(library: library)
        for file in Self.files { _ = try? importer.importFile(atPath: file) }
        let all = try library.runs()
        try #require(all.count >= 15, "runs: \(all.count)")
        let calendar = CalendarText(timeZone: TimeZone(identifier: "Europe/Zurich")!)
        // "Now" in the week of the newest run, so "This week" holds runs.
        let now = try #require(all.compactMap(\.calendarStartSeconds).max()) + 3_600
        let filters: [SearchFilter?] = [nil, SearchFilter(SearchDefinition(distanceMeters: ValueRange(minimum: 8_000))),
                                        SearchFilter(SearchDefinition(text: "run"))]
        for filter in filters {
            let found = filter.map { f in try! library.searchableRuns().filter { f.matches($0.searchable) }.map(\.record) } ?? all
            for size in [1, 2, 5, 50] {
                let pages = RunListPage(number: 1, size: size).pageCount(runCount: found.count)
                for number in 1...pages {
                    let page = RunListPage(number: number, size: size)
                    let memory = RunListContext(runs: found, calendar: calendar, nowSeconds: now, firstWeekday: 2, page: page)
                    let (stored, total) = try RunListLoader.load(library, filter: filter, page: page, formatter: DisplayFormatter(),
                                                                 calendar: calendar, nowSeconds: now, firstWeekday: 2,
                                                                 includesThisWeek: filter == nil)
                    #expect(total == found.count)
                    let screen = filter == nil ? RunListScreen.sections(for:) : SearchResultsScreen.sections(for:)
                    #expect(Self.rendering(screen(stored)) == Self.rendering(screen(memory)), "page \(number) of size \(size)")
                }
            }
        }
    }
}
