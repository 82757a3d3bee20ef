import RunStoreSQLite
import Foundation
import RunCLI
import TestSupport
import Testing

/// The CLI in process, through `CLI.run(arguments:environment:console:)`.
@Suite struct CLITests {
    let home = TemporaryDirectory("runlog-cli")
    /// "Now" is Sunday 20 September 2026, the day after the newest sample run (weeks start on Monday by default).
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC", "RUNLOG_NOW": "2026-09-20T12:00:00Z"] }

    @discardableResult
    func run(_ arguments: String...) -> (status: Int32, out: String, err: String, bytes: [UInt8]) { run(arguments) }

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String, bytes: [UInt8]) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText, console.outputBytes)
    }

    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    var samples: String { SharedData.repository("samples/runs") }

    @Test func helpForEveryCommand() {
        let general = run("--help")
        #expect(general.status == 0)
        for command in ["import", "list", "show", "export", "stats", "delete", "help"] {
            #expect(general.out.contains("  \(command) "))
            let help = run(command, "--help")
            #expect(help.status == 0, "\(command) --help")
            #expect(help.out.hasPrefix("usage: runlog \(command)"))
            #expect(help.err.isEmpty)
        }
        #expect(run("help", "export").out.hasPrefix("usage: runlog export"))
        #expect(run("--version").out.hasPrefix("runlog "))
    }

    @Test func badUsageExits64WithAHint() {
        let cases: [[String]] = [["frobnicate"], ["import"], ["import", "--frob", "x.gpx"], ["show"], ["show", "abc"],
                                 ["show", "1", "2"], ["export", "1", "-o"], ["delete", "-3"], ["list", "extra"], ["--nope"]]
        for arguments in cases {
            let console = Console.capturing()
            let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
            #expect(status == 64, "\(arguments)")
            #expect(console.errorText.contains("see 'runlog"), "\(arguments)")
            #expect(console.outputText.isEmpty)
        }
        // A missing argument shows what the command takes.
        let console = Console.capturing()
        #expect(CLI.run(arguments: ["show"], environment: environment, console: console, storage: SQLiteStorage.self) == 64)
        #expect(console.errorText == "runlog: missing argument\nusage: runlog show [--json] RUN\nsee 'runlog show --help'\n")
        // An action's operands: the extra words are named (a name of several words unquoted).
        let extra = run("search-sets", "create", "LONG", "RUNS")
        #expect(extra.status == 64 && extra.err.hasPrefix("runlog: too many arguments: 'RUNS' (a name of several words is quoted"),
                "\(extra.err)")
        let profile = run("settings", "profile", "create", "Berlin", "marathon")
        #expect(profile.status == 64 && profile.err.hasPrefix("runlog: too many arguments: 'marathon'"), "\(profile.err)")
        // serve shows the active profile: a profile of its own would be ignored, so it is refused.
        let serve = run("serve", "--profile", "default", "--port", "0")
        #expect(serve.status == 64 && serve.err.hasPrefix("runlog: serve shows the active settings profile"), "\(serve.err)")
        let missing = run("settings", "profile", "use")
        #expect(missing.status == 64 && missing.err.hasPrefix("runlog: missing argument; usage: runlog settings profile use NAME"),
                "\(missing.err)")
    }

    @Test func importListShowExportDelete() throws {
        let imported = run("import", samples)
        #expect(imported.status == 0)
        #expect(imported.out.contains("4 runs imported, 0 duplicates skipped, 0 failed"))
        // Importing again skips every file and says where each one already is.
        let again = run("import", samples)
        #expect(again.status == 0 && again.out.contains("0 runs imported, 4 duplicates skipped"))
        #expect(again.out.contains("already in the library as run"))

        let list = run("list")
        #expect(list.status == 0)
        let lines = list.out.split(separator: "\n").map(String.init)
        // This week (14–20 September) holds the run of the 19th; then the months, newest first.
        #expect(lines.first?.hasPrefix("This week — 1 run, 8.") == true)
        #expect(lines[1].contains("Run") && lines[1].contains("Distance") && lines[1].contains("Pace"))
        #expect(lines[2].contains("2026-09-19"))
        #expect(lines[3].hasPrefix("September 2026 — 1 run, 8."))   // (split drops the empty line between sections)
        #expect(lines.contains { $0.hasPrefix("April 2026 — 1 run, 21.") })

        let listJSON = try #require(try json(run("list", "--json").out) as? [String: Any])
        let sections = try #require(listJSON["sections"] as? [[String: Any]])
        #expect(sections.map { $0["id"] as? String } == ["this-week", "month-2026-09", "month-2026-07", "month-2026-05", "month-2026-04"])
        #expect(sections[0]["weekStart"] as? String == "2026-09-14T00:00:00Z" && sections[0]["weekEnd"] as? String == "2026-09-21T00:00:00Z")
        let totals = try #require(sections[1]["totals"] as? [String: Any])
        #expect(totals["runCount"] as? Int == 1)
        #expect(totals["distanceMeters"] is Double)

        let show = run("show", "1")
        #expect(show.status == 0 && show.out.contains("Distance") && show.out.contains("Moving time"))
        let detail = try #require(try json(run("show", "1", "--json").out) as? [String: Any])
        for key in ["id", "name", "startTime", "distanceMeters", "elapsedTimeSeconds", "movingTimeSeconds",
                    "averagePaceSecondsPerKilometer", "averageSpeedMetersPerSecond", "elevationGainMeters",
                    "elevationLossMeters", "averageHeartRateBeatsPerMinute", "maximumHeartRateBeatsPerMinute",
                    "averageCadenceRevolutionsPerMinute", "trackPointCount", "creator", "warnings", "analysis", "contentSHA256"] {
            #expect(detail.keys.contains(key), "missing \(key)")
        }
        let start = try #require(detail["startTime"] as? String)
        #expect(start.hasSuffix("Z") && start.count == 20)

        let exported = run("export", "1")
        #expect(exported.status == 0)
        #expect(String(decoding: exported.bytes, as: UTF8.self).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\""))
        let file = home.file("out/run1.gpx")
        try FileManager.default.createDirectory(atPath: home.file("out"), withIntermediateDirectories: true)
        #expect(run("export", "1", "-o", file).status == 0)
        #expect(try ExternalTools.schemaErrors(of: file, schema: "gpx11-plus-extensions.xsd") == nil)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: file))) == exported.bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.file("out")) == ["run1.gpx"])  // no temporary left

        let original = run("export", "2", "--original")
        let name = try #require((try json(run("show", "2", "--json").out) as? [String: Any])?["source"] as? String)
        #expect(original.bytes == Array(try Data(contentsOf: URL(fileURLWithPath: samples + "/" + name))))

        #expect(run("delete", "2").out.hasPrefix("deleted run 2"))
        let missing = run("show", "2")
        #expect(missing.status == 1 && missing.err.contains("no run 2"))
        #expect(run("export", "2").status == 1)
    }

    /// Each bad input: a clear error naming the file (and line where known), exit 1, library unchanged.
    @Test func badInputFailsAndLeavesTheLibraryUnchanged() throws {
        #expect(run("import", SharedData.corpus("togeojson-run.gpx")).status == 0)
        let before = run("list", "--json").out
        let header = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        let inputs: [(String, [UInt8], String)] = [
            ("truncated.gpx", Array((header + "<trkpt lat=\"1\" lon=\"2\"><ele>3</e").utf8), "truncated.gpx:"),
            ("empty.gpx", [], "empty"),
            ("binary.gpx", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }, "binary"),
            ("notgpx.gpx", Array("<?xml version=\"1.0\"?><html><body/></html>".utf8), "<html>"),
            ("entities.gpx", Array("<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<gpx/>".utf8), "entity"),
            ("lat91.gpx", Array((header + "<trkpt lat=\"91\" lon=\"2\"/></trkseg></trk></gpx>").utf8), "lat91.gpx:3:"),
            ("latabc.gpx", Array((header + "<trkpt lat=\"abc\" lon=\"2\"/></trkseg></trk></gpx>").utf8), "lat=\"abc\""),
            ("latnan.gpx", Array((header + "<trkpt lat=\"nan\" lon=\"2\"/></trkseg></trk></gpx>").utf8), "lat=\"nan\""),
            ("cut.tcx", Array("<?xml version=\"1.0\"?>\n<TrainingCenterDatabase><Activities><Activity Sport=\"Running\">".utf8), "TCX document is complete"),
            ("settings.fit", Array(try Data(contentsOf: URL(fileURLWithPath: SharedData.fitTCX("Settings.fit")))), "a FIT settings file, not an activity"),
        ]
        for (name, bytes, expected) in inputs {
            let path = try home.write(name, bytes)
            let result = run("import", path)
            #expect(result.status == 1, "\(name)")
            #expect(result.err.contains(name) && result.err.contains(expected), "\(name): \(result.err)")
            #expect(result.out.contains("0 runs imported, 0 duplicates skipped, 1 failed"))
            #expect(run("stats", path).status == 1)
        }
        #expect(run("list", "--json").out == before)
        // Several files at once: the good one is imported, the bad one reported, exit 1.
        let mixed = run("import", "--json", SharedData.corpus("sportslib-garmin.gpx"), home.file("lat91.gpx"))
        #expect(mixed.status == 1)
        let report = try #require(try json(mixed.out) as? [String: Any])
        #expect((report["imported"] as? [Any])?.count == 1)
        let failed = try #require((report["failed"] as? [[String: Any]])?.first)
        #expect(failed["code"] as? String == "invalidCoordinate" && failed["line"] as? Int == 3)
    }

    @Test func foldersReadEveryFormatAndReportInFileOrder() throws {
        let folder = home.file("watch")
        try FileManager.default.createDirectory(atPath: folder + "/2026", withIntermediateDirectories: true)
        for (name, source) in [("2026/b.gpx", SharedData.caseInput("24-three-segments.gpx")),
                               ("a.gpx", SharedData.caseInput("02-offsets.gpx")),
                               ("c.fit", SharedData.corpus("gpsbabel-garmin-edge-800.fit")),
                               ("d.tcx", SharedData.corpus("sportslib-movescount.tcx"))] {
            try FileManager.default.copyItem(atPath: source, toPath: folder + "/" + name)
        }
        let result = run("import", folder)
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(lines)")
        #expect(lines[0].hasPrefix("imported  run 1") && lines[0].hasSuffix("(\(folder)/2026/b.gpx)"))
        #expect(lines[1].hasPrefix("imported  run 2") && lines[1].hasSuffix("(\(folder)/a.gpx)"))
        #expect(lines[2].hasPrefix("imported  run 3") && lines[2].hasSuffix("(\(folder)/c.fit)"))
        #expect(lines[3].hasPrefix("imported  run 4") && lines[3].hasSuffix("(\(folder)/d.tcx)"))
        #expect(lines[4] == "by format: 2 GPX, 1 FIT, 1 TCX")
        // Named again, a file already imported is a duplicate, whatever its format.
        let again = run("import", folder + "/d.tcx")
        #expect(again.status == 0 && again.out.contains("already in the library as run 4"))
        let empty = home.file("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let none = run("import", empty)
        #expect(none.status == 1 && none.err.contains("no activity files"))
        #expect(run("stats", "--json", folder).out.contains("\"distanceMeters\""))
    }

    /// Links are followed, to folders too (a loop is read once); what cannot be read is named.
    /// (Unreadable folders are checked by hand: tests run as root, which reads everything.)
    @Test func foldersFollowLinksAndNameWhatTheySkip() throws {
        let real = home.file("real"), watch = home.file("watch")
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: watch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: SharedData.caseInput("02-offsets.gpx"), toPath: real + "/a.gpx")
        try FileManager.default.copyItem(atPath: SharedData.caseInput("24-three-segments.gpx"), toPath: watch + "/b.gpx")
        try FileManager.default.createSymbolicLink(atPath: watch + "/linked", withDestinationPath: real)
        try FileManager.default.createSymbolicLink(atPath: watch + "/loop", withDestinationPath: watch)
        try FileManager.default.createSymbolicLink(atPath: watch + "/gone.gpx", withDestinationPath: home.file("nowhere.gpx"))
        #expect(mkfifo(watch + "/pipe.gpx", 0o600) == 0)
        // A name with a newline and a terminal escape in it stays on its line, inert.
        try FileManager.default.copyItem(atPath: SharedData.caseInput("11-gpx10.gpx"), toPath: watch + "/red\u{1B}[31m\nrun.gpx")
        let result = run("import", watch)
        #expect(result.status == 1)   // two entries could not be read
        #expect(result.out.components(separatedBy: "imported  run").count - 1 == 3)
        #expect(result.out.contains("(\(watch)/linked/a.gpx)") && result.out.contains("3 runs imported, 0 duplicates skipped, 2 failed"))
        #expect(result.out.contains("red\\u{1B}[31m\\nrun.gpx)\n") && !result.out.contains("\u{1B}"))
        #expect(result.err.contains("\(watch)/gone.gpx: cannot be read: No such file or directory"))
        #expect(result.err.contains("\(watch)/pipe.gpx: not a regular file"))
        // A link to a folder, given on the command line, is that folder.
        try FileManager.default.createSymbolicLink(atPath: home.file("real-link"), withDestinationPath: real)
        #expect(run("stats", "--json", home.file("real-link")).status == 0)
    }

    /// A file whose points the clean-up mostly leaves out (the same fix five times) is imported
    /// (nothing the user gave is lost), and the report says that the numbers stand on almost none
    /// of its points. A file whose times run backwards is read in time order: every point counts.
    @Test func importWarnsWhenTheCleanUpLeavesOutMostPoints() throws {
        let same = String(repeating: "<trkpt lat=\"0\" lon=\"0.001\"><time>2026-05-01T08:00:00Z</time></trkpt>", count: 5)
        let file = try home.write("same.gpx", "<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\(same)</trkseg></trk></gpx>")
        let result = run("import", file)
        #expect(result.status == 0)
        #expect(result.err == "runlog: warning: \(file): the GPS clean-up left 4 of 5 points out of the numbers; 'runlog show 1' says why (the file keeps them)\n")
        let points = (0..<5).map { i in
            "<trkpt lat=\"0\" lon=\"\(Double(i) / 10_000)\"><time>2026-05-02T08:00:0\(4 - i)Z</time></trkpt>"
        }.joined()
        let backwards = try home.write("backwards.gpx", "<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\(points)</trkseg></trk></gpx>")
        let reversed = run("import", backwards)
        #expect(reversed.status == 0 && reversed.err.isEmpty, "\(reversed.err)")
        let shown = run("show", "2", "--json").out
        #expect(shown.contains("\"analyzedPointCount\": 5") && shown.contains("\"elapsedTimeSeconds\": 4"), "\(shown)")
        #expect(run("show", "2").out.contains("1 segment stored newest first, read in time order"))
    }

    @Test func optionsBeforeTheCommandAndMissingLibraries() throws {
        let library = home.file("elsewhere/runs.sqlite")
        #expect(run("--library", library, "list").status == 1)   // does not exist, and is not created
        #expect(!FileManager.default.fileExists(atPath: library))
        #expect(run("--library", library, "import", SharedData.caseInput("24-three-segments.gpx")).status == 0)
        let listed = run("--json", "--library", library, "list")
        #expect(listed.status == 0 && listed.out.contains("\"month-2024-05\""))
        #expect(run("list").out.hasPrefix("No runs yet"))   // the default library is still empty and still absent
        let notALibrary = try home.write("notes.txt", "these are not runs\n")
        let refused = run("list", "--library", notALibrary)
        #expect(refused.status == 1 && refused.err.contains("\(notALibrary) is not a library") && refused.err.contains("check --library"), "\(refused.err)")
        #expect(run("export", "--json", "1", "--library", library).status == 64)  // export writes GPX, not JSON
    }

    /// `edit --json` gives the run as `show --json` does, staleness included: a run imported with
    /// another profile's analysis settings is stale in the active one.
    @Test func editAnswersAsShowDoes() throws {
        #expect(run("settings", "profile", "create", "trail").status == 0)
        #expect(run("--profile", "trail", "settings", "set", "heartRate.maximum", "170").status == 0)
        #expect(run("--profile", "trail", "import", SharedData.caseInput("24-three-segments.gpx")).status == 0)
        let shown = try #require(try json(run("show", "1", "--json").out) as? [String: Any])
        let edited = try #require(try json(run("edit", "1", "--name", "Hills", "--json").out) as? [String: Any])
        #expect(shown["isStale"] as? Bool == true && edited["isStale"] as? Bool == true, "\(edited["isStale"] ?? "none")")
        #expect(edited["name"] as? String == "Hills")
        #expect(run("show", "1").out.contains("'runlog reanalyze 1' updates it"))
    }

    @Test func recordsAndReanalysis() throws {
        #expect(run("records").out.hasPrefix("No records yet"))
        #expect(run("import", samples).status == 0)
        let records = try #require(try json(run("records", "--json").out) as? [String: Any])
        let rows = try #require((records["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
        #expect(rows.map { $0["distanceMeters"] as? Double } == [400, 1000, 1609.344, 5000, 10_000, 21_097.5].prefix(rows.count).map { $0 })
        // The intervals session (6 × 400 m hard) holds the 400 m record.
        let lunch = rows.first { $0["distanceMeters"] as? Double == 400 }
        #expect(lunch?["runName"] as? String == "Lunch Run")
        let before = run("show", "1", "--json").out
        let redone = run("reanalyze", "--all", "--json")
        let redoneJSON = try json(redone.out) as? [String: Any]
        #expect(redone.status == 0 && redoneJSON?["reanalyzed"] as? [Int] == [1, 2, 3, 4])
        // Nothing changed in between: the same numbers come back.
        let strip = { (text: String) in text.split(separator: "\n").filter { !$0.contains("importedAt") }.joined() }
        #expect(strip(run("show", "1", "--json").out) == strip(before))
        #expect(run("reanalyze").status == 64 && run("reanalyze", "--all", "1").status == 64)
        // A ride (GPX type "cycling") at 111.3 m every 10 s: faster than every run, but no running record.
        let ride = SyntheticGPX(name: "Ride", start: "2026-04-01T08:00:00Z", pointCount: 200, secondsPerStep: 10, type: "cycling")
        #expect(run("import", try home.write("ride.gpx", ride.text)).status == 0)
        let holders = { (arguments: [String]) throws -> [String] in
            let out = try json(self.run(arguments + ["--json"]).out) as? [String: Any]
            let rows = (out?["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]] ?? []
            return rows.compactMap { $0["runName"] as? String }
        }
        #expect(try holders(["records"]).first == "Lunch Run" && !(try holders(["records"]).contains("Ride")))
        let rideRecords = try holders(["records", "--sport", "cycling"])
        #expect(rideRecords.count == 6 && Set(rideRecords) == ["Ride"])   // 199 steps: 22.2 km, up to the half marathon
        #expect(try holders(["records", "--sport", "all"]).allSatisfy { $0 == "Ride" })
        #expect(run("records", "--sport", "curling").status == 64)
        // A ride shows speed, not pace: 111.3195 m every 10 s is 40.08 km/h.
        let shown = run("show", "5").out
        #expect(shown.contains("Average speed") && shown.contains("40.1 km/h") && !shown.contains("Average pace"), "\(shown)")
        #expect(run("list").out.split(separator: "\n").contains { $0.contains("Ride") && $0.contains("40.1 km/h") })
    }

    /// `runlog edit`: a ride stored without a type at a runner's pace is taken for a run; the
    /// runner says it was a ride — the numbers follow (speed, not pace; no running record) — and
    /// `auto` goes back. Name and notes change with it; bad input changes nothing.
    @Test func editChangesTheSportAndRecomputes() throws {
        // 111.3 m every 30 s: 3.7 m/s, a runner's speed; no <type>, nothing else says.
        let ride = SyntheticGPX(name: "Sunday", start: "2026-04-05T08:00:00Z", pointCount: 200, secondsPerStep: 30)
        #expect(run("import", try home.write("sunday.gpx", ride.text)).status == 0)
        let before = try json(run("show", "1", "--json").out) as? [String: Any]
        #expect(before?["sport"] as? String == "running" && before?["sportSource"] as? String == "speed")
        let runRecords = { (self.run("records", "--json").out) }
        #expect(runRecords().contains("\"runId\": 1"))
        let edited = run("edit", "1", "--sport", "cycling", "--name", "Sunday ride", "--notes", "with Ana")
        #expect(edited.status == 0 && edited.out.contains("run 1 (Sunday ride): cycling"), "\(edited.out) \(edited.err)")
        let after = try json(run("show", "1", "--json").out) as? [String: Any]
        #expect(after?["sport"] as? String == "cycling" && after?["sportSource"] as? String == "user" && after?["chosenSport"] as? String == "cycling")
        #expect((after?["analysis"] as? [String: Any])?["movingSpeedThresholdMetersPerSecond"] as? Double == 1)   // the ride's
        #expect(after?["name"] as? String == "Sunday ride" && after?["notes"] as? String == "with Ana")
        let shown = run("show", "1").out
        #expect(shown.contains("Average speed") && shown.contains("with Ana") && !runRecords().contains("\"runId\": 1"))
        #expect(run("records", "--sport", "cycling", "--json").out.contains("\"runId\": 1"))
        // A settings change recomputes it as a ride still.
        #expect(run("settings", "set", "analysis.minimumStop", "20").status == 0)
        #expect((try json(run("show", "1", "--json").out) as? [String: Any])?["sport"] as? String == "cycling")
        // Back to what runlog infers.
        #expect(run("edit", "1", "--sport", "auto").status == 0)
        let auto = try json(run("show", "1", "--json").out) as? [String: Any]
        #expect(auto?["sport"] as? String == "running" && auto?["chosenSport"] is NSNull)
        // Refused: a sport that is none, an empty name (nothing changes), no option at all.
        #expect(run("edit", "1", "--sport", "curling").status == 64)
        let refused = run("edit", "1", "--sport", "cycling", "--name", " ")
        #expect(refused.status == 1 && refused.err.contains("name"))
        #expect((try json(run("show", "1", "--json").out) as? [String: Any])?["sport"] as? String == "running")
        #expect(run("edit", "1").status == 64 && run("edit", "9", "--name", "x").status == 1)
        // A route has no sport: refused, its name still editable.
        let plan = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\" creator=\"t\"><rte>"
            + (0..<20).map { "<rtept lat=\"46.5\" lon=\"\(7.5 + Double($0) * 0.001)\"/>" }.joined() + "</rte></gpx>"
        #expect(run("import", try home.write("plan.gpx", plan)).status == 0)
        let route = run("edit", "2", "--sport", "running")
        #expect(route.status == 1 && route.err.contains("route"), "\(route.out) \(route.err)")
        #expect(run("edit", "2", "--name", "Lake loop").status == 0)
    }

    /// A compact loop near 46.5° N 7.5° E with one fix 5° away: the region leaves the fix out.
    @Test func regionOfARunLeavesAFarFixOut() throws {
        var points = ""
        for i in 0..<60 {
            let angle = Double(i) / 60 * 2 * .pi
            points += "<trkpt lat=\"\(46.5 + 0.01 * sin(angle))\" lon=\"\(7.5 + 0.01 * cos(angle))\"/>"
            if i == 30 { points += "<trkpt lat=\"51.5\" lon=\"7.5\"/>" }
        }
        let file = try home.write("loop.gpx", "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\" creator=\"t\"><trk><trkseg>\(points)</trkseg></trk></gpx>")
        let result = run("region", "--json", file)
        #expect(result.status == 0)
        let region = try #require(try json(result.out) as? [String: Any])
        // The loop spans 46.49…46.51 and 7.49…7.51; 10 % padding on each side makes 0.024°.
        #expect(abs((region["centerLatitude"] as? Double ?? 0) - 46.5) < 1e-6)
        #expect(abs((region["latitudeSpanDegrees"] as? Double ?? 0) - 0.024) < 1e-6)
        #expect(abs((region["longitudeSpanDegrees"] as? Double ?? 0) - 0.024) < 1e-6)
        #expect(region["pointCount"] as? Int == 61 && region["pointsInRegion"] as? Int == 60)
        #expect(run("import", file).status == 0)
        #expect(run("region", "1", "--json").out == result.out)
        // The options take what the settings they stand for take: a gap of 0 would make every fix an outlier.
        #expect(run("region", "1", "--gap", "0").status == 64 && run("region", "1", "--padding", "2").status == 64)
        // Case 13: the two track points straddle the antimeridian; the region crosses it instead of spanning the globe.
        let across = try #require(try json(run("region", "--json", SharedData.caseInput("13-lon-range.gpx")).out) as? [String: Any])
        #expect(across["crossesAntimeridian"] as? Bool == true && (across["longitudeSpanDegrees"] as? Double ?? 360) < 1)
    }

    @Test func statsWithoutImporting() throws {
        let result = run("stats", "--json", SharedData.caseInput("24-three-segments.gpx"), SharedData.caseInput("18-no-time.gpx"))
        #expect(result.status == 0)
        let files = try #require(try json(result.out) as? [[String: Any]])
        #expect(files.count == 2)
        // Case 24: 2 250.03 m within segments, 1 500 s moving, 2 400 s elapsed.
        #expect(abs((files[0]["distanceMeters"] as? Double ?? 0) - 2250.03) < 0.01)
        #expect(files[0]["movingTimeSeconds"] as? Double == 1500 && files[0]["elapsedTimeSeconds"] as? Double == 2400)
        // Case 18: no times: times are null, not 0.
        #expect(files[1]["movingTimeSeconds"] is NSNull && files[1]["elapsedTimeSeconds"] is NSNull)
        #expect(abs((files[1]["distanceMeters"] as? Double ?? 0) - 1895.73) < 0.01)
        #expect(!FileManager.default.fileExists(atPath: home.file("library.sqlite")))
        let text = run("stats", SharedData.caseInput("05-zoneless.gpx"))
        #expect(text.out.contains("warning: line") && text.out.contains("taken as UTC"))
    }
}
