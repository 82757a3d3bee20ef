import Foundation
import RunHTTP
import Testing
import TestSupport

/// The live page's API against real processes: `runlog serve` and `runlog record --replay`
/// sharing one `group.sqlite`, as a person runs them.
@Suite(.serialized) struct WebLiveProcessTests {
    let home = TemporaryDirectory("runlog-web-live")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "UTC"] }

    /// Follows a replay through the event stream, pauses it with a POST (the recorder's state in
    /// the store becomes paused), then stops the server with SIGTERM while the stream is open.
    @Test(.timeLimit(.minutes(2)))
    func serveFollowsARecordingPausesItAndStopsPromptly() throws {
        let served = try ServeProcess(environment: environment)
        let serve = served.process
        defer { if serve.isRunning { serve.signal(SIGKILL) } }
        let (port, client, token, cookie) = (served.port, served.client, served.token, served.cookie)

        let events = try EventStreamClient(port: port)
        #expect(events.waitUntil(timeout: 5) { $0.contains { $0.json["state"] as? String == "none" } }, "\(events.events)")
        // 1,669 points one second apart at ×40: about 42 s of replay.
        let recorder = try BackgroundProcess(ExternalTools.runlogBinary,
                                             ["record", "--replay", SharedData.repository("samples/runs/lunch-intervals.gpx"), "--speed", "40"],
                                             environment: environment)
        defer { if recorder.isRunning { recorder.signal(SIGKILL) } }
        let running = events.waitUntil(timeout: 20) { $0.contains { $0.json["state"] as? String == "running" && ($0.json["pointCount"] as? Int ?? 0) > 20 } }
        try #require(running, "no running state: \(events.events.suffix(3)) \(recorder.errorText)")
        let page = try client.get("/")
        #expect(page.text.contains("id=\"recording-now\""))

        let body = Array(#"{"command":"pause"}"#.utf8)
        let headers = ["Content-Type": "application/json", "X-CSRF-Token": token, "Cookie": cookie]
        let sent = Date()
        let pause = try client.request("POST", "/api/v1/live/commands", headers: headers, body: body)
        // The request waits for the recorder's answer, as 'runlog record pause' does.
        #expect(pause.status == 200 && pause.text.contains("\"outcome\":\"ok\""), "\(pause.text)")
        let commandID = try #require((try pause.json() as? [String: Any])?["commandId"] as? Int)
        #expect(events.waitUntil(timeout: 10) { $0.contains { $0.json["state"] as? String == "paused" } })
        print("pause from POST to the paused event: \(String(format: "%.3f", Date().timeIntervalSince(sent))) s")
        let paused = try #require(events.events.last { $0.json["state"] as? String == "paused" }?.json)
        #expect(paused["lastAppliedCommandId"] as? Int == commandID)
        // A command the recorder refuses says why: a lap needs the recording running.
        let lap = try client.request("POST", "/api/v1/live/commands", headers: headers, body: Array(#"{"command":"lap"}"#.utf8))
        #expect(lap.status == 409 && lap.text.contains("can only be marked while running"), "\(lap.text)")
        // The recorder's state in the store, as another process reads it.
        let live = try ExternalTools.run(ExternalTools.runlogBinary, ["live", "--once", "--json"], environment: environment)
        #expect(live.output.contains("\"state\":\"paused\"") || live.output.contains("\"state\": \"paused\""), "\(live.output)")
        // Every state in order, none missed.
        let ids = events.events.compactMap { $0.id.flatMap { Int($0) } }
        #expect(ids == Array(ids.first!...ids.last!), "\(ids)")

        let stopping = Date()
        serve.signal(SIGTERM)
        #expect(serve.wait(timeout: 10) == 0, "\(serve.errorText)")
        let stopSeconds = Date().timeIntervalSince(stopping)
        print("runlog serve stopped by SIGTERM with an event stream open: \(String(format: "%.3f", stopSeconds)) s")
        #expect(stopSeconds < 2)
        #expect(events.waitForEnd(timeout: 2))

        #expect(try ExternalTools.run(ExternalTools.runlogBinary, ["record", "finish"], environment: environment).status == 0)
        #expect(recorder.wait(timeout: 30) == 0)
    }
}
