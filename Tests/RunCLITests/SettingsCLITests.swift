import RunStoreSQLite
import Foundation
import RunCLI
import TestSupport
import Testing

/// `runlog settings`, and the settings reaching every number: the analysis, the map region, the units.
@Suite struct SettingsCLITests {
    let home = TemporaryDirectory("runlog-settings")
    /// "Now" is the day after the morning sample run (Thursday 14 May 2026), so it is this week's.
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC", "RUNLOG_NOW": "2026-05-15T12:00:00Z"] }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    var morning: String { SharedData.repository("samples/runs/morning-10k.gpx") }

    @Test func listGetSetReset() throws {
        let list = try json(run("settings", "--json").out)
        let items = try #require(list["settings"] as? [[String: Any]])
        let keys = items.compactMap { $0["key"] as? String }
        for key in ["units", "language", "list.pageSize", "firstWeekday", "heartRate.maximum", "heartRate.resting",
                    "heartRate.zone1", "heartRate.zone5", "analysis.movingSpeed", "recording.autoPause",
                    "analysis.splitGap", "map.regionGap", "map.regionPadding", "map.downloadTiles", "map.tileURL",
                    "search.defaultSet"] {
            #expect(keys.contains(key), "missing \(key)")
        }
        let pageSize = try #require(items.first { $0["key"] as? String == "list.pageSize" })
        #expect(pageSize["value"] as? Int == 500 && pageSize["origin"] as? String == "default")
        #expect(items.first { $0["key"] as? String == "map.regionGap" }?["value"] as? Double == 1.0)
        #expect(items.first { $0["key"] as? String == "map.downloadTiles" }?["value"] as? Bool == false)
        #expect(list["profile"] as? String == "default")

        #expect(run("settings", "get", "list.pageSize").out == "500\n")
        let set = run("settings", "set", "list.pageSize", "50")
        #expect(set.status == 0 && set.out.contains("list.pageSize = 50 (was 500)"))
        #expect(try json(run("settings", "get", "list.pageSize", "--json").out)["origin"] as? String == "user")
        let refused = run("settings", "set", "list.pageSize", "1e3")
        #expect(refused.status == 1)
        #expect(refused.err.contains("list.pageSize") && refused.err.contains("from 10 to 10000"))
        #expect(run("settings", "get", "list.pageSize").out == "50\n")
        #expect(run("settings", "reset", "list.pageSize").status == 0)
        #expect(run("settings", "get", "list.pageSize").out == "500\n")
        // A negative number is a value, not an option; a huge one is out of range, not "not a number".
        let negative = run("settings", "set", "analysis.minimumStop", "-5")
        #expect(negative.status == 1 && negative.err.contains("out of range"))
        let huge = run("settings", "set", "list.pageSize", "99999999999999999999999")
        #expect(huge.status == 1 && huge.err.contains("out of range"))
        #expect(run("settings", "get", "nope").status == 1)
        #expect(run("settings", "frob").status == 64)
        #expect(run("settings", "set", "units").status == 64)
    }

    @Test func profiles() throws {
        #expect(run("settings", "set", "heartRate.maximum", "182").status == 0)
        #expect(run("settings", "profile", "copy", "trail").status == 0)
        #expect(run("settings", "profile", "create", "road").status == 0)
        #expect(run("settings", "profiles").out == "* default\n  trail\n  road\n")
        #expect(run("--profile", "trail", "settings", "get", "heartRate.maximum").out == "182\n")
        #expect(run("settings", "get", "heartRate.maximum", "--profile", "road").out == "190\n")
        #expect(run("settings", "profile", "use", "road").status == 0)
        #expect(run("settings", "get", "heartRate.maximum").out == "190\n")
        #expect(run("settings", "profile", "rename", "Road Runs").status == 0)
        let profiles = try json(run("settings", "profiles", "--json").out)
        #expect(profiles["activeProfile"] as? String == "Road Runs")
        #expect(profiles["profiles"] as? [String] == ["default", "trail", "Road Runs"])
        let deleteActive = run("settings", "profile", "delete", "Road Runs")
        #expect(deleteActive.status == 1 && deleteActive.err.contains("active profile"))
        #expect(run("settings", "profile", "delete", "trail").status == 0)
        #expect(run("--profile", "trail", "list").status == 1)
    }

    @Test func exportImportThroughFilesAndStandardInput() throws {
        run("settings", "set", "units", "imperial")
        run("settings", "set", "analysis.splitGap", "90")
        let exported = run("settings", "export")
        #expect(exported.status == 0)
        let file = try json(exported.out)
        #expect(file["format"] as? String == "runlog-settings")
        #expect((file["settings"] as? [String: Any])?["analysis.splitGap"] as? Int == 90)
        let path = home.file("settings.json")
        #expect(run("settings", "export", "-o", path).status == 0)
        // Through a symbolic link: the link's target is written, the link stays a link (as export -o does).
        let target = home.file("kept-settings.json"), link = home.file("link.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(run("settings", "export", "-o", link).status == 0)
        #expect((try FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("runlog-settings"))
        run("settings", "profile", "create", "copy")
        #expect(run("--profile", "copy", "settings", "import", path).status == 0)
        #expect(run("--profile", "copy", "settings", "get", "units").out == "imperial\n")
        // A file of settings version 1 still names the elevation dead band runlog no longer has:
        // imported without it.
        let old = try home.write("old.json", #"{"format":"runlog-settings","version":1,"settings":{"units":"metric","analysis.elevationDeadBand":3}}"#)
        #expect(run("--profile", "copy", "settings", "import", old).status == 0)
        #expect(run("--profile", "copy", "settings", "get", "units").out == "metric\n")
        let bad = try home.write("bad.json", #"{"format":"runlog-settings","version":1,"settings":{"units":"furlongs"}}"#)
        let refused = run("settings", "import", bad)
        #expect(refused.status == 1 && refused.err.contains("bad.json") && refused.err.contains("units"))
        #expect(run("settings", "get", "units").out == "imperial\n")
    }

    /// Changing an analysis setting recomputes the library's runs with it.
    @Test func analysisSettingsReachTheRuns() throws {
        #expect(run("import", morning).status == 0)
        let changed = run("settings", "set", "heartRate.maximum", "150")
        #expect(changed.status == 0)
        #expect(changed.out.contains("recomputed 1 run"))
        let detail = try json(run("show", "1", "--json").out)
        let zones = try #require(detail["heartRateZones"] as? [String: Any])
        // 50, 60, 70, 80, 90 % of 150 bpm.
        #expect(zones["lowerBoundsBeatsPerMinute"] as? [Double] == [75, 90, 105, 120, 135])
        let parameters = try #require((detail["analysis"] as? [String: Any]))
        #expect(parameters["maximumHeartRateBeatsPerMinute"] as? Double == 150)
        #expect(try json(run("reanalyze", "--stale", "--json").out)["reanalyzed"] as? [Int] == [])
        #expect(!run("list").err.contains("other settings"))

        // A runner moving at about 3.2 m/s is standing still below a 5 m/s threshold.
        run("settings", "set", "analysis.movingSpeed", "5")
        let slow = try json(run("show", "1", "--json").out)
        let moving = try #require(slow["movingTimeSeconds"] as? Double), elapsed = try #require(slow["elapsedTimeSeconds"] as? Double)
        #expect(moving < 0.1 * elapsed)
        #expect((slow["analysis"] as? [String: Any])?["movingSpeedThresholdMetersPerSecond"] as? Double == 5)

        // Another profile with other analysis settings: switching recomputes; so does the reverse.
        run("settings", "profile", "create", "plain")
        #expect(run("settings", "profile", "use", "plain").out.contains("recomputed 1 run"))
        let plain = try json(run("show", "1", "--json").out)
        #expect((plain["analysis"] as? [String: Any])?["maximumHeartRateBeatsPerMinute"] as? Double == 190)
        // A setting of another profile leaves the runs alone.
        #expect(!run("--profile", "default", "settings", "set", "heartRate.maximum", "160").out.contains("recomputed"))
    }

    @Test func unitsAndRegionFollowTheSettings() throws {
        #expect(run("import", morning).status == 0)
        func distanceLine() -> String { run("show", "1").out.split(separator: "\n").first { $0.hasPrefix("Distance") }.map(String.init) ?? "" }
        #expect(distanceLine().hasSuffix(" km"))
        run("settings", "set", "units", "imperial")
        #expect(distanceLine().hasSuffix(" mi"))
        // German: decimal comma, German labels; JSON stays the same.
        let jsonBefore = run("list", "--json").out
        run("settings", "set", "language", "de")
        let german = run("list").out
        // The sample run is from May 2026 (samples/README.md): this week's, then "Mai" in German, distances with a decimal comma.
        #expect(german.hasPrefix("Diese Woche — 1 Lauf, "))
        #expect(german.contains("\n\nMai 2026 — 1 Lauf, "))
        #expect(german.range(of: #"\d,\d\d mi"#, options: .regularExpression) != nil)
        #expect(run("list", "--json").out == jsonBefore)
        let wide = try json(run("region", "1", "--json").out)
        run("settings", "set", "map.regionPadding", "0.5")
        let padded = try json(run("region", "1", "--json").out)
        let parameters = try #require(padded["parameters"] as? [String: Any])
        #expect(parameters["paddingFraction"] as? Double == 0.5)
        // Span = extent × (1 + 2 × padding): 1.2 × extent before, 2 × extent now.
        let before = try #require(wide["latitudeSpanDegrees"] as? Double), after = try #require(padded["latitudeSpanDegrees"] as? Double)
        #expect(abs(after / before - 2.0 / 1.2) < 1e-9)
    }

    /// A damaged settings store stops commands with an explanation and a kept copy; nothing replaces it.
    @Test func aDamagedStoreIsReportedNotReplaced() throws {
        let garbage = Array(repeating: UInt8(ascii: "x"), count: 8192)
        let path = try home.write("group.sqlite", garbage)
        let result = run("list")
        #expect(result.status == 1)
        #expect(result.err.contains("damaged") && result.err.contains(path))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == garbage)
        let copies = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("group.sqlite.damaged-") }
        #expect(copies.count == 1)
        #expect(run("settings", "get", "units").status == 1)
    }
}
