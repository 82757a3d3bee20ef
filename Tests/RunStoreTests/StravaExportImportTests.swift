import Foundation
import RunCore
import RunFormats
import RunStore
import RunStoreSQLite
import TestSupport
import Testing

/// The sample Strava export (../shared/corpus-fit-tcx/archives) through the importer: every row
/// becomes what its README table and `strava-export-sample.expected.json` say.
@Suite struct StravaExportImportTests {
    let directory = TemporaryDirectory()
    static let archive = SharedData.fitTCXRoot.appendingPathComponent("archives/strava-export-sample.zip").path

    struct Row: Decodable {
        var activity_id: Int64
        var name: String
        var type: String
        var gear: String
        var filename: String
        var start_utc: String
        var elapsed_s: Double?
        var distance_m: Double?
        var n_records_with_position: String?
        var decoder_status: String?
    }

    static func expected() throws -> [Row] {
        let data = try Data(contentsOf: SharedData.fitTCXRoot.appendingPathComponent("archives/strava-export-sample.expected.json"))
        return try JSONDecoder().decode([Row].self, from: data)
    }

    /// Description and private note of each row, read from the zip by Python's zipfile and csv (not by runlog).
    static func notes() throws -> [Int64: (description: String, privateNote: String)] {
        let script = """
            import csv, io, json, sys, zipfile
            rows = list(csv.reader(io.TextIOWrapper(zipfile.ZipFile(sys.argv[1]).open('activities.csv'), encoding='utf-8')))
            print(json.dumps({r[0]: [r[4], r[10]] for r in rows[1:]}))
            """
        let result = try ExternalTools.run("/usr/bin/python3", ["-c", script, archive])
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [String]] ?? [:]
        return Dictionary(uniqueKeysWithValues: object.map { (Int64($0.key) ?? 0, ($0.value[0], $0.value[1])) })
    }

    func importArchive(_ library: Library) throws -> (outcomes: [(String, Result<ImportResult, any Error>)], summary: ExportSummary) {
        var outcomes: [(String, Result<ImportResult, any Error>)] = []
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.archive))
        let summary = try RunImporter(library: library).importExport(.archive(data, name: "export.zip")) { outcomes.append(($0, $1)) }
        return (outcomes, summary)
    }

    @Test func everyRowBecomesWhatTheTableSays() throws {
        let library = try Library(path: directory.file("library.sqlite"))
        let (outcomes, summary) = try importArchive(library)
        #expect(summary.kind == .strava && summary.csvErrors.isEmpty)
        let runs = try library.runs()
        let notes = try Self.notes()
        let rows = try Self.expected()
        #expect(runs.count == rows.count, "\(runs.map(\.name))")
        for row in rows {
            let run = try #require(runs.first { $0.name == row.name }, "\(row.name)")
            #expect(run.gear == row.gear, "\(row.name)")
            #expect(run.chosenSport == Sport.fromGPXType(row.type) && run.chosenSport != nil, "\(row.name): \(row.type)")
            let (description, privateNote) = try #require(notes[row.activity_id])
            for text in [description, privateNote] where !text.isEmpty {
                #expect(run.notes.contains(text.trimmingCharacters(in: .whitespacesAndNewlines)), "\(row.name): \(run.notes)")
            }
            let start = try #require(DateTimeText.parse(row.start_utc)?.seconds)
            if row.decoder_status == "ok" || row.decoder_status?.hasPrefix("xml_error_strict") == true {
                // The device's session start as the SDK read it; runlog's (the first record) not before it.
                let deviceStart = run.summary.deviceTotals?.startTimeSeconds
                #expect(deviceStart == nil || abs(deviceStart! - start) <= 0.001, "\(row.name)")
                #expect((run.startTimeSeconds ?? 0) >= start - 1 && (run.startTimeSeconds ?? .infinity) < start + (row.elapsed_s ?? 0), "\(row.name)")
                #expect(run.summary.trackPointCount == Int(row.n_records_with_position ?? ""), "\(row.name)")
            } else {
                // No usable file (manual, or damaged): a run of the CSV's summary alone.
                #expect(run.startTimeSeconds == start, "\(row.name)")
                #expect(run.summary.sourceFormat == .manual)
                #expect(run.summary.elapsedTimeSeconds == row.elapsed_s, "\(row.name)")
                // The CSV's metres are written to a few centimetres (expected.json: the device's value).
                if let distance = row.distance_m { #expect(abs(run.summary.distanceMeters - distance) < 0.05) }
            }
        }
        // The damaged file's error is reported before its summary is kept.
        let failures = outcomes.filter { if case .failure = $0.1 { true } else { false } }
        #expect(failures.count == 1 && failures[0].0.hasSuffix("activities/2412000511.fit.gz"))
        if case .failure(let error) = failures.first?.1 { #expect((error as? ReadError)?.code == .undefinedMessage) }
    }

    @Test func aSecondImportAndTheUnpackedFolderAddNothing() throws {
        let library = try Library(path: directory.file("library.sqlite"))
        _ = try importArchive(library)
        let count = try library.count()
        let (again, _) = try importArchive(library)
        #expect(try library.count() == count)
        #expect(again.allSatisfy { (try? $0.1.get())?.imported.isEmpty ?? true })
        // Unpacked by Python: the same runs, all already there.
        let folder = directory.file("unpacked")
        let unzip = try ExternalTools.run("/usr/bin/python3", ["-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])",
                                                               Self.archive, folder])
        try #require(unzip.status == 0)
        var outcomes = 0
        _ = try RunImporter(library: library).importExport(.folder(folder)) { _, outcome in
            outcomes += 1
            #expect((try? outcome.get())?.imported.isEmpty ?? true)
        }
        let after = try library.count()
        #expect(outcomes == 15 && after == count)
    }

    /// The watch's file imported first, the export after: the stored run gets the export's name,
    /// notes and gear (its own were empty or the file's name), once.
    @Test func anExportCompletesRunsAlreadyStored() throws {
        let library = try Library(path: directory.file("library.sqlite"))
        let importer = RunImporter(library: library)
        let watch = try #require(try importer.importFile(atPath: SharedData.fitTCX("10kUNLP2014-Garmin15.fit")).imported.first)
        #expect(watch.name == "10kUNLP2014-Garmin15" && watch.gear.isEmpty && watch.notes.isEmpty)
        var completed: Set<Int64> = []
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.archive))
        _ = try importer.importExport(.archive(data, name: "export.zip")) { _, outcome in
            if let result = try? outcome.get() { completed.formUnion(result.completedFromExport) }
        }
        #expect(completed == [watch.id])
        let run = try library.run(id: watch.id)
        let notes = try Self.notes()
        #expect(run.name == "Night 10K race" && run.gear == "Trail shoes blue" && run.notes == notes[2231000101]?.description)
        // Once: a second import changes nothing.
        var again: Set<Int64> = []
        _ = try importer.importExport(.archive(data, name: "export.zip")) { _, outcome in
            if let result = try? outcome.get() { again.formUnion(result.completedFromExport) }
        }
        let after = try library.run(id: watch.id)
        #expect(again.isEmpty && after == run)
    }
}
