import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// The JSON API and its OpenAPI document, over real HTTP.
@Suite struct WebAPITests {
    @Test func openAPIDocumentListsEveryRouteAndEachAnswers() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx"), SharedData.corpus("gpsbabel-globalsat_gh625XT.gpx")])
        let document = try #require(try web.client.get("/api/v1/openapi.json").json() as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        // Every API route of the server is in the document, and nothing else.
        let served = Set(web.application.routes.filter { $0.pattern.hasPrefix("/api/v1") }.map { "\($0.method) \($0.pattern)" })
        let documented = Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
        #expect(served == documented)
        // Each documented operation answers with one of its documented statuses (deletions last).
        let gpx = GeneratedGPX.equatorRun(name: "Upload", start: Date(timeIntervalSince1970: 1_650_000_000))
        _ = try LiveRecorderStub(settingsPath: web.settingsPath)   // so that a live command is taken
        for name in ["Trail", "Hills"] { try web.library().createSearchSet(named: name, definition: SearchDefinition()) }
        for entry in documented.sorted(by: { ($0.hasPrefix("DELETE") ? 1 : 0, $0) < ($1.hasPrefix("DELETE") ? 1 : 0, $1) }) {
            let parts = entry.split(separator: " ", maxSplits: 1).map(String.init)
            let (method, path) = (parts[0], parts[1].replacingOccurrences(of: "{id}", with: "1")
                .replacingOccurrences(of: "{name}", with: parts[0] == "DELETE" ? "Hills" : "Trail"))
            let response: HTTPTestClient.Response
            switch (method, parts[1]) {
            case ("POST", "/api/v1/imports"): response = try web.upload(path, files: [("upload.gpx", gpx)])
            case ("GET", "/api/v1/imports/{id}"):
                // An import of this session: the address its upload's answer gives.
                let posted = try web.upload("/api/v1/imports", files: [("first.gpx", GeneratedGPX.equatorRun(
                    name: "First", start: Date(timeIntervalSince1970: 1_640_000_000)))])
                response = try web.client.get(try #require(posted.header("location")), headers: ["Cookie": web.cookie])
            case ("PATCH", "/api/v1/search-sets/{name}"): response = try web.sendJSON(method, path, ["name": "Trails"])
            case ("PATCH", _): response = try web.sendJSON(method, path, ["notes": "Windy"])
            case ("PUT", "/api/v1/settings"): response = try web.sendJSON(method, path, ["heartRate.maximum": 185])
            case ("POST", "/api/v1/profiles"): response = try web.sendJSON(method, path, ["name": "trail"])
            case ("PUT", "/api/v1/profiles/active"): response = try web.sendJSON(method, path, ["name": "default"])
            case ("DELETE", _): response = try web.client.request(method, path, headers: web.csrfHeaders)
            case ("POST", "/api/v1/live/commands"): response = try web.sendJSON(method, path, ["command": "lap"])
            case ("GET", "/api/v1/live/events"):
                let events = try EventStreamClient(port: web.server.port, path: path)
                #expect(events.waitUntil(timeout: 5) { !$0.isEmpty })
                response = HTTPTestClient.Response(status: events.status, headers: events.headers, body: [], isChunked: true)
            default: response = try web.client.get(path)
            }
            let operation = try #require(paths[parts[1]]?[method.lowercased()] as? [String: Any])
            let statuses = try #require(operation["responses"] as? [String: Any]).keys
            #expect(statuses.contains(String(response.status)) && response.status < 300, "\(entry) answered \(response.status): \(response.text.prefix(200))")
        }
    }

    @Test func runsListDetailTrackAndEdits() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        let expected = try web.library().run(id: 1)
        let list = try #require(try web.client.get("/api/v1/runs").json() as? [String: Any])
        #expect(list["runCount"] as? Int == 1 && list["page"] as? Int == 1 && list["pageCount"] as? Int == 1)
        let first = try #require((list["runs"] as? [[String: Any]])?.first)
        #expect(first["id"] as? Int == 1 && first["name"] as? String == expected.name)
        // JSON numbers carry 15 significant digits.
        #expect(abs(try #require(first["distanceMeters"] as? Double) - expected.summary.distanceMeters) < 1e-9)
        // ISO 8601 UTC.
        let start = try #require(first["startTime"] as? String)
        #expect(start.hasSuffix("Z") && ISO8601DateFormatter().date(from: start)?.timeIntervalSince1970 == expected.startTimeSeconds?.rounded(.down))
        let sectionIDs = (list["sections"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(sectionIDs?.first == "this-week" && sectionIDs?.contains { $0.hasPrefix("month-") } == true)

        let detail = try #require(try web.client.get("/api/v1/runs/1").json() as? [String: Any])
        for key in ["id", "name", "distanceMeters", "movingTimeSeconds", "elapsedTimeSeconds", "splitsPerKilometer", "bestEfforts", "notes"] {
            #expect(detail[key] != nil, "missing \(key)")
        }
        let track = try #require(try web.client.get("/api/v1/runs/1/track").json() as? [String: Any])
        let region = try #require(track["region"] as? [String: Any])
        let pieces = try #require(track["pieces"] as? [[[Double]]])
        // Every drawn point lies in the region (the corpus file has no far-off fixes).
        let minLat = try #require(region["minLatitude"] as? Double), maxLat = try #require(region["maxLatitude"] as? Double)
        #expect(pieces.flatMap { $0 }.allSatisfy { $0[0] >= minLat && $0[0] <= maxLat })
        #expect((track["markers"] as? [[String: Any]])?.first?["kind"] as? String == "start")

        let patched = try web.sendJSON("PATCH", "/api/v1/runs/1", ["name": "Garmin run", "notes": "Snow on top"])
        #expect(patched.status == 200)
        #expect(try web.library().run(id: 1).name == "Garmin run" && web.library().run(id: 1).notes == "Snow on top")
        let refused = try web.sendJSON("PATCH", "/api/v1/runs/1", ["name": ""])
        let refusal = (try refused.json() as? [String: Any])?["error"] as? [String: Any]
        #expect(refused.status == 422 && refusal?["code"] as? String == "invalidEdit")
        #expect((try web.client.get("/api/v1/runs/1").json() as? [String: Any])?["notes"] as? String == "Snow on top")
        #expect(try web.sendJSON("PATCH", "/api/v1/runs/1", ["name": 5]).status == 400)
        // Text after a NUL would be lost without a word: refused, the notes as they were.
        #expect(try web.sendJSON("PATCH", "/api/v1/runs/1", ["notes": "n1\u{0}after"]).status == 422)
        #expect(try web.library().run(id: 1).notes == "Snow on top")
        // The sport: the runner's choice recomputes the run; null goes back to the file's.
        let ride = try #require(try web.sendJSON("PATCH", "/api/v1/runs/1", ["sport": "cycling"]).json() as? [String: Any])
        #expect(ride["sport"] as? String == "cycling" && ride["sportSource"] as? String == "user")
        #expect(try web.library().run(id: 1).summary.parameters.movingSpeedThresholdMetersPerSecond == 1)
        let back = try #require(try web.sendJSON("PATCH", "/api/v1/runs/1", ["sport": NSNull()]).json() as? [String: Any])
        #expect(back["sport"] as? String == "running" && back["chosenSport"] is NSNull)
        #expect(try web.sendJSON("PATCH", "/api/v1/runs/1", ["sport": "curling"]).status == 422)
        #expect(try web.sendJSON("PATCH", "/api/v1/runs/1", ["sport": 7]).status == 400)
        // The run page's form does the same.
        #expect(try web.postForm("/runs/1/sport", [("sport", "walking")]).status == 303)
        #expect(try web.client.get("/runs/1").text.contains("<option value=\"walking\" selected>"))
        #expect(try web.library().run(id: 1).chosenSport == .walking)
        #expect(try web.client.request("DELETE", "/api/v1/runs/1", headers: web.csrfHeaders).status == 204)
        #expect(try web.library().count() == 0)
    }

    @Test func settingsThroughTheAPI() throws {
        let web = try WebTestServer()
        let settings = try #require(try web.client.get("/api/v1/settings").json() as? [String: Any])
        let items = try #require(settings["settings"] as? [[String: Any]])
        #expect(items.map { $0["key"] as? String } == Settings.all.map(\.key))
        let refused = try web.sendJSON("PUT", "/api/v1/settings", ["heartRate.maximum": 300, "units": "imperial"])
        #expect(refused.status == 422)
        let error = try #require(try refused.json() as? [String: Any])["error"] as? [String: Any]
        #expect((error?["fields"] as? [String: String])?["heartRate.maximum"]?.contains("out of range") == true)
        #expect(try web.settings().snapshot()[Settings.units] == "metric")   // all or nothing
        let saved = try web.sendJSON("PUT", "/api/v1/settings", ["heartRate.maximum": 184, "units": "imperial", "map.downloadTiles": true])
        // The maximum heart rate is an analysis setting: the runs are recomputed in the background.
        #expect(saved.status == 202 && saved.header("location") == "/api/v1/settings/recompute")
        #expect(web.application.recompute.waitUntilIdle(timeoutSeconds: 60))
        let snapshot = try web.settings().snapshot()
        #expect(snapshot[Settings.maximumHeartRate] == 184 && snapshot[Settings.units] == "imperial" && snapshot[Settings.downloadTiles])
        // Profiles.
        #expect(try web.sendJSON("POST", "/api/v1/profiles", ["name": "trail", "copyFrom": "default"]).status == 201)
        #expect(try web.sendJSON("PUT", "/api/v1/profiles/active", ["name": "trail"]).status == 200)
        #expect(try web.settings().activeProfile() == "trail")
        #expect(try web.sendJSON("PUT", "/api/v1/profiles/active", ["name": "nope"]).status == 422)
    }

    @Test func importReportAsJSON() throws {
        let web = try WebTestServer()
        let file = SharedData.corpus("sportslib-garmin.gpx")
        let bytes = Array(FileManager.default.contents(atPath: file)!)
        // Taken at once: 202, the job's address, the job queued (or already under way).
        let posted = try web.upload("/api/v1/imports", files: [("garmin.gpx", bytes), ("broken.gpx", Array("<gpx".utf8))])
        #expect(posted.status == 202)
        let location = try #require(posted.header("location"))
        let queued = try #require(try posted.json() as? [String: Any])
        #expect(location == "/api/v1/imports/\(try #require(queued["id"] as? String))")
        #expect(queued["fileCount"] as? Int == 2 && ["queued", "running", "done"].contains(queued["state"] as? String))
        #expect((queued["createdAt"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/) != nil)
        #expect(web.waitForImport(try #require(WebTestServer.jobID(posted))))
        let job = try #require(try web.client.get(location, headers: ["Cookie": web.cookie]).json() as? [String: Any])
        #expect(job["state"] as? String == "done" && job["error"] is NSNull)
        #expect((job["finishedAt"] as? String)?.hasSuffix("Z") == true)
        let report = try #require(job["report"] as? [String: Any])
        #expect((report["imported"] as? [[String: Any]])?.count == 1 && (report["failed"] as? [[String: Any]])?.first?["file"] as? String == "broken.gpx")
        #expect(report["counts"] as? [String: Int] == ["imported": 1, "routes": 0, "duplicates": 0, "failed": 1, "skipped": 0])
        let progress = try #require(job["progress"] as? [String: Int])
        #expect(progress["file"] == 2 && progress["imported"] == 1 && progress["failed"] == 1)
        let again = try #require((try web.importFiles("/api/v1/imports", files: [("garmin.gpx", bytes)]).json() as? [String: Any])?["report"] as? [String: Any])
        #expect((again["duplicates"] as? [[String: Any]])?.first?["existingId"] as? Int == 1)
        #expect(try web.upload("/api/v1/imports", files: []).status == 400)
    }
}
