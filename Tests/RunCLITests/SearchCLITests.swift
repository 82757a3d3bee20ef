import Foundation
import RunCLI
import RunStore
import RunStoreSQLite
import TestSupport
import Testing

/// `runlog search` and `runlog search-sets` in process, over the runs of ``SearchFixture`` at its
/// fixed clock (`RUNLOG_NOW`). Expected run numbers come from the fixture's table.
@Suite struct SearchCLITests {
    let home = TemporaryDirectory("runlog-search-cli")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC", "RUNLOG_NOW": SearchFixture.now] }

    @discardableResult
    func run(_ arguments: String..., input: String? = nil) -> (status: Int32, out: String, err: String) {
        run(arguments, input: input)
    }

    @discardableResult
    func run(_ arguments: [String], input: String? = nil) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing(input: input.map { Array($0.utf8) })
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    func ids(_ result: (status: Int32, out: String, err: String)) -> [Int64] {
        result.out.split(separator: "\n").compactMap { Int64($0) }
    }

    func importFixture() throws {
        var paths: [String] = []
        for run in SearchFixture.runs { paths.append(try home.write(run.file, run.gpx.text)) }
        for path in paths { #expect(run("import", path).status == 0) }
        let library = try Library(path: home.file("library.sqlite"))
        for (index, run) in SearchFixture.runs.enumerated() where !run.notes.isEmpty { try library.setNotes(id: Int64(index + 1), to: run.notes) }
    }

    @Test func searchWithSetsTextAndStandardInput() throws {
        try importFixture()
        // The default set "All runs": every run, newest first (the order of 'list'); undated last.
        #expect(ids(run("search", "--ids")) == [1, 6, 2, 3, 4, 5])
        #expect(ids(run("list", "--ids")) == [1, 6, 2, 3, 4, 5])
        #expect(run("search-sets", "create", "last 30 days", "--period", "last 30 days").status == 0)
        #expect(run("search-sets", "create", "long heart", "--distance", "5km..", "--heart-rate", "yes").status == 0)
        #expect(ids(run("search", "--set", "last 30 days", "--ids")) == [1, 6, 2, 3])
        #expect(ids(run("search", "--set", "LONG HEART", "--ids")) == [1, 4])
        #expect(ids(run("search", "loop", "--ids")) == [1, 5])
        #expect(ids(run("search", "stadtpark", "--set", "last 30 days", "--ids")) == [1])
        // Words from standard input (the previous step of a pipeline), when no TEXT is given.
        #expect(ids(run("search", "--ids", input: "summit\n")) == [2])
        #expect(ids(run("search", "--ids", "--set", "long heart", input: "MÜNSTER")) == [4])
        #expect(ids(run("search", "--ids", input: "")) == [1, 6, 2, 3, 4, 5])
        #expect(ids(run("search", "bridges", "--ids", input: "summit")) == [6])  // TEXT wins over standard input
        // Finding nothing is not an error.
        let none = run("search", "nowhere", "--ids")
        #expect(none.status == 0 && none.out.isEmpty && none.err.isEmpty)
        #expect(run("search", "nowhere").out == "No runs found with 'nowhere' in search set 'All runs'.\n")
        // The same sections as 'runlog list': month headings with totals (1 run of 50 steps of 111.3195 m in 50 × 30 s).
        let text = run("search", "--set", "long heart")
        #expect(text.out.hasPrefix("May 2026 — 1 run, 5.57 km, 25:00 moving"))
        #expect(text.out.contains("November 2025 — 1 run, 10.02 km, 45:00 moving"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run("search", "--json", "--set", "long heart").out.utf8)) as? [String: Any])
        #expect(json["set"] as? String == "long heart" && json["runCount"] as? Int == 2)
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(sections.map { $0["id"] as? String } == ["month-2026-05", "month-2025-11"])
        let row = try #require((sections[0]["rows"] as? [[String: Any]])?.first)
        #expect(row["id"] as? Int == 1 && row["startTime"] as? String == "2026-05-14T23:30:00Z")
        #expect(abs((row["distanceMeters"] as? Double ?? 0) - SearchFixture.runs[0].gpx.distanceMeters) < 0.01)
    }

    @Test func anUnknownSetIsAnErrorNamingTheSets() throws {
        try importFixture()
        #expect(run("search-sets", "create", "trail", "--sport", "trailRunning").status == 0)
        let unknown = run("search", "--set", "parks")
        #expect(unknown.status == 1 && unknown.out.isEmpty)
        #expect(unknown.err == "runlog: there is no search set 'parks'; the sets are: 'All runs', 'trail'\nsee 'runlog search-sets'\n")
        // The setting chooses the set a search uses; a setting naming no set is an error, never a fall-back.
        #expect(run("settings", "set", "search.defaultSet", "Trail").status == 0)
        #expect(ids(run("search", "--ids")) == [2])
        // The setting takes only a set that exists…
        let refused = run("settings", "set", "search.defaultSet", "gone")
        #expect(refused.status == 1)
        #expect(refused.err.hasPrefix("runlog: search.defaultSet cannot be \"gone\": there is no search set 'gone'; the sets are: 'All runs', 'trail'"))
        let imported = run("settings", "import", try home.write("s.json", #"{"format":"runlog-settings","version":1,"settings":{"search.defaultSet":"ghost"}}"#))
        #expect(imported.status == 1 && imported.err.contains("there is no search set 'ghost'"))
        // … and the set it names cannot be deleted; another library (--library) may not have it: searches say so.
        #expect(run("search-sets", "delete", "trail").err.contains("is the default search set of settings profile 'default'"))
        let other = home.file("other/library.sqlite")
        #expect(run("import", "--library", other, try home.write("one.gpx", SearchFixture.runs[0].gpx.text)).status == 0)
        let bad = run("search", "--ids", "--library", other)
        #expect(bad.status == 1 && bad.out.isEmpty)
        #expect(bad.err.hasPrefix("runlog: the search.defaultSet setting names 'Trail', which is not a search set; the sets are: 'All runs'"))
        #expect(run("search", "--ids", "--set", "all runs").status == 0)
    }

    @Test func setsAreCreatedEditedRenamedAndDeleted() throws {
        try importFixture()
        let created = run("search-sets", "create", "May runs", "--from", "2026-05-01", "--to", "2026-05-31", "--sport", "running,trailRunning")
        #expect(created.status == 0)
        #expect(created.out == "created search set 'May runs': --from 2026-05-01 --to 2026-05-31 --sport running,trailRunning\n")
        #expect(ids(run("search", "--set", "may runs", "--ids")) == [1, 6, 2])
        #expect(run("search-sets", "edit", "May runs", "--duration", "..1:30:00", "--text", "morning").status == 0)
        #expect(ids(run("search", "--set", "may runs", "--ids")) == [1])
        #expect(run("search-sets", "edit", "May runs", "--clear", "text,duration").status == 0)
        #expect(ids(run("search", "--set", "may runs", "--ids")) == [1, 6, 2])
        // The definition as stored: SI units, ISO 8601 UTC, stable keys.
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(run("search-sets", "show", "may runs", "--json").out.utf8))
                                 as? [String: Any])
        let set = try #require((shown["sets"] as? [[String: Any]])?.first)
        let definition = try #require(set["definition"] as? [String: Any])
        #expect(definition["startTime"] as? [String: String] == ["from": "2026-05-01T00:00:00Z", "before": "2026-06-01T00:00:00Z"])
        #expect(definition["sports"] as? [String] == ["running", "trailRunning"])
        // Renaming follows into the settings profile that names the set.
        #expect(run("settings", "set", "search.defaultSet", "May runs").status == 0)
        let renamed = run("search-sets", "rename", "may runs", "Spring")
        #expect(renamed.status == 0 && renamed.out.contains("profile 'default': search.defaultSet is now 'Spring'"))
        #expect(run("settings", "get", "search.defaultSet").out == "Spring\n")
        #expect(ids(run("search", "--ids")) == [1, 6, 2])
        // A set a profile uses as its default cannot be deleted until the profile names another.
        let inUse = run("search-sets", "delete", "spring")
        #expect(inUse.status == 1 && inUse.err.contains("is the default search set of settings profile 'default'"))
        #expect(run("settings", "reset", "search.defaultSet").status == 0)
        #expect(run("search-sets", "delete", "spring").out == "deleted search set 'Spring'\n")
        #expect(run("search-sets", "--names").out == "All runs\n")
        // The default set stays.
        for arguments in [["search-sets", "delete", "All runs"], ["search-sets", "rename", "all runs", "Everything"],
                          ["search-sets", "edit", "All runs", "--text", "x"]] {
            let refused = run(arguments)
            #expect(refused.status != 0 && refused.err.contains("'All runs' cannot be"), "\(arguments)")
        }
    }

    @Test(arguments: [
        ["search-sets", "create"], ["search-sets", "create", "x", "--distance", "5"], ["search-sets", "create", "x", "--distance", "10km..5"],
        ["search-sets", "create", "x", "--duration", "1:75"], ["search-sets", "create", "x", "--period", "next week"],
        ["search-sets", "create", "x", "--sport", "curling"], ["search-sets", "create", "x", "--heart-rate", "maybe"],
        ["search-sets", "create", "x", "--from", "2026-02-30"], ["search-sets", "create", "x", "--from", "2026-05-01T06:00:00"],
        ["search-sets", "create", "x", "--clear", "text"], ["search-sets", "frobnicate"], ["search-sets", "list", "--names", "--json"],
        ["search-sets", "rename", "x"], ["search", "--ids", "--json"], ["search", "--set", ""], ["search-sets", "delete", "x", "--text", "y"],
        ["list", "--ids", "--json"],
    ])
    func badUsageExits64(arguments: [String]) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        #expect(status == 64, "\(arguments): \(console.errorText)")
        #expect(console.errorText.contains("see 'runlog"))
    }

    @Test func badValuesAreFailuresNamingTheProblem() throws {
        try importFixture()
        let range = run("search-sets", "create", "x", "--distance", "10km..5km")
        // Two ways of choosing dates at once, or a span that ends before it starts: bad usage.
        #expect(run("search-sets", "create", "y", "--from", "2026-01-01", "--period", "last week").status == 64)
        #expect(run("search-sets", "create", "y", "--from", "2026-05-01", "--to", "2026-04-01").status == 64)
        // A bad option value is bad usage (64), like an unknown sport.
        #expect(range.status == 64 && range.err.hasPrefix("runlog: --distance cannot be '10km..5km': the distance range's minimum is above its maximum\n"))
        let name = run("search-sets", "create", " padded")
        #expect(name.status == 1 && name.err.contains("' padded' cannot name a search set: it has spaces at its ends"))
        #expect(run("search-sets", "create", "x").status == 0)
        #expect(run("search-sets", "create", "X").err.contains("there is already a search set 'x'"))
        let console = Console.capturing(input: [0x70, 0x61, 0xFF, 0xFE])  // "pa" and bytes that are not UTF-8
        #expect(CLI.run(arguments: ["search", "--ids"], environment: environment, console: console, storage: SQLiteStorage.self) == 1)
        #expect(console.errorText == "runlog: standard input is not UTF-8 text; give the words to find as arguments\n")
    }
}
