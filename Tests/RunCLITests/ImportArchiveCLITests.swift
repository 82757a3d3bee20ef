import RunStoreSQLite
import Foundation
import RunCLI
import TestSupport
import Testing

/// `runlog import` of damaged FIT files and of hostile archives: each a clear error or a skip with
/// its reason; nothing half-stored; nothing written outside the library.
@Suite struct ImportArchiveCLITests {
    let home = TemporaryDirectory("runlog-archive")
    var environment: [String: String] { ["RUNLOG_HOME": home.path + "/home", "HOME": home.path + "/home", "TZ": "UTC"] }

    @discardableResult
    func run(_ arguments: String...) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    func fitBytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: SharedData.fitTCX(name))))
    }

    /// Runs Python (Debian's) to build a fixture; fails the test when it cannot.
    func python(_ script: String, _ arguments: String...) throws {
        let result = try ExternalTools.run("/usr/bin/python3", ["-c", script] + arguments)
        try #require(result.status == 0, "\(result.error)")
    }

    @Test func damagedFITFilesAreClearErrorsOrWarnings() throws {
        let whole = try fitBytes("10kUNLP2014-Garmin15.fit")
        // Cut in the middle of its records: refused, naming the file and the byte; nothing stored.
        let truncated = try home.write("truncated.fit", Array(whole.prefix(whole.count / 2)))
        let cut = run("import", truncated)
        #expect(cut.status == 1 && cut.err.contains("truncated.fit: ") && cut.err.contains("at byte ")
                && cut.err.contains("--skip-invalid-points"), "\(cut.err)")
        #expect(run("show", "1").status == 1)   // nothing stored
        // Kept in part when asked: the records before the cut.
        let kept = run("import", "--skip-invalid-points", truncated)
        #expect(kept.status == 0 && kept.err.contains("warning"), "\(kept.err)")
        // A wrong file CRC on data that decode cleanly: imported, with the CRC named in a warning.
        var flipped = whole
        flipped[flipped.count - 1] ^= 0xFF
        let crc = run("import", try home.write("crc.fit", flipped))
        #expect(crc.status == 0 && crc.err.contains("CRC"), "\(crc.err)")
        // Not an activity: a settings file, named as such.
        let settings = run("import", try home.write("settings.fit", try fitBytes("Settings.fit")))
        #expect(settings.status == 1 && settings.err.contains("settings file, not an activity"))
    }

    @Test func hostileArchivesAreBoundedAndWriteNothingOutside() throws {
        let zip = home.file("hostile.zip")
        // ../ and absolute member paths, a non-activity member, a bomb (257 MiB of zeros in ~300 KB), one good run.
        try python("""
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('../evil.gpx', open(sys.argv[2], 'rb').read())
                z.writestr('/tmp/abs-evil.gpx', open(sys.argv[2], 'rb').read())
                z.writestr('notes.txt', 'not a run')
                with z.open('bomb.gpx', 'w', force_zip64=True) as member:
                    block = b'\\0' * (1 << 20)
                    for _ in range(257):
                        member.write(block)
                z.write(sys.argv[2], 'good/run.gpx')
            """, zip, SharedData.corpus("togeojson-run.gpx"))
        let before = try FileManager.default.contentsOfDirectory(atPath: home.path).sorted() + ["home"]
        let result = run("import", "--json", zip)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect((report["imported"] as? [Any])?.count == 1)
        let skipped = (report["skipped"] as? [[String: String]]) ?? []
        let reasons = Dictionary(skipped.map { ($0["file"] ?? "", $0["reason"] ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(reasons[zip + ":../evil.gpx"]?.contains("unsafe path") == true, "\(reasons)")
        #expect(reasons[zip + ":/tmp/abs-evil.gpx"]?.contains("unsafe path") == true, "\(reasons)")
        #expect(reasons[zip + ":notes.txt"] != nil, "\(reasons)")
        #expect(reasons[zip + ":bomb.gpx"]?.contains("zip bomb") == true, "\(reasons)")
        // Nothing written beside the archive, above it, or at the absolute path.
        let after = try FileManager.default.contentsOfDirectory(atPath: home.path).sorted()
        #expect(after == before.sorted())   // the archive and the library's home, nothing else
        #expect(!FileManager.default.fileExists(atPath: (home.path as NSString).deletingLastPathComponent + "/evil.gpx"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/abs-evil.gpx"))
        // The text report counts the skipped members by reason.
        let again = run("import", zip)
        #expect(again.out.contains("note: 4 files in the archives skipped"), "\(again.out)")
    }

    @Test func aStravaExportWithProgressAndFormats() throws {
        let archive = SharedData.fitTCXRoot.appendingPathComponent("archives/strava-export-sample.zip").path
        let result = run("import", archive)
        #expect(result.status == 1)   // one file of the export is damaged: reported, its summary kept
        #expect(result.out.contains("by format: 8 FIT, 3 TCX, 2 summary only, 1 GPX"), "\(result.out)")
        #expect(result.out.contains("14 runs imported, 0 duplicates skipped, 1 failed"))
        let show = run("show", "--json", "1")
        let run1 = try #require(try JSONSerialization.jsonObject(with: Data(show.out.utf8)) as? [String: Any])
        #expect(run1["name"] as? String == "Night 10K race" && run1["gear"] as? String == "Trail shoes blue")
        #expect(run1["format"] as? String == "fit")
        let totals = try #require(run1["deviceTotals"] as? [String: Any])
        #expect(totals["distanceMeters"] as? Double == 10010.82)
    }
}
