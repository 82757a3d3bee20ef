import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import Testing
import TestSupport

/// The web front end calls the application layer's use cases: the rules the CLI keeps hold here too.
@Suite struct WebAppUseCaseTests {
    typealias Storage = InterceptedStorage<SQLiteStorage>

    /// The analysis settings change (as another process would change them) right after the
    /// upload's run is stored: the run ends computed with the new settings, and the report says so.
    @Test(arguments: ["/api/v1/imports", "/import"])
    func anUploadFollowsASettingsChangeMadeWhileItRan(path: String) throws {
        let web = try WebTestServer(storage: Storage.self)
        let expected = try #require(try TwoPaceGPX.movingTimeSeconds(threshold: 1.5))
        let before = try #require(try TwoPaceGPX.movingTimeSeconds(threshold: 0.5))
        #expect(abs(expected - before) > 3000)
        #expect(try web.settings().snapshot()[Settings.movingSpeedThreshold] == 0.5)
        let settingsPath = web.settingsPath
        Storage.afterNextInsert(into: web.libraryPath) {
            _ = try SettingsStore(store: try SharedStore(path: settingsPath)).set(Settings.movingSpeedThreshold.key, text: "1.5")
        }
        let response = try web.importFiles(path, files: [("two-paces.gpx", TwoPaceGPX.bytes(name: "Two paces"))])
        let id = try #require(try web.library().runIDs().first)
        if path.hasPrefix("/api") {
            #expect(response.status == 200)
            let report = try #require((try response.json() as? [String: Any])?["report"] as? [String: Any])
            #expect(report["recomputedAfterSettingsChange"] as? [Int] == [Int(id)])
        } else {
            #expect(response.status == 200)
            #expect(response.text.contains("The analysis settings changed during the import: 1 run recomputed with them."))
        }
        let run = try #require(try web.client.request("GET", "/api/v1/runs/\(id)").json() as? [String: Any])
        #expect(run["movingTimeSeconds"] as? Double == expected)
        #expect(run["isStale"] as? Bool == false)
        #expect(try web.library().run(id: id).summary.movingTimeSeconds == expected)
    }

    /// A rename from the web follows into every settings profile naming the set, as `runlog
    /// search-sets rename` does; a set a profile uses cannot be deleted.
    @Test func aSearchSetRenamedOnTheWebIsRenamedInEveryProfile() throws {
        let web = try WebTestServer()
        try web.library().createSearchSet(named: "May runs", definition: SearchDefinition())
        try web.library().createSearchSet(named: "Hills", definition: SearchDefinition())
        let settings = try web.settings()
        settings.references = LibraryReferences(storage: SQLiteStorage(libraryLocation: web.libraryPath, sharedLocation: web.settingsPath))
        try settings.createProfile("race")
        try settings.createProfile("easy")
        _ = try settings.set(Settings.defaultSearchSet.key, text: "May runs", profile: "default")
        _ = try settings.set(Settings.defaultSearchSet.key, text: "may runs", profile: "race")
        _ = try settings.set(Settings.defaultSearchSet.key, text: "Hills", profile: "easy")
        #expect(try web.client.get("/api/v1/search-sets").status == 200)   // cached before the change

        let response = try web.sendJSON("PATCH", "/api/v1/search-sets/May%20runs", ["name": "Spring"])
        #expect(response.status == 200, "\(response.text)")
        let answer = try #require(try response.json() as? [String: Any])
        let renamed = try #require(answer["renamed"] as? [String: Any])
        #expect(renamed["from"] as? String == "May runs" && renamed["to"] as? String == "Spring")
        #expect(renamed["profiles"] as? [String] == ["default", "race"])
        // The server's own write is read back at once: the answer and the next search name the new set.
        #expect(answer["defaultSet"] as? String == "Spring", "\(response.text)")
        for _ in 0..<4 {
            let search = try web.client.get("/api/v1/search?q=x")
            #expect(search.status == 200, "a search after the rename: \(search.text)")
        }
        for (profile, value) in [("default", "Spring"), ("race", "Spring"), ("easy", "Hills")] {
            #expect(try settings.snapshot(profile: profile)[Settings.defaultSearchSet] == value, "\(profile)")
        }
        let sets = try #require(try web.client.get("/api/v1/search-sets").json() as? [String: Any])
        #expect((sets["sets"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["All runs", "Hills", "Spring"])
        #expect(sets["defaultSet"] as? String == "Spring")

        let inUse = try web.client.request("DELETE", "/api/v1/search-sets/Hills", headers: web.csrfHeaders)
        #expect(inUse.status == 422)
        #expect(inUse.text.contains("setInUse") && inUse.text.contains("settings profile 'easy'"))
        #expect(try web.library().searchSets().map(\.name) == ["All runs", "Hills", "Spring"])
        #expect(try web.sendJSON("PATCH", "/api/v1/search-sets/Nope", ["name": "X"]).status == 404)
    }

    @Test func anUploadWithoutASettingsChangeRecomputesNothing() throws {
        let web = try WebTestServer()
        let response = try web.importFiles("/api/v1/imports", files: [("two-paces.gpx", TwoPaceGPX.bytes(name: "Two paces"))])
        let report = try #require((try response.json() as? [String: Any])?["report"] as? [String: Any])
        #expect(report["recomputedAfterSettingsChange"] as? [Int] == [])
        let id = try #require(try web.library().runIDs().first)
        #expect(try web.library().run(id: id).summary.movingTimeSeconds == (try TwoPaceGPX.movingTimeSeconds(threshold: 0.5)))
    }
}
