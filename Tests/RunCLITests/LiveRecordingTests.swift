import Foundation
import TestSupport
import Testing

/// `runlog record`, `runlog live` and the commands between them, as real processes sharing one
/// `group.sqlite`.
@Suite(.serialized) struct LiveRecordingTests {
    let home = TemporaryDirectory("runlog-live")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "UTC"] }

    func runlog(_ arguments: [String]) throws -> ProcessResult {
        try ExternalTools.run(ExternalTools.runlogBinary, arguments, environment: environment)
    }

    func background(_ arguments: [String]) throws -> BackgroundProcess {
        try BackgroundProcess(ExternalTools.runlogBinary, arguments, environment: environment)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func states(_ process: BackgroundProcess) -> [[String: Any]] {
        process.outputLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// A reader sees every state in order; a pause sent from a third process takes effect and the
    /// reader sees it; the recording is stored when the replay ends.
    @Test func aReaderFollowsEveryStateAndSeesAPause() throws {
        let reader = try background(["live", "--json"])
        usleep(300_000)   // the reader is waiting for a recording
        // 1,669 points one second apart at ×40: about 42 s of replay, plenty of states.
        let recorder = try background(["record", "--replay", SharedData.repository("samples/runs/lunch-intervals.gpx"), "--speed", "40"])
        let running = reader.waitUntil(timeout: 20) { Self.states($0).contains { $0["state"] as? String == "running" && ($0["pointCount"] as? Int ?? 0) > 20 } }
        try #require(running, "no running state seen: \(reader.errorText) \(recorder.errorText)")
        let pause = try runlog(["record", "pause"])
        #expect(pause.status == 0 && pause.output.contains("paused"), "\(pause.error)")
        let paused = reader.waitUntil(timeout: 10) { Self.states($0).contains { $0["state"] as? String == "paused" } }
        #expect(paused)
        // Paused already (the recorder answered the first): refused, saying why and what to type instead.
        let again = try runlog(["record", "pause"])
        #expect(again.status == 1)
        #expect(again.error == "runlog: pause: the recording is paused already\n'runlog record resume' goes on recording\n", "\(again.error)")
        let resume = try runlog(["record", "resume"])
        #expect(resume.status == 0 && resume.output.contains("running"))
        let pausedPoints = Self.states(reader).last { $0["state"] as? String == "paused" }?["pointCount"] as? Int ?? 0
        #expect(reader.waitUntil(timeout: 10) { Self.states($0).contains { ($0["pointCount"] as? Int ?? 0) > pausedPoints + 5 } })
        let finish = try runlog(["record", "finish"])
        #expect(finish.status == 0 && finish.output.contains("run 1"), "\(finish.error)")
        #expect(recorder.wait() == 0)
        #expect(reader.wait(timeout: 10) == 0)

        let states = Self.states(reader)
        let sequences = states.compactMap { $0["sequence"] as? Int }
        #expect(sequences.count == states.count && sequences.count > 10)
        // Every sequence number, in order, none missed.
        #expect(sequences == Array(sequences.first!...sequences.last!))
        let kinds = states.compactMap { $0["state"] as? String }
        let firstPaused = try #require(kinds.firstIndex(of: "paused"))
        #expect(kinds[..<firstPaused].contains("running") && kinds[firstPaused...].contains("running"))
        let last = try #require(states.last)
        #expect(last["state"] as? String == "finished" && last["runId"] as? Int == 1)
        #expect((last["skippedWhilePausedCount"] as? Int ?? 0) > 0)
        // The stored run has the points recorded: two segments (the pause), fewer points than the file.
        let run = try json(try runlog(["show", "1", "--json"]).output)
        #expect(run["segmentCount"] as? Int == 2)
        #expect(run["trackPointCount"] as? Int == last["pointCount"] as? Int)
        #expect((run["trackPointCount"] as? Int ?? 0) < 1669)
    }

    /// A recording replayed whole is the file: the same numbers as importing it (the recorder's
    /// analysis is the importer's), across the file's two segments and its heart rate.
    @Test(arguments: ["samples/runs/trail-hill-run.gpx", "samples/runs/morning-10k.gpx"])
    func aReplayedRecordingHasTheNumbersOfTheFile(file: String) throws {
        let path = SharedData.repository(file)
        let recorded = try runlog(["record", "--replay", path, "--speed", "100000", "--json"])
        try #require(recorded.status == 0, "\(recorded.error)")
        let final = try json(recorded.output)
        let id = try #require(final["runId"] as? Int)
        let run = try json(try runlog(["show", String(id), "--json"]).output)
        let statsOutput = try runlog(["stats", path, "--json"]).output
        let file = try #require((try JSONSerialization.jsonObject(with: Data(statsOutput.utf8)) as? [[String: Any]])?.first)
        for key in ["distanceMeters", "movingTimeSeconds", "elapsedTimeSeconds", "elevationGainMeters", "elevationLossMeters",
                    "averageHeartRateBeatsPerMinute", "maximumHeartRateBeatsPerMinute", "averageCadenceStepsPerMinute",
                    "bestPaceSecondsPerKilometer", "trackPointCount", "segmentCount", "startTime", "endTime"] {
            #expect("\(run[key] ?? "nil")" == "\(file[key] ?? "nil")", "\(key)")
        }
        let splits = try #require(run["splitsPerKilometer"] as? NSArray)
        #expect(splits.count > 5 && splits.isEqual(file["splitsPerKilometer"] as? NSArray))
        // The live state's last numbers are the run's.
        #expect(final["distanceMeters"] as? Double == run["distanceMeters"] as? Double)
        // Its export is valid GPX 1.1.
        let exported = home.file("run.gpx")
        #expect(try runlog(["export", String(id), "-o", exported]).status == 0)
        #expect(try ExternalTools.schemaErrors(of: exported, schema: "gpx11-plus-extensions.xsd") == nil)
    }

    /// A recorder replaying `path` at ×100, killed with SIGKILL once a `live --json` reader saw more
    /// than 200 points; the reader, ended, with the states it printed.
    func recorderKilledAfter200Points(replaying path: String) throws -> BackgroundProcess {
        let recorder = try background(["record", "--replay", path, "--speed", "100"])
        let reader = try background(["live", "--json"])
        try #require(reader.waitUntil(timeout: 20) { Self.states($0).contains { ($0["pointCount"] as? Int ?? 0) > 200 } })
        recorder.signal(SIGKILL)
        recorder.wait()
        reader.signal(SIGTERM)
        reader.wait()
        return reader
    }

    /// A recorder killed with SIGKILL loses at most the fix being written: `--recover` stores
    /// every point that reached the store, and they are the file's first points.
    @Test func aKilledRecorderIsRecoveredWithItsPoints() throws {
        let path = SharedData.repository("samples/runs/morning-10k.gpx")
        let reader = try recorderKilledAfter200Points(replaying: path)
        let published = Self.states(reader).compactMap { $0["pointCount"] as? Int }.max() ?? 0
        let count = try ExternalTools.run("/usr/bin/sqlite3", [home.file("group.sqlite"), "SELECT count(*) FROM live_points"])
        let stored = try #require(Int(count.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(stored >= published && stored > 200)
        // The interrupted recording blocks a new one until it is recovered.
        let blocked = try runlog(["record", "--replay", path])
        #expect(blocked.status == 1 && blocked.error.contains("--recover"))
        let recovered = try runlog(["record", "--recover", "--json"])
        try #require(recovered.status == 0, "\(recovered.error)")
        let id = try #require(try json(recovered.output)["runId"] as? Int)
        let run = try json(try runlog(["show", String(id), "--json"]).output)
        #expect(run["trackPointCount"] as? Int == stored)
        // The first `stored` points of the file, exactly: the export's first and last points.
        let exported = home.file("recovered.gpx")
        #expect(try runlog(["export", String(id), "-o", exported]).status == 0)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let copy = try String(contentsOfFile: exported, encoding: .utf8)
        let pattern = #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)""#
        func positions(_ text: String) throws -> [String] {
            let regex = try NSRegularExpression(pattern: pattern)
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                (1...2).map { String(text[Range(match.range(at: $0), in: text)!]) }.joined(separator: ",")
            }
        }
        let file = try positions(original), kept = try positions(copy)
        #expect(kept.count == stored)
        #expect(kept.map { Double($0.split(separator: ",")[0])! } == file.prefix(stored).map { Double($0.split(separator: ",")[0])! })
        #expect(try runlog(["live", "--once", "--json"]).output.contains("\"finished\""))
        #expect(try ExternalTools.run("/usr/bin/sqlite3", [home.file("group.sqlite"), "SELECT count(*) FROM live_points"]).output == "0\n")
    }

    /// `--recover --replay FILE` continues the replay after the last fix stored: every point of the
    /// file once, none twice (the run is the file's, in two segments).
    @Test func aRecoveredReplayContinuesWhereItStopped() throws {
        let path = SharedData.repository("samples/runs/morning-10k.gpx")
        _ = try recorderKilledAfter200Points(replaying: path)
        let recovered = try runlog(["record", "--recover", "--replay", path, "--speed", "400", "--json"])
        try #require(recovered.status == 0, "\(recovered.error)")
        let id = try #require(try json(recovered.output)["runId"] as? Int)
        let run = try json(try runlog(["show", String(id), "--json"]).output)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let filePoints = original.components(separatedBy: "<trkpt ").count - 1
        #expect(run["trackPointCount"] as? Int == filePoints)
        #expect(run["segmentCount"] as? Int == 2)
    }

    /// A recording paused when its recorder died goes on paused after `--recover`, and says so.
    @Test func aRecoveredPausedRecordingSaysItIsPaused() throws {
        let path = SharedData.repository("samples/runs/morning-10k.gpx")
        let recorder = try background(["record", "--replay", path, "--speed", "50"])
        let reader = try background(["live", "--json"])
        defer { for process in [recorder, reader] where process.isRunning { process.signal(SIGKILL); process.wait() } }
        try #require(reader.waitUntil(timeout: 20) { Self.states($0).contains { ($0["pointCount"] as? Int ?? 0) > 50 } })
        #expect(try runlog(["record", "pause"]).status == 0)
        recorder.signal(SIGKILL)
        recorder.wait()
        let recovered = try background(["record", "--recover", "--replay", path, "--speed", "50"])
        defer { if recovered.isRunning { recovered.signal(SIGKILL); recovered.wait() } }
        #expect(recovered.waitUntil(timeout: 20) { $0.errorText.contains("the recording was paused when it stopped; 'runlog record resume' goes on recording") },
                "\(recovered.errorText)")
        #expect(try runlog(["record", "finish"]).status == 0)
        #expect(recovered.wait(timeout: 30) == 0)
    }

    /// A replayed file without times: the run has a distance and no moving time, and the
    /// recorder's last line says what 'runlog show' says (4.53 km: REFERENCE.tsv's len2d 4,534.95 m).
    @Test func aReplayWithoutTimesReportsNoMovingTime() throws {
        let recorded = try runlog(["record", "--replay", SharedData.corpus("georust-strava_route_example.gpx"), "--speed", "1000"])
        #expect(recorded.status == 0, "\(recorded.error)")
        #expect(recorded.output.hasPrefix("Stored as run 1: 4.53 km, moving – ('runlog show 1')"), "\(recorded.output)")
        let run = try json(try runlog(["show", "1", "--json"]).output)
        #expect(run["movingTimeSeconds"] is NSNull)
    }

    /// A replay of a file the library holds is a duplicate, as importing the file again is: the
    /// run it is stays the one run, and the recorder says so.
    @Test func aReplayOfAFileInTheLibraryIsADuplicate() throws {
        let path = SharedData.repository("samples/runs/lunch-intervals.gpx")
        #expect(try runlog(["import", path]).status == 0)
        let recorded = try runlog(["record", "--replay", path, "--speed", "100000"])
        #expect(recorded.status == 0, "\(recorded.error)")
        #expect(recorded.output.hasPrefix("Already in the library as run 1: the replayed run is there already"), "\(recorded.output)")
        #expect(try runlog(["list", "--ids"]).output == "1\n")
    }

    @Test func commandsWithoutARecorderAreErrorsThatSaySo() throws {
        for command in ["pause", "resume", "lap", "finish", "discard"] {
            let result = try runlog(["record", command])
            #expect(result.status == 1 && result.error.contains("no recording is running"), "\(command): \(result.error)")
        }
        #expect(try runlog(["record", "--recover"]).status == 1)
        #expect(try runlog(["record"]).status == 64)
        #expect(try runlog(["record", "jump"]).status == 64)
        #expect(try runlog(["record", "--replay", SharedData.repository("samples/runs/morning-10k.gpx"), "--speed", "0"]).status == 64)
        let once = try json(try runlog(["live", "--once", "--json"]).output)
        #expect(once["state"] as? String == "none")
    }

    @Test func aSecondRecorderIsRefusedWhileOneRuns() throws {
        let path = SharedData.repository("samples/runs/morning-10k.gpx")
        let first = try background(["record", "--replay", path, "--speed", "10"])
        let reader = try background(["live", "--json"])
        try #require(reader.waitUntil(timeout: 20) { Self.states($0).contains { $0["state"] as? String == "running" } })
        let second = try runlog(["record", "--replay", path])
        #expect(second.status == 1 && second.error.contains("running already"))
        #expect(!second.error.contains("runlog: recording ("), "a refused recorder said it records: \(second.error)")
        #expect(first.errorText.contains("runlog: recording (replay morning-10k.gpx"))
        let discard = try runlog(["record", "discard"])
        #expect(discard.status == 0 && discard.output.contains("discarded"), "\(discard.error)")
        #expect(first.wait() == 0 && first.outputText.contains("discarded"))
        reader.wait(timeout: 10)
        #expect(try runlog(["list", "--json"]).output.contains("\"sections\" : []") || !FileManager.default.fileExists(atPath: home.file("library.sqlite")))
    }

    /// The terminal a recorder runs in is closed (SIGHUP): the run is finished and stored, as with
    /// Ctrl-C, not lost.
    @Test func aHangUpFinishesAndStoresTheRun() throws {
        let path = SharedData.repository("samples/runs/morning-10k.gpx")
        let recorder = try background(["record", "--replay", path, "--speed", "50", "--json"])
        let reader = try background(["live", "--json"])
        try #require(reader.waitUntil(timeout: 30) { Self.states($0).contains { ($0["pointCount"] as? Int ?? 0) > 20 } })
        recorder.signal(SIGHUP)
        #expect(recorder.wait() == 0, "\(recorder.errorText)")
        reader.wait(timeout: 20)
        let last = try json(recorder.outputText)
        #expect(last["state"] as? String == "finished")
        let id = try #require(last["runId"] as? Int, "\(recorder.outputText)")
        let run = try json(try runlog(["show", String(id), "--json"]).output)
        #expect((run["trackPointCount"] as? Int ?? 0) > 20)
        #expect(Self.states(reader).last?["state"] as? String == "finished")
    }
}
