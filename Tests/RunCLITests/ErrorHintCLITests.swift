import Foundation
import RunStoreSQLite
import RunCLI
import TestSupport
import Testing

/// The CLI says an error of the layers below as its sentence, then the hint naming the flag or
/// command that helps — the hint is the CLI's, the layers below name none.
@Suite struct ErrorHintCLITests {
    let home = TemporaryDirectory("runlog-error-hints")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC"] }

    func run(_ arguments: String...) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    static let badLatitude = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="91" lon="2"/></trkseg></trk></gpx>
        """

    @Test func aPointOutOfRangeNamesTheLenientFlag() throws {
        let path = try home.write("lat91.gpx", Array(Self.badLatitude.utf8))
        let hint = "pass --skip-invalid-points to import the file without such points"
        let imported = run("import", path)
        #expect(imported.status == 1)
        // The reason with its place (line 3 of the file above), then the hint on its own line.
        #expect(imported.err.contains("lat91.gpx:3:"), "\(imported.err)")
        #expect(imported.err.contains("\n\(hint)\n"), "\(imported.err)")
        let stats = run("stats", path)
        #expect(stats.status == 1)
        #expect(stats.err.hasPrefix("runlog: \(path):3:") && stats.err.hasSuffix("\n\(hint)\n"), "\(stats.err)")
        // And the flag does what the hint says: the file is read without the point (no points left: not a run).
        #expect(!run("stats", "--skip-invalid-points", path).err.contains(hint))
    }

    /// A hint naming an option the command does not take is left out (region has no lenient reading).
    @Test func aHintForAnotherCommandsOptionIsLeftOut() throws {
        let path = try home.write("lat91.gpx", Array(Self.badLatitude.utf8))
        let region = run("region", path)
        #expect(region.status == 1 && region.err.hasPrefix("runlog: \(path):3:") && !region.err.contains("--skip-invalid-points"),
                "\(region.err)")
        #expect(region.err.split(separator: "\n").count == 1, "\(region.err)")
    }

    @Test func anArchiveGivenToStatsNamesImport() throws {
        let archive = SharedData.fitTCXRoot.appendingPathComponent("archives/strava-export-sample.zip").path
        let stats = run("stats", archive)
        #expect(stats.status == 1)
        #expect(stats.err.hasSuffix("\n'runlog import' reads archives\n"), "\(stats.err)")
    }

    @Test func theImportReportGivesTheReadersData() throws {
        let path = try home.write("lat91.gpx", Array(Self.badLatitude.utf8))
        let result = run("import", "--json", path)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let failed = try #require((report["failed"] as? [[String: Any]])?.first)
        #expect(failed["code"] as? String == "invalidCoordinate" && failed["remedy"] as? String == "readLeniently")
        #expect(failed["line"] as? Int == 3 && failed["file"] as? String == path)
        #expect((failed["message"] as? String)?.contains("--") == false)
    }

    /// A parameter of the region fitter out of range: the sentence names the file, the parameter
    /// by what it means, its value and range; the hint names the option that sets it.
    @Test func aRegionSpanOutOfRangeNamesItsOption() throws {
        let path = SharedData.repository("samples/runs/morning-10k.gpx")
        let region = run("region", "--minimum-span", "200", path)
        #expect(region.status == 1)
        #expect(region.err == "runlog: \(path): the minimum span is 200°; it must be in [0, 180]\n"
                + "pass --minimum-span with a number of degrees in [0, 180]\n", "\(region.err)")
        #expect(run("region", "--minimum-span", "180", path).status == 0)
    }

    /// A gpsd address with a port out of range is bad usage (exit 64): the sentence, then the
    /// pointer to the command's help — the hint ErrorText gives it.
    @Test func aBadGpsdAddressIsBadUsage() throws {
        let record = run("record", "--gpsd", "localhost:70000")
        #expect(record.status == 64)
        #expect(record.err == "runlog: 'localhost:70000' is not HOST:PORT (the port is a number from 1 to 65535)\n"
                + "see 'runlog record --help'\n", "\(record.err)")
    }

    /// A file to replay without track points: the sentence names it, nothing is recorded.
    @Test func aReplayWithoutTrackPointsSaysSo() throws {
        let path = try home.write("waypoints.gpx", Array("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="47" lon="8"/></gpx>
            """.utf8))
        let record = run("record", "--replay", path)
        #expect(record.status == 1)
        #expect(record.err == "runlog: \(path): no track points to replay\n", "\(record.err)")
    }

    /// An export to a full disk: the system's reason after the file, then the option that writes elsewhere.
    @Test func anExportToAFullDiskNamesTheOutputOption() throws {
        #expect(run("import", SharedData.repository("samples/runs/morning-10k.gpx")).status == 0)
        let export = run("export", "1", "--output", "/dev/full")
        #expect(export.status == 1)
        #expect(export.err == "runlog: cannot write to /dev/full: No space left on device\n"
                + "free some space, or write elsewhere with --output FILE\n", "\(export.err)")
    }
}

/// The storage areas' errors on the command line: the sentence, then the CLI's hint.
@Suite struct StoreErrorHintCLITests {
    let home = TemporaryDirectory("runlog-store-hints")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC"] }

    func run(_ arguments: String...) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    @Test func aMissingRunAndAMissingLibrary() throws {
        let none = run("show", "1")
        #expect(none.status == 1)
        #expect(none.err == "runlog: there is no library yet at \(home.path)/library.sqlite\nimport runs first with 'runlog import FILE...'\n",
                "\(none.err)")
        let chosen = run("list", "--library", home.file("elsewhere.sqlite"))
        #expect(chosen.err == "runlog: there is no library at \(home.file("elsewhere.sqlite"))\ncheck --library\n", "\(chosen.err)")
        #expect(run("import", SharedData.caseInput("24-three-segments.gpx")).status == 0)
        let missing = run("show", "99")
        #expect(missing.status == 1 && missing.err == "runlog: there is no run 99\nsee 'runlog list'\n", "\(missing.err)")
    }

    @Test func aFolderGivenAsTheLibraryAndAnUnknownSettingOrProfile() throws {
        let folder = home.file("runs")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let listed = run("list", "--library", folder)
        #expect(listed.status == 1)
        #expect(listed.err == "runlog: \(folder) is a folder, not a library file\n--library takes the file, e.g. \(folder)/library.sqlite\n",
                "\(listed.err)")
        let setting = run("settings", "set", "heartrate", "180")
        #expect(setting.status == 1 && setting.err.hasPrefix("runlog: there is no setting 'heartrate'")
                && setting.err.hasSuffix("\n'runlog settings' lists them\n"), "\(setting.err)")
        let profile = run("--profile", "hills", "list")
        #expect(profile.status == 1 && profile.err.hasSuffix("\n'runlog settings profiles' lists them\n"), "\(profile.err)")
    }

    /// With the language setting German, the sentence is German; the hint is the command line as typed.
    @Test func theSentenceFollowsTheLanguageSetting() throws {
        #expect(run("settings", "set", "language", "de").status == 0)
        #expect(run("import", SharedData.caseInput("24-three-segments.gpx")).status == 0)
        let missing = run("show", "99")
        #expect(missing.status == 1 && missing.err == "runlog: es gibt keinen Lauf 99\nsee 'runlog list'\n", "\(missing.err)")
        let paused = run("record", "pause")
        #expect(paused.err == "runlog: es läuft keine Aufzeichnung\n'runlog record' starts one\n", "\(paused.err)")
    }

    @Test func aCommandWithoutARecording() {
        let paused = run("record", "pause")
        #expect(paused.status == 1 && paused.err == "runlog: no recording is running\n'runlog record' starts one\n", "\(paused.err)")
    }
}
