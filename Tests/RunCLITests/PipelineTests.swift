import Foundation
import TestSupport
import Testing

/// Steps chained with real processes: the built `runlog` in a shell pipeline, as a user types it.
@Suite struct PipelineTests {
    let home = TemporaryDirectory("runlog-pipe")
    var environment: [String: String] {
        ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC", "RUNLOG_NOW": SearchFixture.now,
         "PATH": URL(fileURLWithPath: ExternalTools.runlogBinary).deletingLastPathComponent().path + ":/usr/bin:/bin"]
    }

    func shell(_ script: String) throws -> ProcessResult {
        try ExternalTools.run("/bin/sh", ["-c", script], environment: environment)
    }

    func importFixture() throws {
        for run in SearchFixture.runs {
            #expect(try shell("runlog import '\(try home.write(run.file, run.gpx.text))'").status == 0)
        }
    }

    @Test func searchIdsIntoExportIntoAFolder() throws {
        try importFixture()
        #expect(try shell("runlog search-sets create 'last 30 days' --period 'last 30 days'").status == 0)
        let folder = home.path + "/out/"
        let chain = try shell("runlog search park --set \"last 30 days\" --ids | runlog export --ids-from - -o '\(folder)'")
        #expect(chain.status == 0, "\(chain.error)")
        // "park" is in run 1's metadata description ("Stadtpark loop"), which started 2026-05-14 23:30 UTC.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["2026-05-14 Morning Run.gpx"])
        #expect(try ExternalTools.schemaErrors(of: folder + "2026-05-14 Morning Run.gpx", schema: "gpx11.xsd") == nil)
        // Words from the previous step; nothing found is exit 0 all along the chain.
        #expect(try shell("echo summit | runlog search --ids").output == "2\n")
        let nothing = try shell("runlog search nowhere --ids | runlog export --ids-from - -o '\(home.path)/none/'; echo \"exit $?\"")
        #expect(nothing.output == "exit 0\n" && nothing.error == "runlog: note: no runs to export\n")
        // Standard input that is not a pipe from a step (here /dev/null) gives no words: every run.
        #expect(try shell("runlog search --ids < /dev/null | wc -l").output.trimmingCharacters(in: .whitespaces) == "6\n")
        // A loop reading a file leaves that file to the loop: three lines, three searches of every run.
        let lines = try home.write("sets.txt", "a\nb\nc\n")
        let loop = try shell("while read line; do runlog search --ids | wc -l; done < '\(lines)'")
        #expect(loop.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } == ["6", "6", "6"])
        // An unknown set stops the chain with exit 1 and names the sets.
        let unknown = try shell("runlog search --set parks --ids")
        #expect(unknown.status == 1)
        #expect(unknown.error == "runlog: there is no search set 'parks'; the sets are: 'All runs', 'last 30 days'\nsee 'runlog search-sets'\n")
    }
}

/// `runlog import` says each file's outcome as soon as it is stored: an import stopped half-way
/// has said which runs it stored, and they are the runs in the library.
@Suite struct ImportProgressTests {
    let home = TemporaryDirectory("runlog-import-progress")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"] }

    /// An import of six runs of 8,000 points, one file at a time (a few seconds in a debug
    /// build), once it has reported its first run.
    func importUnderWay() throws -> BackgroundProcess {
        let folder = home.file("runs")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for day in 1...6 {
            let gpx = SyntheticGPX(name: "Run \(day)", start: "2026-05-0\(day)T07:00:00Z", pointCount: 8_000, secondsPerStep: 1)
            _ = try home.write("runs/run-\(day).gpx", gpx.text)
        }
        let importer = try BackgroundProcess(ExternalTools.runlogBinary, ["import", "--jobs", "1", folder], environment: environment)
        #expect(importer.waitUntil(timeout: 60) { $0.outputLines.contains { $0.hasPrefix("imported  run 1 ") } })
        return importer
    }

    func sql(_ query: String) throws -> String {
        try ExternalTools.run("/usr/bin/sqlite3", [home.file("library.sqlite"), query]).output
    }

    @Test func eachRunIsReportedAsItIsStored() throws {
        let importer = try importUnderWay()
        defer { if importer.isRunning { importer.signal(SIGKILL); importer.wait() } }
        let stillRunning = importer.isRunning
        importer.signal(SIGKILL)
        importer.wait()
        let reported = importer.outputLines.filter { $0.hasPrefix("imported  run ") }.count
        let inLibrary = try #require(Int(try sql("SELECT count(*) FROM runs").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(stillRunning, "the first run was reported only when the import ended")
        // Killed between a commit and its line at most: every reported run is stored, at most one more.
        #expect(reported >= 1 && (inLibrary == reported || inLibrary == reported + 1), "reported \(reported), stored \(inLibrary)")
    }

    /// An analysis setting changed by another process while an import runs: every run of the
    /// import ends up computed with the new value, those stored after the change too.
    @Test func aSettingChangedDuringTheImportReachesItsRuns() throws {
        let importer = try importUnderWay()
        defer { if importer.isRunning { importer.signal(SIGKILL); importer.wait() } }
        let set = try ExternalTools.run(ExternalTools.runlogBinary, ["settings", "set", "analysis.movingSpeed", "0.8"], environment: environment)
        #expect(set.status == 0, "\(set.error)")
        #expect(importer.wait(timeout: 120) == 0, "\(importer.errorText)")
        let thresholds = try sql("SELECT DISTINCT json_extract(summary_json, '$.parameters.movingSpeedThresholdMetersPerSecond') FROM runs")
        #expect(thresholds == "0.8\n", "\(thresholds)")
    }
}
