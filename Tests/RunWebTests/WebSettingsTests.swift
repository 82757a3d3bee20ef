import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// The settings page: generated from the schema, validated by the store, shared with the CLI.
@Suite struct WebSettingsTests {
    @Test func theFormHasAControlPerSettingOfTheSchema() throws {
        let web = try WebTestServer()
        let html = try web.client.get("/settings").text
        for definition in Settings.all {
            #expect(html.contains("name=\"\(definition.key)\""), "\(definition.key)")
            switch definition.kind {
            case .toggle: #expect(html.contains("type=\"checkbox\" role=\"switch\" name=\"\(definition.key)\""))
            case .choice: #expect(html.contains("<select id=\"setting-\(definition.key.replacingOccurrences(of: ".", with: "-"))\" name=\"\(definition.key)\""))
            default: #expect(html.contains("name=\"\(definition.key)\" type=\"text\""))
            }
        }
        for section in SettingSection.allCases { #expect(html.contains("<h2>\(section.title)</h2>")) }
        #expect(html.contains("<option selected>default</option>"))
    }

    @Test func aRefusedValueShowsTheStoresMessageAndKeepsTheDraft() throws {
        let web = try WebTestServer()
        let response = try web.postForm("/settings", [("heartRate.maximum", "abc"), ("units", "imperial")])
        #expect(response.status == 422)
        let html = response.text
        // The store's own message, next to the field that holds the draft; nothing saved.
        let expected = try #require({ if case .failure(let e) = Settings.maximumHeartRate.definition.parse("abc") { return e.message } else { return nil } }())
        #expect(html.contains(expected.replacingOccurrences(of: "\"", with: "&quot;")))
        #expect(html.contains("name=\"heartRate.maximum\" type=\"text\" inputmode=\"numeric\" value=\"abc\" aria-invalid=\"true\""))
        #expect(html.contains("<option value=\"imperial\" selected>"))   // the other draft stays too
        #expect(try web.settings().snapshot()[Settings.units] == "metric")
        // A rule between settings: resting must be below maximum.
        let rule = try web.postForm("/settings", [("heartRate.resting", "120"), ("heartRate.maximum", "110")])
        #expect(rule.status == 422 && rule.text.contains("must be below"))
        // Every problem at once: a bad number and a zone out of order in one save.
        let both = try web.postForm("/settings", [("heartRate.maximum", "abc"), ("heartRate.zone2", "40")])
        #expect(both.status == 422 && both.text.contains("it is not a whole number") && both.text.contains("heartRate.zone2 (40 %) must be above heartRate.zone1 (50 %)"))
    }

    /// In German the messages are German, and decimals are written and typed with a comma.
    @Test func germanMessagesAndDecimalCommas() throws {
        let web = try WebTestServer()
        try web.settings().set("language", text: "de")
        #expect(try web.client.get("/settings").text.contains("name=\"analysis.movingSpeed\" type=\"text\" inputmode=\"decimal\" value=\"0,5\""))
        #expect(try web.client.get("/settings").text.contains("% des Maximums"))   // units in German too
        let refused = try web.postForm("/settings", [("heartRate.maximum", "abc")])
        #expect(refused.status == 422)
        #expect(refused.text.contains("„abc“ geht nicht: das ist keine ganze Zahl; erlaubt ist eine ganze Zahl von 100 bis 230 (bpm)"))
        let decimal = try web.postForm("/settings", [("analysis.movingSpeed", "1,5"), ("map.regionGap", "2.5")])
        #expect(decimal.status == 303)
        #expect(try web.settings().snapshot()[Settings.movingSpeedThreshold] == 1.5)
        #expect(try web.settings().snapshot()[Settings.regionGap] == 2.5)
        let comma = try web.postForm("/settings", [("analysis.movingSpeed", "1,2,3")])
        #expect(comma.status == 422 && comma.text.contains("„1,2,3“ geht nicht: das ist keine Dezimalzahl"))
        let rule = try web.postForm("/settings", [("heartRate.zone3", "55")])
        #expect(rule.status == 422 && rule.text.contains("Zone 3 (55 %) muss über Zone 2 (60 %) beginnen"))
        // Every rule and every missing reference at once.
        let all = try web.postForm("/settings", [("heartRate.zone3", "55"), ("heartRate.zone4", "50"), ("search.defaultSet", "nope")])
        #expect(all.status == 422 && all.text.contains("Zone 3 (55 %) muss über Zone 2 (60 %) beginnen")
                && all.text.contains("Zone 4 (50 %) muss über Zone 3 (55 %) beginnen")
                && all.text.contains("„nope“ geht nicht: eine gespeicherte Suche mit diesem Namen gibt es nicht"), "\(all.text)")
        let resting = try web.postForm("/settings", [("heartRate.resting", "110"), ("heartRate.maximum", "105")])
        #expect(resting.status == 422 && resting.text.contains("Ruheherzfrequenz (110 bpm) muss unter Maximale Herzfrequenz (105 bpm) liegen"))
    }

    @Test func aSavedValueIsSeenByTheCLIAtOnceAndTheOtherWay() throws {
        let web = try WebTestServer()
        let saved = try web.postForm("/settings", [("units", "imperial"), ("heartRate.maximum", "184"), ("map.downloadTiles", "false")])
        #expect(saved.status == 303 && saved.header("location")?.hasPrefix("/settings?saved=1") == true)
        let store = try web.settings()   // another connection, as `runlog settings` has
        let reading = try store.read()
        #expect(reading.snapshot[Settings.units] == "imperial" && reading.snapshot[Settings.maximumHeartRate] == 184)
        // Unchanged values keep their origin: only what changed is the user's.
        #expect(reading.items.first { $0.definition.key == "map.downloadTiles" }?.origin == .default)
        #expect(reading.items.first { $0.definition.key == "units" }?.origin == .user)
        // A change from the CLI's side shows on the next page at once.
        _ = try web.client.get("/settings")
        try store.set("heartRate.maximum", text: "177")
        #expect(try web.client.get("/settings").text.contains("value=\"177\""))
        try store.set("language", text: "de")
        #expect(try web.client.get("/settings").text.contains("<html lang=\"de\">"))
    }

    @Test func cachedPagesFollowSettingsButNotOtherSharedStoreWrites() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        #expect(try web.client.get("/").status == 200)
        #expect(try web.client.get("/").status == 200)
        let settled = web.application.pool.generation
        // The live recording's state lives in the same store and is written up to 10 times a second.
        let shared = try SharedStore(path: web.settingsPath)
        for n in 0..<5 { try shared.write([.set(.int(n), forKey: "sequence", in: "live-test")]) }
        #expect(try web.client.get("/").status == 200)
        #expect(web.application.pool.generation == settled)
        // A setting does change what pages show: the next page is built again, in miles.
        try web.settings().set("units", text: "imperial")
        let page = try web.client.get("/").text
        #expect(web.application.pool.generation > settled)
        #expect(page.contains(" mi<") && !page.contains(" km<"))
    }

    @Test func analysisSettingsRecomputeTheRuns() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        let before = try web.library().run(id: 1).summary
        #expect(before.parameters.movingSpeedThresholdMetersPerSecond == 0.5)
        let response = try web.postForm("/settings", [("analysis.movingSpeed", "1.5")])
        #expect(response.status == 303 && response.header("location") == "/settings?saved=1&recomputing=1")
        #expect(web.application.recompute.waitUntilIdle(timeoutSeconds: 60))
        let after = try web.library().run(id: 1).summary
        #expect(after.parameters.movingSpeedThresholdMetersPerSecond == 1.5)
        // The run's numbers follow: a higher threshold never gives more moving time.
        #expect((after.movingTimeSeconds ?? 0) <= (before.movingTimeSeconds ?? 0))
        #expect(try web.client.get("/settings?saved=1&recomputed=1").text.contains("1 run recomputed with the new settings."))
    }

    /// A run whose original no longer reads keeps its numbers; the page says which (and the API lists it).
    @Test func runsThatCannotBeRecomputedAreNamed() throws {
        let web = try WebTestServer(files: [SharedData.repository("samples/runs/lunch-intervals.gpx"), SharedData.repository("samples/runs/morning-10k.gpx")])
        let damaged = try ExternalTools.run("/usr/bin/sqlite3", [web.libraryPath, "UPDATE originals SET data = x'789c0300' WHERE id = 2"])
        try #require(damaged.status == 0)
        let response = try web.postForm("/settings", [("analysis.movingSpeed", "1.5")])
        #expect(response.status == 303 && response.header("location") == "/settings?saved=1&recomputing=1")
        #expect(web.application.recompute.waitUntilIdle(timeoutSeconds: 60))
        let recompute = try web.client.get("/api/v1/settings/recompute").text
        #expect(recompute.contains("\"failed\":[{\"id\":2,"), "\(recompute)")
        let page = try web.client.get("/settings?saved=1&recomputed=1&failed=2,x<b>").text
        #expect(page.contains("Runs 2 could not be read again and keep the numbers of the earlier settings."))
        #expect(!page.contains("x<b>"))
        let api = try web.sendJSON("PUT", "/api/v1/settings", ["analysis.movingSpeed": 1.2])
        #expect(api.status == 202)
        #expect(web.application.recompute.waitUntilIdle(timeoutSeconds: 60))
        let again = try web.client.get("/api/v1/settings/recompute").text
        #expect(again.contains("\"failed\":[{\"id\":2,") && again.contains("\"recomputed\":1"), "\(again)")
    }

    @Test func profilesSwitchAndCreate() throws {
        let web = try WebTestServer()
        #expect(try web.postForm("/settings/profiles", [("name", "race")]).status == 303)
        #expect(try web.settings().activeProfile() == "race")
        #expect(try web.postForm("/settings/profile", [("profile", "default")]).status == 303)
        #expect(try web.settings().activeProfile() == "default")
        #expect(try web.postForm("/settings/profile", [("profile", "nope")]).status == 422)
        #expect(try web.client.get("/settings").text.contains("<option>race</option>"))
    }
}
