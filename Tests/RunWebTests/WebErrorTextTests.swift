import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// Errors of the layers below on the web: the page says them in the page's language, the API gives
/// the code, the English sentence and the data; neither names a command-line flag.
@Suite struct WebErrorTextTests {
    static let badLatitude = Array("""
        <?xml version="1.0"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="91" lon="2"/></trkseg></trk></gpx>
        """.utf8)

    @Test func aGermanUploadPageSaysTheReasonInGerman() throws {
        let web = try WebTestServer()
        try web.settings().set("language", text: "de")
        let page = try web.importFiles("/import", files: [("breite.gpx", Self.badLatitude)]).text
        #expect(page.contains("breite.gpx:3:"), "\(page)")
        #expect(page.contains("ein Punkt hat eine ungültige Koordinate"), "\(page)")
        #expect(!page.contains("--skip-invalid-points") && !page.contains("runlog import"))
    }

    @Test func theImportAPIGivesTheCodeAndData() throws {
        let web = try WebTestServer()
        let response = try web.importFiles("/api/v1/imports", files: [("breite.gpx", Self.badLatitude)])
        let report = try #require((try response.json() as? [String: Any])?["report"] as? [String: Any])
        let failed = try #require((report["failed"] as? [[String: Any]])?.first)
        #expect(failed["code"] as? String == "invalidCoordinate")
        #expect(failed["remedy"] as? String == "readLeniently" && failed["line"] as? Int == 3 && failed["file"] as? String == "breite.gpx")
        let message = try #require(failed["message"] as? String)
        #expect(message.contains("91") && !message.contains("--") && !message.contains("runlog "), "\(message)")
    }

    @Test func anUnknownSetInTheAPIHasItsNameAndTheSets() throws {
        let web = try WebTestServer()
        let response = try web.client.get("/api/v1/search?set=Parks")
        #expect(response.status == 404)
        let error = try #require((try response.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "unknownSet" && error["name"] as? String == "Parks" && error["sets"] as? [String] == ["All runs"])
        let message = try #require(error["message"] as? String)
        #expect(message == "there is no search set 'Parks'; the sets are: 'All runs'", "no command named: \(message)")
    }

    /// A command the recorder refuses: the API answers 409 with the refusal's code, its English
    /// sentence and its data (the recorder's answer travels through the shared store); the live
    /// page carries every refusal in its language for its script, naming no command-line flag.
    @Test func aRefusedCommandHasItsCodeAndDataAndTheGermanPageItsSentence() throws {
        let web = try WebTestServer()
        let stub = try LiveRecorderStub(settingsPath: web.settingsPath)
        // The recorder's part, as Recorder plays it: the first command queued is answered with the
        // refusal the state gives it, in the state that acknowledges it.
        let settingsPath = web.settingsPath, state = stub.state
        let recorder = Thread {
            guard let store = try? SharedStore(path: settingsPath) else { return }
            let live = LiveStore(store: store)
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if let command = try? live.pendingCommands(session: state.sessionID).first,
                   let refusal = LiveCommandError.refusal(of: command.kind, in: .paused) {
                    var next = state
                    next.sequence += 1
                    next.heartbeatTime = Date().timeIntervalSince1970
                    next.state = .paused
                    next.lastAppliedCommandID = command.id
                    try? live.publish(next, applied: [AppliedCommand(id: command.id, outcome: refusal.answer)])
                    return
                }
                usleep(20_000)
            }
        }
        recorder.start()
        let lap = try web.sendJSON("POST", "/api/v1/live/commands", ["command": "lap"])
        #expect(lap.status == 409, "\(lap.text)")
        let error = try #require((try lap.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "lapNotRunning" && error["command"] as? String == "lap" && error["state"] as? String == "paused",
                "\(error)")
        #expect(error["message"] as? String == "lap: a lap can only be marked while running (the recording is paused)")

        try web.settings().set("language", text: "de")
        let page = try web.client.get("/live").text
        #expect(page.contains("&quot;lap paused&quot;:&quot;Runde: eine Runde lässt sich nur während des Laufens markieren (Zustand: pausiert)&quot;"),
                "\(page)")
        #expect(page.contains("&quot;pause paused&quot;:&quot;Pause: die Aufzeichnung ist schon pausiert&quot;"))
        #expect(!page.contains("runlog record"))
        let script = try web.client.get("/static/live.js").text
        #expect(script.contains("refusals[error.command + \" \" + error.state]"))
    }
}
