import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// The training pages (issue 15): the home page's overview, the calendar and the totals, over real
/// HTTP. A generated run is 99 steps of 111.319 m along the equator: 11.02 km.
@Suite struct WebTrainingPagesTests {
    static func occurrences(of needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func server() throws -> WebTestServer {
        let web = try WebTestServer()
        let importer = RunImporter(library: try web.library())
        _ = try importer.importBytes(GeneratedGPX.equatorRun(name: "Recent", start: Date().addingTimeInterval(-5)), fileName: "recent.gpx")
        _ = try importer.importBytes(GeneratedGPX.equatorRun(name: "Old", start: ISO8601DateFormatter().date(from: "2024-03-05T07:00:00Z")!),
                                     fileName: "old.gpx")
        return web
    }

    @Test func theHomePageOpensWithTheOverview() throws {
        let web = try server()
        let page = try web.client.get("/").text
        let overview = try #require(page.range(of: "id=\"overview\""))
        let week = try #require(page.range(of: "id=\"this-week\""))
        #expect(overview.lowerBound < week.lowerBound, "the overview comes first")
        for title in ["This week", "Last 4 weeks", "This year"] {
            #expect(page.contains("<div class=\"tile\"><h2>\(title)</h2><p>1 run, 11.02 km"), "\(title)")
        }
        // 12 weeks; January to this month (the server's time zone is the test's).
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let month = calendar.component(.month, from: Date())
        let weekly = try #require(page.range(of: "chart-bars chart-weeks"))
        let monthly = try #require(page.range(of: "chart-bars chart-months"))
        #expect(Self.occurrences(of: "<g class=\"bar-group\">", in: String(page[weekly.lowerBound..<monthly.lowerBound])) == 12)
        #expect(Self.occurrences(of: "<g class=\"bar-group\">", in: String(page[monthly.lowerBound...])) == month)
        #expect(Self.occurrences(of: "<rect class=\"bar sport-running\"", in: page) == 2, "one bar in each chart: the recent run")
        #expect(page.contains("href=\"/calendar\"") && page.contains("href=\"/totals\""), "in the navigation")
    }

    @Test func theCalendarLinksEachRunOnItsDay() throws {
        let web = try server()
        let page = try web.client.get("/calendar?month=2024-03").text
        #expect(page.contains("<h1>March 2024</h1>"))
        #expect(page.contains("<span class=\"day-number\">5</span><a class=\"day-run sport-running\" href=\"/runs/2\" title=\"Old, 11.02 km\">11.0</a>"), "\(page)")
        #expect(page.contains("href=\"/calendar?month=2024-02\"") && page.contains("href=\"/calendar?month=2024-04\""))
        #expect(Self.occurrences(of: "class=\"day-run", in: page) == 1)
        #expect(try web.client.get("/calendar?month=2024-3").status == 400)
        #expect(try web.client.get("/calendar").status == 200)
    }

    @Test func theTotalsPage() throws {
        let web = try server()
        let page = try web.client.get("/totals?by=year").text
        #expect(page.contains("<h2>Yearly totals</h2>"))
        #expect(page.contains("<tr id=\"year-2024-01-01\">"), "every year back to the first run's")
        #expect(try web.client.get("/totals?by=fortnight").status == 400)
        #expect(try web.client.get("/totals").text.contains("<h2>Monthly totals</h2>"), "months by default")
    }
}
