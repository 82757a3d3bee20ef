import Foundation
import RunCLI
import RunCore
import RunStore
import RunStoreSQLite
import TestSupport
import Testing

/// `runlog list` shows "Recording now" first while a recording is in progress (the same section
/// controller as the web UI's runs page), and not otherwise.
@Suite struct ListRecordingNowTests {
    let home = TemporaryDirectory("runlog-list-live")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC"] }

    func run(_ arguments: String...) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    /// Begins a recording in the shared store as `runlog record` would, from this process.
    func beginRecording() throws -> (LiveStore, LiveState) {
        let live = LiveStore(store: try SharedStore(path: home.file("group.sqlite")))
        var state = LiveState(sessionID: UUID().uuidString, recorderPID: getpid(), source: "replay morning.gpx ×10")
        state.sequence = 1
        state.state = .running
        state.heartbeatTime = Date().timeIntervalSince1970
        state.elapsedTimeSeconds = 754
        state.distanceMeters = 2345
        state.currentPaceSecondsPerKilometer = 321
        try live.begin(state, setup: RecordingSetup(parameters: AnalysisParameters(), autoPause: false, splitUnitMeters: 1000,
                                                    name: nil, type: nil, source: state.source),
                       now: state.heartbeatTime)
        return (live, state)
    }

    @Test func listShowsTheRecordingOnlyWhileItRuns() throws {
        #expect(run("import", SharedData.repository("samples/runs/morning-10k.gpx")).status == 0)
        let before = run("list")
        #expect(before.status == 0 && !before.out.contains("Recording now"))

        var (live, state) = try beginRecording()
        let during = run("list")
        #expect(during.status == 0, "\(during.err)")
        let lines = during.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("Recording now") == true, "\(during.out)")
        #expect(during.out.contains("Running — replay morning.gpx ×10"))
        #expect(during.out.contains("2.35 km") && during.out.contains("12:34"))
        #expect(during.out.contains("Morning"), "the runs follow")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run("list", "--json").out.utf8)) as? [String: Any])
        let first = try #require((json["sections"] as? [[String: Any]])?.first)
        #expect(first["id"] as? String == "recording-now" && first["state"] as? String == "running" && first["distanceMeters"] as? Double == 2345)

        state.sequence += 1
        state.state = .finished
        state.heartbeatTime = Date().timeIntervalSince1970
        try live.publish(state)
        #expect(!run("list").out.contains("Recording now"))
    }

    @Test func listWithoutRunsStillShowsTheRecording() throws {
        _ = try beginRecording()
        let listed = run("list")
        #expect(listed.status == 0)
        #expect(listed.out.hasPrefix("Recording now") && listed.out.contains("No runs yet."), "\(listed.out)")
    }
}
