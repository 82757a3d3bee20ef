import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import TestSupport
import Testing

/// Searches over a library of runs made for the test, with every property chosen by hand: the
/// expected matches come from this table, not from the code under test.
@Suite struct SearchTests {
    let directory = TemporaryDirectory("runlog-search")

    static let now = ISO8601DateFormatter().date(from: SearchFixture.now)!
    static let utc = SearchClock(now: now, timeZone: TimeZone(identifier: "UTC")!, firstWeekday: 2)

    func makeLibrary() throws -> Library {
        let library = try Library(path: directory.file("library.sqlite"))
        for (index, run) in SearchFixture.runs.enumerated() {
            let path = try directory.write(run.file, run.gpx.text)
            guard case .imported(let record) = try RunImporter(library: library).importFile(atPath: path).outcomes[0] else {
                Issue.record("\(run.file) not imported"); continue
            }
            #expect(record.id == Int64(index + 1))
            if !run.notes.isEmpty { try library.setNotes(id: record.id, to: run.notes) }
        }
        return library
    }

    func ids(_ library: Library, _ definition: SearchDefinition, text: String? = nil, clock: SearchClock = utc) throws -> Set<Int64> {
        Set(try library.runs(matching: SearchFilter(definition, text: text, clock: clock)).map(\.id))
    }

    @Test func eachFilter() throws {
        let library = try makeLibrary()
        #expect(try ids(library, SearchDefinition()) == [1, 2, 3, 4, 5, 6])
        // Text: name, notes (accents folded), place (metadata desc, keywords, waypoint names, file name); all words must occur.
        #expect(try ids(library, SearchDefinition(text: "stadtpark")) == [1])
        #expect(try ids(library, SearchDefinition(text: "SUMMIT")) == [2])
        #expect(try ids(library, SearchDefinition(text: "munster")) == [4])
        #expect(try ids(library, SearchDefinition(text: "bridges")) == [6])
        #expect(try ids(library, SearchDefinition(text: "walk")) == [3])
        #expect(try ids(library, SearchDefinition(text: "race.gpx")) == [4])
        #expect(try ids(library, SearchDefinition(text: "morning loop")) == [1])
        #expect(try ids(library, SearchDefinition(text: "morning summit")) == [])
        #expect(try ids(library, SearchDefinition(text: "loop")) == [1, 5])
        #expect(try ids(library, SearchDefinition(text: "loop"), text: "planned") == [5])
        // Distance (5 km … 10.5 km) and duration (moving time; runs without times never match).
        #expect(try ids(library, SearchDefinition(distanceMeters: ValueRange(minimum: 5000, maximum: 10_500))) == [1, 4])
        #expect(try ids(library, SearchDefinition(distanceMeters: ValueRange(maximum: 2500))) == [3, 5])
        #expect(try ids(library, SearchDefinition(durationSeconds: ValueRange(maximum: 1800))) == [1, 3])
        #expect(try ids(library, SearchDefinition(durationSeconds: ValueRange(minimum: 3600))) == [2, 6])
        // Sport and heart rate.
        #expect(try ids(library, SearchDefinition(sports: [.trailRunning])) == [2])
        #expect(try ids(library, SearchDefinition(sports: [.walking, .trailRunning])) == [2, 3])
        #expect(try ids(library, SearchDefinition(hasHeartRate: true)) == [1, 3, 4])
        #expect(try ids(library, SearchDefinition(hasHeartRate: false)) == [2, 5, 6])
        // A fixed span of start times: May 2026 (UTC).
        let may = TimeRange(fromSeconds: 1_777_593_600, beforeSeconds: 1_780_272_000)  // 2026-05-01T00:00Z, 2026-06-01T00:00Z
        #expect(try ids(library, SearchDefinition(startTime: may)) == [1, 2, 6])
        // Filters combine.
        #expect(try ids(library, SearchDefinition(startTime: may, distanceMeters: ValueRange(minimum: 10_000), hasHeartRate: false)) == [2, 6])
    }

    @Test(arguments: [
        ("today", [] as [Int64]), ("yesterday", [1]), ("last 7 days", [1, 6]), ("last 30 days", [1, 2, 3, 6]),
        ("this week", [1]), ("last week", [6]), ("this month", [1, 2, 6]), ("last month", [3]),
        ("this year", [1, 2, 3, 6]), ("last year", [4]), ("2 months ago", [] as [Int64]), ("6 months ago", [4]), ("last 1 year", [1, 2, 3, 4, 6]), ("past 2 weeks", [1, 6]),
    ])
    func relativePeriodsAtAFixedClock(text: String, expected: [Int64]) throws {
        let library = try makeLibrary()
        let period = try #require(RelativePeriod(text: text))
        #expect(try ids(library, SearchDefinition(period: period)) == Set(expected), "\(text)")
    }

    /// The period is in the user's calendar: in Berlin (UTC+2) run 1 starts today, weeks may start on Sunday.
    @Test func relativePeriodsFollowTimeZoneAndFirstWeekday() throws {
        let library = try makeLibrary()
        let berlin = SearchClock(now: Self.now, timeZone: TimeZone(identifier: "Europe/Berlin")!, firstWeekday: 2)
        #expect(try ids(library, SearchDefinition(period: .calendar(unit: .day, offset: 0)), clock: berlin) == [1])
        #expect(try ids(library, SearchDefinition(period: .calendar(unit: .day, offset: -1)), clock: berlin) == [])
        let sundayWeeks = SearchClock(now: Self.now, timeZone: TimeZone(identifier: "UTC")!, firstWeekday: 1)
        #expect(try ids(library, SearchDefinition(period: .calendar(unit: .week, offset: 0)), clock: sundayWeeks) == [1, 6])
    }

    @Test func periodTextRoundTripsAndRefusesNonsense() {
        for text in ["today", "yesterday", "this week", "last month", "last 30 days", "last 1 year", "this year", "2 weeks ago"] {
            #expect(RelativePeriod(text: text)?.text == text)
        }
        #expect(RelativePeriod(text: "  Last 30 Days ") == .trailing(count: 30, unit: .day))
        for bad in ["", "last", "last 0 days", "last -3 days", "this days", "next week", "last 30 fortnights", "last 99999999 days"] {
            #expect(RelativePeriod(text: bad) == nil, "\(bad)")
        }
    }

    @Test func definitionJSONHasStableKeysAndSIUnits() throws {
        let definition = SearchDefinition(text: "park", period: .trailing(count: 30, unit: .day),
                                          distanceMeters: ValueRange(minimum: 5000, maximum: 10_000), durationSeconds: ValueRange(maximum: 3600),
                                          sports: [.running, .trailRunning], hasHeartRate: true)
        #expect(definition.jsonText == #"{"distanceMeters":{"maximum":10000,"minimum":5000},"durationSeconds":{"maximum":3600},"#
                + #""hasHeartRate":true,"period":{"count":30,"kind":"trailing","unit":"day"},"sports":["running","trailRunning"],"#
                + #""text":"park","version":1}"#)
        #expect(try SearchDefinition(jsonText: definition.jsonText) == definition)
        let span = SearchDefinition(startTime: TimeRange(fromSeconds: 1_777_593_600, beforeSeconds: 1_780_272_000))
        #expect(span.jsonText == #"{"startTime":{"before":"2026-06-01T00:00:00Z","from":"2026-05-01T00:00:00Z"},"version":1}"#)
        #expect(try SearchDefinition(jsonText: span.jsonText) == span)
        for bad in [#"{"version":2}"#, #"{"distanceMeters":{"minimum":10,"maximum":5}}"#, #"{"sports":["curling"]}"#,
                    #"{"startTime":{"from":"2026-05-01"}}"#, #"{"period":{"kind":"calendar","unit":"week"}}"#, "[]", "",
                    #"{"startTime":{"from":"2026-05-01T00:00:00Z"},"period":{"kind":"calendar","offset":0,"unit":"week"}}"#] {
            #expect(throws: SearchError.self, "\(bad)") { try SearchDefinition(jsonText: bad) }
        }
    }

    @Test func setsAreCreatedEditedRenamedAndDeleted() throws {
        let library = try makeLibrary()
        #expect(try library.searchSets().map(\.name) == ["All runs"])
        try library.createSearchSet(named: "trail", definition: SearchDefinition(sports: [.trailRunning]))
        try library.createSearchSet(named: "Heart", definition: SearchDefinition(hasHeartRate: true))
        #expect(try library.searchSets().map(\.name) == ["All runs", "Heart", "trail"])
        #expect(try library.searchSet(named: "TRAIL").definition == SearchDefinition(sports: [.trailRunning]))
        try library.updateSearchSet(named: "trail", definition: SearchDefinition(text: "summit"))
        #expect(try library.searchSet(named: "trail").definition.text == "summit")
        try library.renameSearchSet("trail", to: "Summits")
        try library.renameSearchSet("summits", to: "SUMMITS")  // a change of case only
        #expect(try library.searchSets().map(\.name) == ["All runs", "Heart", "SUMMITS"])
        #expect(try library.deleteSearchSet(named: "heart") == "Heart")
        #expect(try library.searchSets().map(\.name) == ["All runs", "SUMMITS"])
        // The stored JSON is the definition's, as sqlite3 sees it.
        let stored = try ExternalTools.run("/usr/bin/sqlite3", [directory.file("library.sqlite"),
                                                                "SELECT definition_json FROM search_sets WHERE name = 'SUMMITS'"])
        #expect(stored.output == #"{"text":"summit","version":1}"# + "\n")
    }

    @Test func theDefaultSetIsProtectedAndNamesAreChecked() throws {
        let library = try makeLibrary()
        try library.createSearchSet(named: "long", definition: SearchDefinition(distanceMeters: ValueRange(minimum: 15_000)))
        func code(_ body: () throws -> Void) -> SearchError.Code? {
            do { try body(); return nil } catch let error as SearchError { return error.code } catch { return nil }
        }
        #expect(code { try library.deleteSearchSet(named: "all RUNS") } == .protectedSet)
        #expect(code { try library.renameSearchSet("All runs", to: "Everything") } == .protectedSet)
        #expect(code { try library.updateSearchSet(named: "All runs", definition: SearchDefinition(text: "x")) } == .protectedSet)
        // Taking the default set's name: the name is taken (the default set itself is not changed).
        #expect(code { try library.createSearchSet(named: "all runs", definition: SearchDefinition()) } == .nameTaken)
        #expect(code { try library.renameSearchSet("long", to: "All Runs") } == .nameTaken)
        #expect(code { try library.createSearchSet(named: "LONG", definition: SearchDefinition()) } == .nameTaken)
        for bad in ["", " padded", "padded ", "two\nlines", String(repeating: "x", count: 101)] {
            #expect(code { try library.createSearchSet(named: bad, definition: SearchDefinition()) } == .invalidName, "\(bad)")
        }
        #expect(code { try library.createSearchSet(named: "bad", definition: SearchDefinition(distanceMeters: ValueRange(minimum: 9, maximum: 1))) }
                == .invalidDefinition)
        // An unknown set is an error naming the sets that exist.
        let error = try #require(throws: SearchError.self) { try library.searchSet(named: "parks") }
        #expect(error.code == .unknownSet)
        #expect(error.message == "there is no search set 'parks'; the sets are: 'All runs', 'long'")
        #expect(error.name == "parks" && error.sets == ["All runs", "long"])
        #expect(code { try library.deleteSearchSet(named: "parks") } == .unknownSet)
        #expect(code { try library.renameSearchSet("parks", to: "x") } == .unknownSet)
        // The default set matches every run, and is listed even when its row was removed by hand.
        _ = try ExternalTools.run("/usr/bin/sqlite3", [directory.file("library.sqlite"), "DELETE FROM search_sets WHERE name = 'All runs'"])
        #expect(try library.searchSets().map(\.name) == ["All runs", "long"])
        #expect(try ids(library, try library.searchSet(named: "All runs").definition) == [1, 2, 3, 4, 5, 6])
    }

    /// A library of schema 3 (search_sets empty) gets the default set when it is opened.
    @Test func schemaFourStoresTheDefaultSet() throws {
        let path = directory.file("old.sqlite")
        try OldLibrary.makeSchemaFour(at: path, files: [])
        let downgrade = try ExternalTools.run("/usr/bin/sqlite3", [path, "DELETE FROM search_sets; PRAGMA user_version = 3;"])
        try #require(downgrade.status == 0)
        _ = try Library(path: path)
        let rows = try ExternalTools.run("/usr/bin/sqlite3", [path, "PRAGMA user_version; SELECT name, definition_json FROM search_sets;"])
        #expect(rows.output == "9\nAll runs|{\"version\":1}\n")   // brought to the latest schema, 9
    }
}
