import RunStoreSQLite
import Foundation
import RunCLI
import TestSupport
import Testing

/// `runlog records` over the whole corpus — rides, drives, swims, windsurfing, logger dumps and
/// runs — lists for running only efforts from runs, none faster than the world record at its
/// distance; asked for rides, only rides'.
@Suite struct CorpusRecordsTests {
    let home = TemporaryDirectory("runlog-records")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC"] }

    func run(_ arguments: [String]) -> (status: Int32, out: String) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText)
    }

    /// Men's world records (World Athletics, as of 2025), seconds: 400 m 43.03 (van Niekerk 2016),
    /// 1000 m 2:11.96 (Ngeny 1999), mile 3:43.13 (El Guerrouj 1999), 5000 m 12:35.36 and 10,000 m
    /// 26:11.00 (Cheptegei 2020), half marathon 56:42 (Kiplimo 2025), marathon 2:00:35 (Kiptum 2023).
    static let worldRecords: [Double: Double] = [400: 43.03, 1000: 131.96, 1609.344: 223.13, 5000: 755.36, 10_000: 1571,
                                                  21_097.5: 3402, 42_195: 7235]

    func object(_ text: String) throws -> [String: Any] { try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) }

    @Test func recordsOverTheWholeCorpusAreOfTheSportAskedForAndNeverFasterThanTheWorldRecord() throws {
        #expect(run(["import", "--skip-invalid-points", SharedData.corpusFiles.path]).status == 1)   // the one file not well-formed
        for (sports, asked) in [(["running", "trailRunning"], "running"), (["cycling"], "cycling")] {
            let records = run(["records", "--json", "--sport", asked])
            try #require(records.status == 0)
            let sections = try #require((try object(records.out))["sections"] as? [[String: Any]])
            let list = try #require(sections.first?["rows"] as? [[String: Any]])
            #expect(!list.isEmpty, "\(asked)")
            for record in list {
                let distance = try #require(record["distanceMeters"] as? Double)
                let seconds = try #require(record["elapsedTimeSeconds"] as? Double)
                let id = try #require(record["runId"] as? Int)
                let shown = try object(run(["show", "--json", String(id)]).out)
                #expect(sports.contains(shown["sport"] as? String ?? ""), "\(asked) record at \(distance) m from run \(id): \(shown["sport"] ?? "")")
                if asked == "running", let record = Self.worldRecords[distance] {
                    #expect(seconds >= record, "\(distance) m in \(seconds) s from run \(id) (\(shown["name"] ?? ""))")
                }
            }
        }
    }
}
