import Foundation
import RunCLI
import RunStoreSQLite
import Testing
import TestSupport

/// `runlog calendar` over the sample runs: every run of the month on the day `list --json` gives
/// it, each week's distance the sum (made here) of its days' runs; the refusals.
@Suite struct CalendarCLITests {
    let home = TemporaryDirectory("runlog-calendar")
    /// Sunday 20 September 2026, the day after the newest sample run.
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC", "RUNLOG_NOW": "2026-09-20T12:00:00Z"] }

    func run(_ arguments: String...) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test func everyRunOnItsDay() throws {
        #expect(run("import", SharedData.repository("samples/runs")).status == 0)
        var runsByDay: [String: [(id: Int, meters: Double)]] = [:]
        for section in try object(run("list", "--json").out)["sections"] as? [[String: Any]] ?? [] where (section["id"] as? String)?.hasPrefix("month-") == true {
            for row in section["rows"] as? [[String: Any]] ?? [] {
                let day = String(try #require(row["startTime"] as? String).prefix(10))
                runsByDay[day, default: []].append((try #require(row["id"] as? Int), try #require(row["distanceMeters"] as? Double)))
            }
        }
        for month in Set(runsByDay.keys.map { String($0.prefix(7)) }) {
            let result = run("calendar", month, "--json")
            #expect(result.status == 0, "\(result.err)")
            let section = try #require((try object(result.out))["sections"] as? [[String: Any]]).first ?? [:]
            var seen = 0
            for week in section["rows"] as? [[String: Any]] ?? [] {
                var weekMeters = 0.0
                for day in week["days"] as? [[String: Any]] ?? [] {
                    let date = try #require(day["date"] as? String)
                    let runs = day["runs"] as? [[String: Any]] ?? []
                    #expect(runs.compactMap { $0["id"] as? Int }.sorted() == (runsByDay[date] ?? []).map(\.id).sorted(), "\(date)")
                    weekMeters += (runsByDay[date] ?? []).map(\.meters).reduce(0, +)
                    if day["inMonth"] as? Bool == true { seen += runs.count }
                    #expect((day["inMonth"] as? Bool) == date.hasPrefix(month), "\(date)")
                }
                let totals = try #require(week["totals"] as? [String: Any])
                #expect(abs((totals["distanceMeters"] as? Double ?? -1) - weekMeters) < 1e-6)
            }
            #expect(seen == runsByDay.filter { $0.key.hasPrefix(month) }.map(\.value.count).reduce(0, +), "\(month)")
        }
        let september = run("calendar")
        #expect(september.out.hasPrefix("September 2026 — 1 run, 8.20 km"), "this month by default: \(september.out)")
        #expect(september.out.contains("19 8.2"), "\(september.out)")
    }

    @Test func refusals() {
        for text in ["2026-13", "september", "2026-9"] {
            let result = run("calendar", text)
            #expect(result.status == 64 && result.err.contains("YYYY-MM"), "\(text): \(result.err)")
        }
        #expect(run("calendar", "2026-09", "2026-10").status == 64)
    }
}
