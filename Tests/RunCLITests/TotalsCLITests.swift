import Foundation
import RunCLI
import RunStoreSQLite
import Testing
import TestSupport

/// `runlog totals` over the sample runs: each month's totals equal the sums, made here, of the runs
/// `runlog list --json` shows in that month; the options' refusals.
@Suite struct TotalsCLITests {
    let home = TemporaryDirectory("runlog-totals")
    /// Sunday 20 September 2026, the day after the newest sample run.
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC", "RUNLOG_NOW": "2026-09-20T12:00:00Z"] }

    func run(_ arguments: String...) -> (status: Int32, out: String, err: String) { run(arguments) }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test func monthsAreTheSumsOfTheirRuns() throws {
        #expect(run("import", SharedData.repository("samples/runs")).status == 0)
        // The runs, each with its month (UTC: TZ is UTC) from its ISO 8601 start.
        let listed = try object(run("list", "--json").out)
        var expected: [String: (count: Int, meters: Double, seconds: Double)] = [:]
        for section in listed["sections"] as? [[String: Any]] ?? [] where (section["id"] as? String)?.hasPrefix("month-") == true {
            for row in section["rows"] as? [[String: Any]] ?? [] {
                let month = String(try #require(row["startTime"] as? String).prefix(7))
                var sums = expected[month] ?? (0, 0, 0)
                sums.count += 1
                sums.meters += try #require(row["distanceMeters"] as? Double)
                sums.seconds += try #require(row["movingTimeSeconds"] as? Double)
                expected[month] = sums
            }
        }
        #expect(expected.values.map(\.count).reduce(0, +) == 4, "the four sample runs")

        let result = run("totals", "--by", "month", "--last", "6", "--json")
        #expect(result.status == 0, "\(result.err)")
        let section = try #require((try object(result.out))["sections"] as? [[String: Any]]).first ?? [:]
        #expect(section["id"] as? String == "totals-month" && section["period"] as? String == "month")
        let rows = try #require(section["rows"] as? [[String: Any]])
        #expect(rows.map { String(($0["periodStart"] as? String ?? "").prefix(7)) }
                == ["2026-09", "2026-08", "2026-07", "2026-06", "2026-05", "2026-04"])
        var previousMeters: Double?
        for row in rows.reversed() {
            let month = String((row["periodStart"] as? String ?? "").prefix(7))
            let totals = try #require(row["totals"] as? [String: Any])
            let sums = expected[month] ?? (0, 0, 0)
            #expect(totals["runCount"] as? Int == sums.count, "\(month)")
            #expect(abs((totals["distanceMeters"] as? Double ?? -1) - sums.meters) < 1e-6, "\(month)")
            if sums.count > 0 { #expect(abs((totals["movingTimeSeconds"] as? Double ?? -1) - sums.seconds) < 1e-6, "\(month)") }
            if let previousMeters {
                let change = try #require(row["change"] as? [String: Any])
                #expect(abs((change["distanceMeters"] as? Double ?? .nan) - (sums.meters - previousMeters)) < 1e-6, "\(month)")
            }
            previousMeters = sums.meters
        }

        let text = run("totals", "--by", "month", "--last", "2")
        #expect(text.out.hasPrefix("Monthly totals — All sports\n"), "\(text.out)")
        #expect(text.out.contains("September 2026"))
        #expect(!text.out.contains("July 2026"), "two months only")
        #expect(run("totals", "--sport", "cycling", "--by", "year").out.contains("2026     0"), "no ride among the samples")
    }

    /// The load of the sample runs: one row per day up to today, each day's load the sum of its
    /// runs' TRIMP, and a run with heart rate not estimated.
    @Test func loadDaysAreTheSumsOfTheirRuns() throws {
        #expect(run("import", SharedData.repository("samples/runs")).status == 0)
        let result = run("load", "--days", "200", "--json")
        #expect(result.status == 0, "\(result.err)")
        let section = try #require((try object(result.out))["sections"] as? [[String: Any]]).first ?? [:]
        let rows = try #require(section["rows"] as? [[String: Any]])
        #expect(rows.count == 155 && rows.first?["date"] as? String == "2026-09-20", "from the first run's day (19 April) to RUNLOG_NOW's (20 September): 155 days, newest first")
        var runCount = 0
        for row in rows {
            let runs = row["runs"] as? [[String: Any]] ?? []
            runCount += runs.count
            let sum = runs.compactMap { $0["trimp"] as? Double }.reduce(0, +)
            #expect(abs((row["load"] as? Double ?? -1) - sum) < 1e-9, "\(row["date"] ?? "")")
        }
        #expect(runCount == 4, "the four sample runs")
        #expect(section["weighting"] as? String == "men" && section["restingHeartRateBPM"] as? Double == 60)
    }

    @Test func refusals() {
        for arguments in [["--by", "fortnight"], ["--last", "0"], ["--last", "1001"], ["--last", "x"], ["--sport", "skating"]] {
            let result = run(["totals"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.err)")
            #expect(result.err.contains(arguments[0]), "\(arguments): \(result.err)")
        }
        for days in ["0", "3661", "x"] {
            let result = run(["load", "--days", days])
            #expect(result.status == 64 && result.err.contains("--days"), "\(days): \(result.err)")
        }
        // Without a library: one week of zeros, not an error.
        let empty = run("totals", "--by", "week", "--last", "1", "--json")
        #expect(empty.status == 0, "\(empty.err)")
        let rows = ((try? object(empty.out))?["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]]
        #expect(rows?.count == 1 && (rows?.first?["totals"] as? [String: Any])?["runCount"] as? Int == 0, "\(empty.out)")
    }

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }
}
