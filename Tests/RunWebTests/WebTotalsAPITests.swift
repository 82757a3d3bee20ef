import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import Testing
import TestSupport

/// `GET /api/v1/totals` and `GET /api/v1/calendar` over real HTTP: every dated run counted once, in
/// the period or on the day whose bounds hold its start (grouped here, from the library's runs), and
/// the refusals.
@Suite struct WebTotalsAPITests {
    @Test func yearsHoldEveryRunOnce() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx"), SharedData.corpus("gpsbabel-globalsat_gh625XT.gpx"),
                                            SharedData.corpus("coregpx-GPXTest-TrackPointOnly.gpx")])
        let runs = try web.library().runs().filter { $0.calendarStartSeconds != nil }
        #expect(runs.count >= 2)
        let answer = try web.client.get("/api/v1/totals?by=year")
        #expect(answer.status == 200, "\(answer.text)")
        let object = try #require(try answer.json() as? [String: Any])
        #expect(object["period"] as? String == "year")
        let rows = try #require(object["rows"] as? [[String: Any]])
        var spans: [Range<Double>] = []
        for row in rows {
            let start = DateTimeText.parse(row["periodStart"] as? String ?? "")?.seconds
            let end = DateTimeText.parse(row["periodEnd"] as? String ?? "")?.seconds
            spans.append(try #require(start) ..< (try #require(end)))
        }
        for (newer, older) in zip(spans, spans.dropFirst()) { #expect(older.upperBound == newer.lowerBound, "adjacent, newest first") }
        #expect(spans.first?.contains(Date().timeIntervalSince1970) == true, "up to the current year")
        for (index, span) in spans.enumerated() {
            let mine = runs.filter { span.contains($0.calendarStartSeconds!) }
            let totals = try #require(rows[index]["totals"] as? [String: Any])
            #expect(totals["runCount"] as? Int == mine.count)
            let meters = mine.map(\.summary.distanceMeters).reduce(0, +)
            #expect(abs((totals["distanceMeters"] as? Double ?? -1) - meters) < 1e-6 * max(1, meters))
        }
        #expect(rows.compactMap { ($0["totals"] as? [String: Any])?["runCount"] as? Int }.reduce(0, +) == runs.count, "each run once")

        let running = try #require(try web.client.get("/api/v1/totals?by=month&last=2&sport=running,cycling").json() as? [String: Any])
        #expect(running["sports"] as? [String] == ["running", "cycling"])
        #expect((running["rows"] as? [Any])?.count == 2)
    }

    @Test func theCalendarShowsARunOnItsLocalDay() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        let run = try #require(try web.library().runs().first { $0.calendarStartSeconds != nil })
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current   // the server's
        let local = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: run.calendarStartSeconds!))
        let month = String(format: "%04d-%02d", local.year!, local.month!)
        let answer = try #require(try web.client.get("/api/v1/calendar?month=" + month).json() as? [String: Any])
        #expect(answer["year"] as? Int == local.year && answer["month"] as? Int == local.month)
        var found: [String] = []
        for week in answer["rows"] as? [[String: Any]] ?? [] {
            for day in week["days"] as? [[String: Any]] ?? [] where (day["runs"] as? [[String: Any]] ?? []).contains(where: { $0["id"] as? Int == Int(run.id) }) {
                found.append(day["date"] as? String ?? "")
            }
        }
        #expect(found == [String(format: "%04d-%02d-%02d", local.year!, local.month!, local.day!)])
        #expect(try web.client.get("/api/v1/calendar?month=2026-13").status == 400)
        #expect(try web.client.get("/api/v1/calendar").status == 200, "this month")
    }

    @Test func refusalsNameTheParameter() throws {
        let web = try WebTestServer(files: [])
        for (query, parameter) in [("by=fortnight", "by"), ("last=0", "last"), ("last=1001", "last"), ("sport=skating", "sport")] {
            let answer = try web.client.get("/api/v1/totals?" + query)
            #expect(answer.status == 400, "\(query): \(answer.status)")
            let message = ((try? answer.json() as? [String: Any])?["error"] as? [String: Any])?["message"] as? String ?? answer.text
            #expect(message.hasPrefix("\(parameter) cannot be"), "\(query): \(answer.text)")
        }
    }
}
