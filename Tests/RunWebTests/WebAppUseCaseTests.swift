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
        let response = try web.upload(path, files: [("two-paces.gpx", TwoPaceGPX.bytes(name: "Two paces"))])
        let id = try #require(try web.library().runIDs().first)
        if path.hasPrefix("/api") {
            #expect(response.status == 201)
            let report = try #require(try response.json() as? [String: Any])
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

    @Test func anUploadWithoutASettingsChangeRecomputesNothing() throws {
        let web = try WebTestServer()
        let response = try web.upload("/api/v1/imports", files: [("two-paces.gpx", TwoPaceGPX.bytes(name: "Two paces"))])
        let report = try #require(try response.json() as? [String: Any])
        #expect(report["recomputedAfterSettingsChange"] as? [Int] == [])
        let id = try #require(try web.library().runIDs().first)
        #expect(try web.library().run(id: id).summary.movingTimeSeconds == (try TwoPaceGPX.movingTimeSeconds(threshold: 0.5)))
    }
}
