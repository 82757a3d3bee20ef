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
