import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// A change of the analysis settings through the web is saved and answered at once; the runs are
/// recomputed by one background worker, and the newest setting wins (issue 16). The recompute is
/// held at its start by the test, so "answered at once" is shown by the order of events, not by
/// timing.
@Suite struct WebSettingsRecomputeTests {
    @Test func aChangeIsAnsweredBeforeTheRecomputeAndTheNewestValueWins() throws {
        let gate = Gate()
        let web = try WebTestServer(configuration: WebConfiguration(recomputeWillStart: { gate.pass() }),
                                    files: [SharedData.repository("samples/runs/lunch-intervals.gpx"),
                                            SharedData.repository("samples/runs/morning-10k.gpx")])
        let ids = try web.library().runIDs()
        try #require(ids.count == 2)
        func thresholds() throws -> [Double] {
            let library = try web.library()
            return try ids.map { try library.run(id: $0).summary.parameters.movingSpeedThresholdMetersPerSecond }
        }
        #expect(try thresholds() == [0.5, 0.5])

        // The API's change: 202 with where to follow the recompute, which is held before it began.
        let first = try web.sendJSON("PUT", "/api/v1/settings", ["analysis.movingSpeed": 1.5])
        #expect(first.status == 202 && first.header("location") == "/api/v1/settings/recompute")
        #expect(try web.settings().snapshot().values["analysis.movingSpeed"]?.text == "1.5")   // saved
        #expect(gate.waitForArrivals(1))
        #expect(try thresholds() == [0.5, 0.5])   // the answer came while nothing was recomputed
        let running = try #require(try web.client.get("/api/v1/settings/recompute").json() as? [String: Any])
        #expect(running["state"] as? String == "running")

        // Two more changes while it is held — the API's and the form's (which works without script) —
        // and a profile's: the last one stored wins.
        #expect(try web.sendJSON("PUT", "/api/v1/settings", ["analysis.movingSpeed": 1.2]).status == 202)
        let form = try web.postForm("/settings", [("analysis.movingSpeed", "1.1")])
        #expect(form.status == 303 && form.header("location") == "/settings?saved=1&recomputing=1")
        #expect(try web.client.get("/settings?saved=1&recomputing=1").text.contains("recomputed with the new settings in the background"))
        #expect(try thresholds() == [0.5, 0.5])

        gate.open()
        #expect(web.application.recompute.waitUntilIdle(timeoutSeconds: 120))
        #expect(try thresholds() == [1.1, 1.1])
        // One pass held, the changes that came meanwhile done by one more: never two at once.
        #expect(gate.arrivals <= 2)
        let idle = try #require(try web.client.get("/api/v1/settings/recompute").json() as? [String: Any])
        #expect(idle["state"] as? String == "idle")
        #expect((idle["lastPass"] as? [String: Any])?["failed"] as? [Any] != nil)
        // The run's page shows the new numbers (the page cache saw the change).
        #expect(try web.client.get("/api/v1/runs/\(ids[0])").text.contains("\"movingSpeedThresholdMetersPerSecond\":1.1"))
    }

    /// Another writer (a `runlog import` in another process) holding the library's write lock past
    /// the store's busy timeout delays the recompute, never ends it: before, the pass stopped with
    /// `storeBusy` and left every run stale behind a change already answered 202 (breaker review).
    @Test func aRecomputeWaitsForTheWriteLockPastTheBusyTimeout() throws {
        let web = try WebTestServer(files: [SharedData.repository("samples/runs/lunch-intervals.gpx"),
                                            SharedData.repository("samples/runs/morning-10k.gpx")])
        let ids = try web.library().runIDs()
        try #require(ids.count == 2)
        let lock = try WebImportQueueTests.WriteLock(library: web.libraryPath)
        #expect(try web.sendJSON("PUT", "/api/v1/settings", ["analysis.movingSpeed": 0.75]).status == 202)
        func status() throws -> [String: Any] {
            try #require(try web.client.get("/api/v1/settings/recompute").json() as? [String: Any])
        }
        // The pass met the lock past the busy timeout and waits to try again (polled, not slept).
        let deadline = Date().addingTimeInterval(60)
        while (try status()["lockWaits"] as? Int ?? 0) < 1, Date() < deadline { usleep(50_000) }
        let waiting = try status()
        #expect(waiting["state"] as? String == "running" && (waiting["lockWaits"] as? Int ?? 0) >= 1, "\(waiting)")
        try lock.release()
        #expect(web.application.recompute.waitUntilIdle(timeoutSeconds: 120))
        let library = try web.library()
        #expect(try ids.map { try library.run(id: $0).summary.parameters.movingSpeedThresholdMetersPerSecond } == [0.75, 0.75])
        let done = try status()
        #expect(done["state"] as? String == "idle")
        #expect((done["lastPass"] as? [String: Any])?["error"] == nil, "\(done)")
    }

    @Test func aSettingThatIsNotAboutAnalysisRecomputesNothing() throws {
        let web = try WebTestServer(files: [SharedData.repository("samples/runs/morning-10k.gpx")])
        let saved = try web.sendJSON("PUT", "/api/v1/settings", ["units": "imperial"])
        #expect(saved.status == 200 && saved.header("location") == nil)
        #expect(web.application.recompute.waitUntilIdle(timeoutSeconds: 1))
    }
}

/// Where the recompute waits until the test opens it; counts the passes that reached it.
private final class Gate: @unchecked Sendable {   // state behind `condition`
    private let condition = NSCondition()
    private var isOpen = false
    private var count = 0

    var arrivals: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    /// Called by the recompute: waits while the gate is shut.
    func pass() {
        condition.lock()
        count += 1
        condition.broadcast()
        while !isOpen { condition.wait() }
        condition.unlock()
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `count` passes reached the gate (up to 60 s).
    func waitForArrivals(_ expected: Int) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        condition.lock()
        defer { condition.unlock() }
        while count < expected { if !condition.wait(until: deadline) { return count >= expected } }
        return true
    }
}
