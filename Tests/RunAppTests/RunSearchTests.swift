import Foundation
import RunApp
import RunCore
import RunStore
import RunStoreSQLite
import Testing
import TestSupport

/// The search both front ends run: the set named, else the default setting's; relative periods in
/// the user's time zone and first weekday. Expected runs are worked out from ``SearchFixture``'s table.
@Suite struct RunSearchTests {
    let home = TemporaryDirectory("runlog-app-search")
    static let now = ISO8601DateFormatter().date(from: SearchFixture.now)!   // Friday 2026-05-15 12:00 UTC

    func library() throws -> any RunLibrary {
        let library = try Library(path: home.file("library.sqlite"))
        let importer = RunImporter(library: library)
        for run in SearchFixture.runs { _ = try importer.importBytes(Array(run.gpx.text.utf8), fileName: run.file) }
        try library.createSearchSet(named: "This week", definition: SearchDefinition(period: .calendar(unit: .week, offset: 0)))
        try library.createSearchSet(named: "Today", definition: SearchDefinition(period: .calendar(unit: .day, offset: 0)))
        return library
    }

    func settings(defaultSet: String = "All runs", firstWeekday: String = "monday") -> SettingsSnapshot {
        var settings = SettingsSnapshot()
        settings.values[Settings.defaultSearchSet.key] = .string(defaultSet)
        settings.values[Settings.firstWeekday.key] = .string(firstWeekday)
        return settings
    }

    func ids(_ runs: [RunRecord]) -> [Int64] { runs.map(\.id) }

    @Test func theSetNamedElseTheDefaultSettings() throws {
        let library = try library()
        let settings = settings(defaultSet: "this week")
        let search = try RunSearch(library: library, settings: settings,
                                   display: DisplayPreferences(settings: settings, timeZone: TimeZone(identifier: "UTC")!), now: Self.now)
        #expect(try search.set(named: nil).name == "This week")
        #expect(try search.set(named: "all RUNS").name == "All runs")
        #expect(ids(try search.runs(in: try search.set(named: nil), text: nil)) == [1])
        #expect(ids(try search.runs(in: try search.set(named: "All runs"), text: "river")) == [6])
        let unknown = try #require(throws: SearchError.self) { try search.set(named: "Parks") }
        #expect(unknown.code == .unknownSet)
    }

    @Test func aDefaultNamingNoSetIsAnErrorWithTheFrontEndsHint() throws {
        let settings = settings(defaultSet: "Gone")
        let search = try RunSearch(library: try library(), settings: settings,
                                   display: DisplayPreferences(settings: settings, timeZone: TimeZone(identifier: "UTC")!), now: Self.now)
        let error = try #require(throws: SearchError.self) { try search.set(named: nil) }
        #expect(error.message.hasPrefix("the search.defaultSet setting names 'Gone', which is not a search set"))
        #expect(error.setting == "search.defaultSet" && !error.message.contains("runlog "))
        // A set named does not need the default.
        #expect(try search.set(named: "Today").name == "Today")
    }

    /// This week from Monday 11 May holds run 1 (Thursday 14 May 23:30 UTC); from Sunday 10 May,
    /// run 6 (Sunday 08:00) too. Today (Friday 15 May) in Berlin holds run 1 (01:30 there); in UTC none.
    @Test(arguments: [("monday", "UTC", "This week", [Int64(1)]), ("sunday", "UTC", "This week", [1, 6]),
                      ("monday", "UTC", "Today", []), ("monday", "Europe/Berlin", "Today", [1])])
    func periodsInTheUsersCalendar(firstWeekday: String, zone: String, set: String, expected: [Int64]) throws {
        let settings = settings(firstWeekday: firstWeekday)
        let search = try RunSearch(library: try library(), settings: settings,
                                   display: DisplayPreferences(settings: settings, timeZone: TimeZone(identifier: zone)!), now: Self.now)
        #expect(ids(try search.runs(in: try search.set(named: set), text: nil)) == expected)
    }

    @Test func withoutALibraryNothingIsFound() throws {
        let search = try RunSearch(library: nil, settings: SettingsSnapshot(),
                                   display: DisplayPreferences(settings: SettingsSnapshot(), timeZone: TimeZone(identifier: "UTC")!), now: Self.now)
        #expect(search.sets.map(\.name) == ["All runs"])
        #expect(try search.runs(in: try search.set(named: nil), text: nil).isEmpty)
        #expect(RunSearch.words("  morning \t run \n") == "morning run")
        #expect(RunSearch.words(" \n ") == nil)
    }
}
