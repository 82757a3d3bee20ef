import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunUI
import RunWeb
import Testing
import TestSupport

/// Every page over real HTTP on 127.0.0.1: status, type, headers, and what it shows.
@Suite struct WebPagesTests {
    @Test func everyPageAnswersWithSecurityHeaders() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        for path in ["/", "/runs/1", "/settings", "/import", "/runs/1/delete", "/?page=1"] {
            let response = try web.client.get(path)
            #expect(response.status == 200, "\(path)")
            #expect(response.header("content-type") == "text/html; charset=utf-8", "\(path)")
            let policy = try #require(response.header("content-security-policy"), "\(path)")
            #expect(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'") && policy.contains("style-src 'self'"))
            #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
            #expect(response.header("x-content-type-options") == "nosniff")
            #expect(response.header("referrer-policy") == "same-origin")
            #expect(response.header("x-frame-options") == "DENY")
            // A request without a session gets one: its cookie (HttpOnly, SameSite=Strict), its token in the page.
            let cookie = try #require(response.header("set-cookie"), "\(path)")
            #expect(cookie.hasPrefix("runlog_session=") && cookie.contains("; HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(!cookie.contains(web.session.id) && !response.text.contains(web.token))
            // One that names its session keeps it and sees its own token.
            let again = try web.client.get(path, headers: ["Cookie": web.cookie])
            #expect(again.header("set-cookie") == nil && again.text.contains("name=\"csrf-token\" content=\"\(web.token)\""), "\(path)")
            // No inline script or style anywhere: scripts and styles come from /static.
            #expect(!response.text.contains("<script>") && !response.text.contains("<style") && !response.text.contains(" style=\""))
            #expect(!response.text.contains("http://") || !response.text.contains("//cdn"), "no CDN")
        }
    }

    @Test func staticFilesAreFixedRoutesOnly() throws {
        let web = try WebTestServer()
        let css = try web.client.get("/static/app.css")
        #expect(css.status == 200 && css.header("content-type") == "text/css; charset=utf-8" && css.text.contains("prefers-color-scheme: dark"))
        let js = try web.client.get("/static/app.js")
        #expect(js.status == 200 && js.header("content-type") == "text/javascript; charset=utf-8" && js.text.contains("navigator.canShare"))
        let again = try web.client.get("/static/app.css", headers: ["If-None-Match": try #require(css.header("etag"))])
        #expect(again.status == 304)
        if FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js") {
            let leaflet = try web.client.get("/static/leaflet/leaflet.js")
            #expect(leaflet.status == 200 && leaflet.body == Array(FileManager.default.contents(atPath: "/usr/share/javascript/leaflet/leaflet.js")!))
        }
        // No request path reaches the file system.
        for path in ["/static/../../../../etc/passwd", "/static/leaflet/../../../../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
                     "/static/leaflet/leaflet.js.map", "/etc/passwd", "/static/leaflet/LICENSE", "/static/"] {
            let response = try web.client.get(path)
            #expect(response.status == 404, "\(path)")
            #expect(!response.text.contains("root:"), "\(path)")
        }
        // A run that is not there: said for people (no CLI hint), in the interface language.
        let missing = try web.client.get("/runs/999")
        #expect(missing.status == 404 && missing.text.contains("There is no such run in the library") && !missing.text.contains("runlog list"))
        try web.settings().set("language", text: "de")
        #expect(try web.client.get("/runs/999").text.contains("Diesen Lauf gibt es in der Bibliothek nicht"))
    }

    @Test func runsPageHasThisWeekThenMonthsWithTotals() throws {
        let web = try WebTestServer()
        let library = try web.library()
        let importer = RunImporter(library: library)
        // One run that started seconds ago (this week, whatever the day), one on 2024-03-05.
        let recent = Date().addingTimeInterval(-5)
        _ = try importer.importBytes(GeneratedGPX.equatorRun(name: "Recent", start: recent), fileName: "recent.gpx")
        _ = try importer.importBytes(GeneratedGPX.equatorRun(name: "Old", start: ISO8601DateFormatter().date(from: "2024-03-05T07:00:00Z")!),
                                     fileName: "old.gpx")
        let page = try web.client.get("/").text
        let week = try #require(page.range(of: "id=\"this-week\""))
        let march = try #require(page.range(of: "id=\"month-2024-03\""))
        #expect(week.lowerBound < march.lowerBound)
        #expect(page.contains("<tr id=\"week-run-1\">") && !page.contains("<tr id=\"week-run-2\">"))
        // 99 steps of 111.319 m = 11.02 km, one run in March 2024.
        #expect(page.contains("1 run, 11.02 km"))
        #expect(page.contains("<a href=\"/runs/2\">Old</a>"))
    }

    /// A run analysed with other settings says so on its page in words, not with the CLI's command.
    @Test func aStaleRunSaysSoWithoutACommand() throws {
        let web = try WebTestServer()
        let start = ISO8601DateFormatter().date(from: "2025-01-01T07:00:00Z")!
        _ = try RunImporter(library: try web.library()).importBytes(GeneratedGPX.equatorRun(name: "Old", start: start, points: 10), fileName: "old.gpx")
        try web.settings().set("heartRate.maximum", text: "170")   // other settings than the run's analysis: stale
        let page = try web.client.get("/runs/1").text
        #expect(page.contains("its numbers are updated when it is reanalysed") && !page.contains("runlog reanalyze"), "\(page)")
    }

    @Test func runsPageIsPagedByTheSetting() throws {
        let web = try WebTestServer()
        let importer = RunImporter(library: try web.library())
        let start = ISO8601DateFormatter().date(from: "2025-01-01T07:00:00Z")!
        for day in 0..<12 {
            _ = try importer.importBytes(GeneratedGPX.equatorRun(name: "Day \(day)", start: start.addingTimeInterval(Double(day) * 86400), points: 10),
                                         fileName: "day\(day).gpx")
        }
        try web.settings().set("list.pageSize", text: "10")
        let first = try web.client.get("/").text
        let second = try web.client.get("/?page=2").text
        func rows(_ html: String) -> Int { html.components(separatedBy: "<tr id=\"run-").count - 1 }
        #expect(rows(first) == 10 && rows(second) == 2)
        // Newest first: page 2 has the two oldest; the January section's totals count all 12 on both pages.
        #expect(second.contains("Day 1<") && second.contains("Day 0<") && !second.contains("Day 2<"))
        #expect(first.contains("12 runs,") && second.contains("12 runs,"))
        #expect(first.contains("rel=\"next\"") && second.contains("rel=\"prev\""))
        #expect(try web.client.get("/?page=3").status == 404)
        #expect(try web.client.get("/?page=zero").status == 400)
    }

    @Test func runPageDrawsTheMapWithMarkersByCategory() throws {
        let web = try WebTestServer()
        let gpx = GeneratedGPX.equatorRun(name: "Equator", start: Date(timeIntervalSince1970: 1_700_000_000),
                                          waypoints: [("Fountain", "Drinking Water", 0.02), ("Top", "Summit", 0.05), ("Gate", "Danger Area", 0.08)])
        _ = try RunImporter(library: try web.library()).importBytes(gpx, fileName: "equator.gpx")
        let page = try web.client.get("/runs/1").text
        // 11 020 m: a marker at each of the 11 whole kilometres, one start, one finish, no pause.
        #expect(page.components(separatedBy: "class=\"marker marker-distance\"").count - 1 == 11)
        #expect(page.components(separatedBy: "class=\"marker marker-start\"").count - 1 == 1)
        #expect(page.components(separatedBy: "class=\"marker marker-finish\"").count - 1 == 1)
        #expect(!page.contains("marker-pause"))
        for category in ["waypoint-water", "waypoint-summit", "waypoint-danger"] {
            #expect(page.contains("class=\"marker marker-\(category)\""), "\(category)")
            #expect(page.contains("<li class=\"\(category)\">"), "legend \(category)")
        }
        #expect(page.contains("<title>Fountain (Drinking Water)</title>"))
        // A straight line simplifies to its two ends; a scale bar; charts of pace and elevation, no heart rate.
        #expect(page.contains("class=\"scale\"") && page.contains("<polyline points=\""))
        let line = try #require(page.range(of: "<polyline points=\"")).upperBound
        #expect(page[line...].prefix { $0 != "\"" }.split(separator: " ").count == 2)
        #expect(page.contains("chart-pace") && page.contains("chart-elevation") && !page.contains("chart-heartRate"))
        #expect(page.contains("Splits per kilometre"))
        // In miles: 11 020 m / 1609.344 m = 6.85, so 6 markers.
        try web.settings().set("units", text: "imperial")
        let imperial = try web.client.get("/runs/1").text
        #expect(imperial.components(separatedBy: "class=\"marker marker-distance\"").count - 1 == 6)
        #expect(imperial.contains("Splits per mile"))
    }

    @Test func interactiveMapOnlyWithTilesOn() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        #expect(!(try web.client.get("/runs/1").text.contains("interactive-map")))
        guard FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js") else { return }
        try web.settings().set("map.downloadTiles", text: "on")
        let response = try web.client.get("/runs/1")
        #expect(response.text.contains("id=\"interactive-map\"") && response.text.contains("/static/leaflet/leaflet.js"))
        let policy = try #require(response.header("content-security-policy"))
        #expect(policy.contains("img-src 'self' data: https://tile.openstreetmap.org;"))
        #expect(!policy.contains("script-src 'self' https"))
        // A tile server with characters that would change the policy is not used.
        try web.settings().set("map.tileURL", text: "https://evil;script-src:*/{z}/{x}/{y}.png")
        let refused = try web.client.get("/runs/1")
        #expect(!refused.text.contains("interactive-map") && refused.header("content-security-policy")?.contains("evil") == false)
    }

    @Test func pagesFollowTheLanguageSetting() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        try web.settings().set("language", text: "de")
        let runs = try web.client.get("/").text
        #expect(runs.contains("<html lang=\"de\">") && runs.contains(">Läufe</a>") && runs.contains("Diese Woche"))
        let settings = try web.client.get("/settings").text
        #expect(settings.contains("Maximale Herzfrequenz") && settings.contains("<h2>Auswertung</h2>"))
        #expect(try web.client.get("/nope").text.contains("Nicht gefunden"))
    }
}
