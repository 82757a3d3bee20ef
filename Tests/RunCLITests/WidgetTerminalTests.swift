import Foundation
import TestSupport
import Testing

/// `runlog widget` in a real terminal (a private tmux server): what it shows, its keys, the
/// terminal it leaves behind, a recorder that dies under it, and several widgets on one recording.
/// Screens are read until the expected text appears (a loaded machine takes its time).
@Suite struct WidgetTerminalTests {
    let home = TemporaryDirectory("runlog-widget")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "UTC"] }
    /// Skipped only without tmux outside CI; under CI (scripts/install-deps.sh installs tmux) a
    /// missing tmux fails the tests.
    static let canRun = Tmux.unavailableReason == nil || ProcessInfo.processInfo.environment["CI"] != nil
    static let skipReason: Comment = "the widget's terminal tests need tmux: \(Tmux.unavailableReason ?? "")"
    static let replay = SharedData.repository("samples/runs/lunch-intervals.gpx")   // 1,669 points 1 s apart

    func runlog(_ arguments: [String]) throws -> ProcessResult {
        try ExternalTools.run(ExternalTools.runlogBinary, arguments, environment: environment)
    }

    func liveState() throws -> [String: Any] {
        let output = try runlog(["live", "--once", "--json"]).output
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    }

    /// A recorder replaying at ×10 (about 170 s of recording: it runs until the test ends it).
    func startRecorder() throws -> BackgroundProcess {
        try BackgroundProcess(ExternalTools.runlogBinary, ["record", "--replay", Self.replay, "--speed", "10"], environment: environment)
    }

    /// The widget inside a shell that notes the terminal's settings before and after it.
    func widgetCommand(_ name: String) -> String {
        "stty -g > '\(home.file("\(name)-stty-before"))'; echo shell-before-widget; '\(ExternalTools.runlogBinary)' widget; "
            + "echo widget-exit-$?; stty -g > '\(home.file("\(name)-stty-after"))'; exec sleep 600"
    }

    /// The kilometres of the screen's "Distance 1.23 km" line.
    static func distanceShown(_ screen: String) -> Double? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("Distance ") && $0.hasSuffix(" km") }) else { return nil }
        return Double(line.split(separator: " ").dropLast().last ?? "")
    }

    @discardableResult
    func expectScreen(_ tmux: Tmux, _ session: String, contains texts: String..., timeout: Double = 60,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let (screen, held) = try tmux.waitForScreen(session, timeout: timeout) { screen in texts.allSatisfy(screen.contains) }
        #expect(held, "\(session) did not show \(texts); it shows:\n\(screen)", sourceLocation: sourceLocation)
        return screen
    }

    @Test(.enabled(if: canRun, skipReason))
    func theWidgetFollowsARecordingPausesResumesAndFinishesIt() throws {
        let tmux = Tmux(folder: home.path, environment: environment)
        try tmux.start("widget", widgetCommand("widget"))
        try expectScreen(tmux, "widget", contains: "No run in progress", "[q] quit")

        let recorder = try startRecorder()
        defer { if recorder.isRunning { recorder.signal(SIGKILL); recorder.wait() } }
        try expectScreen(tmux, "widget", contains: "Running — replay lunch-intervals.gpx ×10", "Distance", "[p] pause")
        // Some distance first (the recording's first fixes are all at its start).
        let (moving, moved) = try tmux.waitForScreen("widget", timeout: 60) { (Self.distanceShown($0) ?? 0) >= 0.01 }
        try #require(moved, "the distance shown stays at 0: \(moving)")

        try tmux.send("widget", "p")
        let paused = try expectScreen(tmux, "widget", contains: "Paused — replay", "[p] resume")
        let state = try liveState()
        #expect(state["state"] as? String == "paused")
        // The widget shows the paused state's distance (it stands still while paused).
        let distance = try #require(state["distanceMeters"] as? Double)
        #expect(distance > 0)
        #expect(paused.contains("Distance " + String(format: "%.2f km", distance / 1000)), "\(paused)")

        try tmux.send("widget", "p")
        try expectScreen(tmux, "widget", contains: "Running — replay", "[p] pause")
        #expect(try liveState()["state"] as? String == "running")

        try tmux.send("widget", "f")
        try expectScreen(tmux, "widget", contains: "Finish the run and store it? [y/n]")
        #expect(try liveState()["state"] as? String == "running")   // nothing sent before the answer
        try tmux.send("widget", "y")
        try expectScreen(tmux, "widget", contains: "Finished — replay", "Stored as run 1")
        #expect(recorder.wait() == 0)
        #expect(recorder.outputText.contains("Stored as run 1"))
        let run = try JSONSerialization.jsonObject(with: Data(try runlog(["show", "1", "--json"]).output.utf8)) as? [String: Any]
        #expect(run?["segmentCount"] as? Int == 2)   // the pause split the track

        try tmux.send("widget", "q")
        let after = try expectScreen(tmux, "widget", contains: "widget-exit-0")
        // The terminal is as it was: the normal screen (with the shell's line), the cursor shown,
        // the same line settings.
        #expect(after.contains("shell-before-widget") && !after.contains("Stored as run 1"))
        #expect(try tmux.display("widget", "#{alternate_on}") == "0")
        #expect(try tmux.display("widget", "#{cursor_flag}") == "1")
        let before = try String(contentsOfFile: home.file("widget-stty-before"), encoding: .utf8)
        #expect(try String(contentsOfFile: home.file("widget-stty-after"), encoding: .utf8) == before)
    }

    /// The recorder killed with SIGKILL: its process is gone, so the widget says so at once,
    /// with the time of its last heartbeat.
    @Test(.enabled(if: canRun, skipReason))
    func aKilledRecorderIsShownAsNotResponding() throws {
        let tmux = Tmux(folder: home.path, environment: environment)
        let recorder = try startRecorder()
        defer { if recorder.isRunning { recorder.signal(SIGKILL); recorder.wait() } }
        try tmux.start("widget", widgetCommand("widget"))
        try expectScreen(tmux, "widget", contains: "Running — replay", "[p] pause")
        recorder.signal(SIGKILL)
        recorder.wait()
        let screen = try expectScreen(tmux, "widget", contains: "Recorder not responding since", "[q] quit")
        #expect(!screen.contains("[p] pause"))
        let state = try liveState()
        #expect(state["stale"] as? Bool == true && state["state"] as? String == "running")
        // The clock shown is the last heartbeat's (TZ=UTC): 2026-11-30T01:02:03.456Z → 01:02:03.
        let heartbeat = try #require(state["heartbeatTime"] as? String)
        let clock = String(heartbeat.dropFirst(11).prefix(8))
        #expect(screen.contains("Recorder not responding since \(clock)"), "\(screen)\nheartbeat \(heartbeat)")
        // A key does nothing now; q still quits.
        try tmux.send("widget", "p")
        try tmux.send("widget", "q")
        try expectScreen(tmux, "widget", contains: "widget-exit-0")
        #expect(try liveState()["lastAppliedCommandId"] is NSNull)
    }

    /// In a small terminal (30 × 6) nothing wraps: the title and the state stay on the first lines,
    /// long lines end in "…".
    @Test(.enabled(if: canRun, skipReason))
    func aSmallTerminalKeepsTheStateInView() throws {
        let tmux = Tmux(folder: home.path, environment: environment)
        let recorder = try startRecorder()
        defer { if recorder.isRunning { recorder.signal(SIGKILL); recorder.wait() } }
        try tmux.start("small", "'\(ExternalTools.runlogBinary)' widget", columns: 30, rows: 6)
        let screen = try expectScreen(tmux, "small", contains: "Running — replay")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.contains("runlog") == true && lines.dropFirst().first?.hasPrefix(" Running — replay") == true, "\(screen)")
        #expect(lines.dropFirst().first?.hasSuffix("…") == true, "\(screen)")
        try tmux.send("small", "q")
    }

    /// Three widgets on one recording: a key in any of them acts on the recording, and all show it.
    @Test(.enabled(if: canRun, skipReason))
    func severalWidgetsFollowOneRecording() throws {
        let tmux = Tmux(folder: home.path, environment: environment)
        let widgets = ["first", "second", "third"]
        for name in widgets { try tmux.start(name, widgetCommand(name), columns: 70, rows: 20) }
        for name in widgets { try expectScreen(tmux, name, contains: "No run in progress") }
        let recorder = try startRecorder()
        defer { if recorder.isRunning { recorder.signal(SIGKILL); recorder.wait() } }
        for name in widgets { try expectScreen(tmux, name, contains: "Running — replay", "[p] pause") }

        try tmux.send("second", "p")
        for name in widgets { try expectScreen(tmux, name, contains: "Paused — replay", "[p] resume") }
        #expect(try liveState()["state"] as? String == "paused")
        try tmux.send("third", "p")
        for name in widgets { try expectScreen(tmux, name, contains: "Running — replay", "[p] pause") }
        try tmux.send("first", "l")
        for name in widgets { try expectScreen(tmux, name, contains: "Lap 2:") }
        try tmux.send("first", "f")
        try expectScreen(tmux, "first", contains: "[y/n]")
        let others = try tmux.screen("second")
        #expect(!others.contains("[y/n]"))   // the question is the first widget's own
        try tmux.send("first", "y")
        for name in widgets { try expectScreen(tmux, name, contains: "Stored as run 1") }
        #expect(recorder.wait() == 0)
        #expect(try liveState()["lapCount"] as? Int == 1)
        for name in widgets {
            try tmux.send(name, "q")
            try expectScreen(tmux, name, contains: "widget-exit-0")
        }
    }

    /// Settings changed by another process while the widget runs: the next redraw is in the new
    /// language and units (the widget reads the settings again when the shared store changes).
    @Test(.enabled(if: canRun, skipReason))
    func theWidgetFollowsLanguageAndUnitsChanges() throws {
        let tmux = Tmux(folder: home.path, environment: environment)
        defer { tmux.stop() }
        let recorder = try startRecorder()
        defer { if recorder.isRunning { recorder.signal(SIGKILL); recorder.wait() } }
        try tmux.start("widget", widgetCommand("widget"))
        try expectScreen(tmux, "widget", contains: "Running — replay", "Distance", " km", "[p] pause")
        #expect(try runlog(["settings", "set", "units", "imperial"]).status == 0)
        try expectScreen(tmux, "widget", contains: "Running — replay", " mi", "[p] pause")
        #expect(try runlog(["settings", "set", "language", "de"]).status == 0)
        let german = try expectScreen(tmux, "widget", contains: "Läuft — replay", "Distanz", " mi", "[p] Pause")
        #expect(!german.contains("Distance"))
        // Settings changed with no recording running (nothing else commits): shown as well.
        #expect(try runlog(["record", "discard"]).status == 0)
        #expect(recorder.wait() == 0)
        try expectScreen(tmux, "widget", contains: "Verworfen")
        #expect(try runlog(["settings", "set", "language", "en"]).status == 0)
        try expectScreen(tmux, "widget", contains: "Discarded — replay", "[q] quit")
        try tmux.send("widget", "q")
        try expectScreen(tmux, "widget", contains: "widget-exit-0")
    }

    /// Without a terminal the widget refuses and says why, and writes nothing to its output (no
    /// escape codes from a terminal it never set up).
    @Test func withoutATerminalTheWidgetWritesNothing() throws {
        let result = try runlog(["widget"])
        #expect(result.status == 1)
        #expect(result.error.contains("the widget needs a terminal"))
        #expect(result.output.isEmpty, "\(Array(result.output.utf8))")
    }
}
