import Foundation
import RunCore
import RunFormats
import RunStore
import RunStoreSQLite
import TestSupport
import Testing

@Suite struct LibraryTests {
    let directory = TemporaryDirectory()
    var libraryPath: String { directory.file("runlog/library.sqlite") }

    func openLibrary() throws -> Library { try Library(path: libraryPath) }

    static let sampleFiles = ["georust-garmin_with_extensions.gpx", "sportslib-movescount.gpx", "togeojson-blue_hills.gpx",
                              "gpsbabel-expertgps.gpx", "sportslib-6090674952.gpx", "togeojson-style.gpx",
                              "gpxpy-track-with-empty-segment.gpx", "gpsbabel-basecamp.gpx"]

    /// Files without track or route points (waypoints, metadata) are not runs: refused, nothing stored.
    @Test(arguments: ["gpxpy-unicode2.gpx", "goldencheetah-MetadataOnly.gpx", "gpsbabel-GCGCA8.gpx"])
    func filesWithoutTrackPointsAreNotRuns(name: String) throws {
        let library = try openLibrary()
        let error = try #require(throws: LibraryError.self) { try RunImporter(library: library).importFile(atPath: SharedData.corpus(name)) }
        #expect(error.code == .noTrackPoints)
        #expect(try library.count() == 0)
    }

    /// A file of routes only (a planned route, or a device's track saved as a route) is kept as a
    /// route: exportable, measured by its routes, never an activity.
    @Test(arguments: ["gpxpod-testFile3Route.gpx", "gpsbabel-unknowntag.gpx"])
    func filesOfRoutesOnlyAreKeptAsRoutes(name: String) throws {
        let library = try openLibrary()
        let path = SharedData.corpus(name)
        let runs = try RunImporter(library: library).importFile(atPath: path).imported
        try #require(runs.count == 1)
        let read = try GPXReader().read(fileAt: path).activity
        #expect(runs[0].isRoute && abs(runs[0].summary.distanceMeters - runs[0].summary.routeDistanceMeters) <= 1e-6 * runs[0].summary.routeDistanceMeters)
        #expect(runs[0].summary.routePointCount == read.routePointCount && runs[0].summary.trackPointCount == 0)
        #expect(try library.activity(id: runs[0].id).routes == read.routes)
        // A route is no one's effort, even when its planner wrote times.
        #expect(try library.records(sports: nil).allSatisfy { $0.runID != runs[0].id })
    }

    @Test(arguments: sampleFiles)
    func storesTheRunWholeAndTheOriginalByteForByte(name: String) throws {
        let library = try openLibrary()
        let path = SharedData.corpus(name)
        var whole = ImportOptions()
        whole.splitsActivities = false   // the file as one run, to compare with the file read
        let outcome = try RunImporter(library: library, options: whole).importFile(atPath: path).outcomes[0]
        guard case .imported(let run) = outcome else { Issue.record("not imported: \(outcome)"); return }
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try library.original(id: run.id) == original)
        let read = try GPXReader().read(fileAt: path)
        #expect(try library.activity(id: run.id) == read.activity)
        #expect(run.summary == ActivityAnalyzer.analyze(read.activity, fileName: name).summary)
        #expect(run.sourceName == name)
        // Exporting streams the stored segments and gives what the writer gives for the parsed file.
        let fromLibrary = MemoryOutput(), direct = MemoryOutput()
        _ = try library.exportGPX(id: run.id, to: fromLibrary)
        try GPXWriter.write(read.activity, to: direct)
        #expect(fromLibrary.bytes == direct.bytes)
    }

    @Test func runNumbersStartAtOneAndAreNeverReused() throws {
        let library = try openLibrary()
        let importer = RunImporter(library: library)
        let names = ["togeojson-run.gpx", "sportslib-garmin.gpx", "gpxpy-Mojstrovka.gpx"]
        var ids: [Int64] = []
        for name in names {
            if case .imported(let run) = try importer.importFile(atPath: SharedData.corpus(name)).outcomes[0] { ids.append(run.id) }
        }
        #expect(ids == [1, 2, 3])
        try library.delete(id: 3)
        #expect(throws: LibraryError.self) { try library.run(id: 3) }
        if case .imported(let run) = try importer.importFile(atPath: SharedData.corpus(names[2])).outcomes[0] { #expect(run.id == 4) }
        // Newest first by start time.
        #expect(try library.runs().map(\.id) == [2, 1, 4])
        #expect(throws: LibraryError.self) { try library.delete(id: 99) }
    }

    @Test func sameBytesAreSkippedAndSameRunIsAProbableDuplicate() throws {
        let library = try openLibrary()
        let path = SharedData.corpus("togeojson-run.gpx")
        guard case .imported(let first) = try RunImporter(library: library).importFile(atPath: path).outcomes[0] else { Issue.record("first"); return }
        guard case .duplicate(let existing) = try RunImporter(library: library).importFile(atPath: path).outcomes[0] else { Issue.record("dup"); return }
        #expect(existing.id == first.id)
        // The same run exported by another program: other bytes, same start, same distance.
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "creator=\"", with: "creator=\"re-exported by ")
        let copy = try directory.write("copy.gpx", text)
        guard case .probableDuplicate(let match) = try RunImporter(library: library).importFile(atPath: copy).outcomes[0] else {
            Issue.record("probable duplicate not detected"); return
        }
        #expect(match.id == first.id)
        #expect(try library.count() == 1)
        let allowing = RunImporter(library: library, options: ImportOptions(importsProbableDuplicates: true))
        guard case .imported = try allowing.importFile(atPath: copy).outcomes[0] else { Issue.record("not imported on request"); return }
        #expect(try library.count() == 2)
    }

    @Test func aFileThatCannotBeReadStoresNothing() throws {
        let library = try openLibrary()
        _ = try RunImporter(library: library).importFile(atPath: SharedData.corpus("togeojson-run.gpx"))
        for bad in ["21a-xxe.gpx", "21b-bomb.gpx"] {
            #expect(throws: ReadError.self) { try RunImporter(library: library).importFile(atPath: SharedData.caseInput(bad)) }
        }
        #expect(throws: ReadError.self) { try RunImporter(library: library).importFile(atPath: SharedData.corpus("gpxstudio-with_power_2.gpx")) }
        #expect(try library.count() == 1)
    }

    @Test func invalidPointsAreSkippedOnlyOnRequest() throws {
        let library = try openLibrary()
        let path = directory.file("bad-latitude.gpx")
        let points = ["<trkpt lat=\"48\" lon=\"11\"/>", "<trkpt lat=\"95\" lon=\"11\"/>", "<trkpt lat=\"48.001\" lon=\"11\"/>",
                      "<trkpt lat=\"-91\" lon=\"11\"/>", "<trkpt lat=\"48.002\" lon=\"11\"/>", "<trkpt lat=\"48.003\" lon=\"11\"/>"]
        try Data(("<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
                  + points.joined() + "</trkseg></trk></gpx>").utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ReadError.self) { try RunImporter(library: library).importFile(atPath: path) }
        let importer = RunImporter(library: library, options: ImportOptions(skipsInvalidPoints: true))
        guard case .imported(let run) = try importer.importFile(atPath: path).outcomes[0] else { Issue.record("not imported"); return }
        #expect(run.summary.trackPointCount == 4)
        #expect(run.diagnostics.first?.code == "invalidPointsSkipped")
        // The original keeps the skipped points.
        #expect(try library.original(id: run.id) == Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// A library written by schema 1 (no stored analysis, no best efforts, summaries of method 1)
    /// opens, lists, and is brought up to date by reanalysis from the stored originals.
    @Test func schemaOneLibrariesMigrateAndReanalyse() throws {
        try OldLibrary.makeSchemaFour(at: libraryPath, files: [SharedData.repository("samples/runs/morning-10k.gpx")])
        let downgrade = try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, """
            DROP TABLE best_efforts;
            ALTER TABLE runs DROP COLUMN analysis_json;
            ALTER TABLE runs DROP COLUMN skips_invalid_points;
            ALTER TABLE runs DROP COLUMN notes;
            DROP TABLE search_sets;
            UPDATE runs SET summary_json = '{"distanceMeters":10000,"trackPointCount":3205,"parameters":{"methodVersion":1}}';
            PRAGMA user_version = 1;
            """])
        try #require(downgrade.status == 0, "\(downgrade.error)")
        let library = try openLibrary()
        let old = try library.run(id: 1)
        #expect(old.summary.distanceMeters == 10_000 && old.summary.parameters.methodVersion == 1)
        #expect(try library.analysis(id: 1) == nil)
        #expect(try library.records().isEmpty)
        let reanalyzer = RunReanalyzer(library: library)
        #expect(try reanalyzer.staleRunIDs() == [1])
        let analysis = try reanalyzer.reanalyze(id: 1)
        #expect(try reanalyzer.staleRunIDs().isEmpty)
        #expect(try library.analysis(id: 1) == analysis)
        #expect(try library.run(id: 1).summary == analysis.summary)
        #expect(try library.records().map(\.effort.distanceMeters) == [400, 1000, 1609.344, 5000, 10_000])
    }

    @Test func libraryLocationFollowsTheEnvironment() {
        #expect(LibraryLocation.libraryPath(environment: ["RUNLOG_HOME": "/r", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/r/library.sqlite")
        #expect(LibraryLocation.libraryPath(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/runlog/library.sqlite")
        #expect(LibraryLocation.libraryPath(environment: ["HOME": "/h"]) == "/h/.local/share/runlog/library.sqlite")
    }

    /// A schema-4 library (one run per original) comes up to schema 5 whole: the same run numbers,
    /// originals byte for byte, points and best efforts; numbers never reused (run 3 was deleted
    /// before the upgrade); deleting a run still deletes its points and, now, its original.
    @Test func schemaFourLibrariesKeepEveryRunAndNumber() throws {
        let files = ["samples/runs/morning-10k.gpx", "samples/runs/lunch-intervals.gpx", "samples/runs/trail-hill-run.gpx"].map(SharedData.repository)
        try OldLibrary.makeSchemaFour(at: libraryPath, files: files)
        let deleted = try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, "PRAGMA foreign_keys=ON; DELETE FROM runs WHERE id = 3;"])
        try #require(deleted.status == 0)
        let library = try openLibrary()
        #expect(try library.runIDs() == [1, 2])
        for (id, file) in zip([Int64(1), 2], files) {
            #expect(try library.original(id: id) == Array(try Data(contentsOf: URL(fileURLWithPath: file))))
            #expect(try library.activity(id: id).trackPointCount == GPXReader().read(fileAt: file).activity.trackPointCount)
            #expect(try library.run(id: id).sourceName == (file as NSString).lastPathComponent)
        }
        #expect(try library.records().map(\.effort.distanceMeters).contains(5000))
        // The upgrade to schema 7 filled the search columns: the store's search finds what the
        // filter matches (the file names are in each run's place text).
        let searchable = try library.searchableRuns()
        for word in ["lunch", "MORNING", "10k", "gpx", "nothing-like-this"] {
            let filter = SearchFilter(SearchDefinition(text: word))
            #expect(try library.runs(RunQuery(filter: filter)).runs.map(\.id) == searchable.filter { filter.matches($0.searchable) }.map(\.record.id))
        }
        #expect(try library.runs(RunQuery(filter: SearchFilter(SearchDefinition(text: "lunch")))).runs.map(\.id) == [2])
        guard case .imported(let next) = try RunImporter(library: library).importFile(atPath: files[2]).outcomes[0] else {
            Issue.record("not imported"); return
        }
        #expect(next.id == 4)
        try library.delete(id: 1)
        let left = try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, """
            SELECT count(*) FROM segments WHERE run_id = 1; SELECT count(*) FROM originals; PRAGMA foreign_key_check; PRAGMA integrity_check;
            """])
        #expect(left.output == "0\n2\nok\n", "\(left.output)")
    }

    /// A library of schema 7 (before page sketches) opens at the latest schema with its runs and their
    /// numbers; a run has no sketch until it is reanalysed, which stores the one its points give.
    @Test func schemaSevenLibrariesGetSketchesByReanalysis() throws {
        let library = try openLibrary()
        let files = ["samples/runs/morning-10k.gpx", "samples/runs/trail-hill-run.gpx"].map(SharedData.repository)
        for file in files { _ = try RunImporter(library: library).importFile(atPath: file) }
        let runs = try library.runs()
        let downgrade = try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, "DROP TABLE sketches; DROP TABLE analyses; PRAGMA user_version = 7;"])
        try #require(downgrade.status == 0, "\(downgrade.error)")
        let reopened = try openLibrary()
        #expect(try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, "PRAGMA user_version; SELECT count(*) FROM sketches;"]).output == "9\n0\n")
        #expect(try reopened.runs() == runs)
        for run in runs {
            #expect(try reopened.sketch(id: run.id) == nil)
            try RunReanalyzer(library: reopened).reanalyze(id: run.id)
            let sketch = try #require(try reopened.sketch(id: run.id))
            #expect(sketch == TrackSketch(activity: try reopened.activity(id: run.id), parameters: try reopened.run(id: run.id).summary.parameters))
        }
        // A sketch another version of runlog computed is not used.
        _ = try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, "UPDATE sketches SET version = version + 1 WHERE run_id = \(runs[0].id);"])
        #expect(try reopened.sketch(id: runs[0].id) == nil && reopened.sketch(id: runs[1].id) != nil)
    }

    /// A library of schema 8 (analyses as JSON only) opens at schema 9 with every analysis packed,
    /// reading back as its JSON did; a run whose analysis summary is not its own (written by hand
    /// here), or whose packed analysis is of another version, is read from its JSON.
    @Test func schemaEightLibrariesGetPackedAnalyses() throws {
        let library = try openLibrary()
        let files = ["samples/runs/morning-10k.gpx", "samples/runs/trail-hill-run.gpx", "samples/runs/lunch-intervals.gpx"]
        for file in files { _ = try RunImporter(library: library).importFile(atPath: SharedData.repository(file)) }
        let ids = try library.runIDs()
        let before = try ids.map { try library.analysis(id: $0) }
        let downgrade = try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, """
            DROP TABLE analyses; PRAGMA user_version = 8;
            UPDATE runs SET analysis_json = json_set(analysis_json, '$.summary.distanceMeters', 1) WHERE id = \(ids[2]);
            """])
        try #require(downgrade.status == 0, "\(downgrade.error)")
        let reopened = try openLibrary()
        let packed = try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, "PRAGMA user_version; SELECT run_id FROM analyses ORDER BY run_id;"])
        #expect(packed.output == "9\n\(ids[0])\n\(ids[1])\n")
        #expect(try reopened.analysis(id: ids[0]) == before[0] && reopened.analysis(id: ids[1]) == before[1])
        #expect(try reopened.analysis(id: ids[2])?.summary.distanceMeters == 1)
        _ = try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, "UPDATE analyses SET version = version + 1, data = x'00' WHERE run_id = \(ids[0]);"])
        #expect(try reopened.analysis(id: ids[0]) == before[0])
    }

    @Test func schemaIsVersionedAndANewerOneIsRefused() throws {
        _ = try openLibrary()
        let result = try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, "PRAGMA user_version; PRAGMA journal_mode;"])
        #expect(result.output == "9\nwal\n")  // schema 9: the runs' packed analyses
        _ = try ExternalTools.run("/usr/bin/sqlite3", [libraryPath, "PRAGMA user_version = 99"])
        let error = try #require(throws: StorageOpenError.self) { try openLibrary() }
        #expect(error.code == .newerSchema)
    }
}

extension LibraryTests {
    @Test func renameAndNotes() throws {
        let library = try openLibrary()
        guard case .imported(let run) = try RunImporter(library: library).importFile(atPath: SharedData.corpus(Self.sampleFiles[0])).outcomes[0] else {
            Issue.record("not imported"); return
        }
        #expect(run.notes == "")
        try library.rename(id: run.id, to: "  Hill repeats <b>\n")
        try library.setNotes(id: run.id, to: "Windy. 6 × 400 m")
        let stored = try library.run(id: run.id)
        #expect(stored.name == "Hill repeats <b>")
        #expect(stored.notes == "Windy. 6 × 400 m")
        #expect(throws: LibraryError.self) { try library.rename(id: run.id, to: " \n") }
        #expect(throws: LibraryError.self) { try library.rename(id: 999, to: "x") }
        #expect(throws: LibraryError.self) { try library.setNotes(id: run.id, to: String(repeating: "x", count: 10_001)) }
        #expect(try library.run(id: run.id) == stored)
    }
}

extension LibraryTests {
    /// Names are one line: control characters and runs of spaces become one space.
    @Test func runNamesAreOneLine() throws {
        let library = try openLibrary()
        let source = """
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="test"><trk><trkseg>
            <trkpt lat="1" lon="2"><time>2026-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="1.001" lon="2"><time>2026-01-01T00:01:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let path = directory.file("new\nline\tname.gpx")
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .imported(let run) = try RunImporter(library: library).importFile(atPath: path).outcomes[0] else { Issue.record("not imported"); return }
        #expect(run.name == "new line name")
        try library.rename(id: run.id, to: "Hill\u{0007} repeats\r\n  x")
        #expect(try library.run(id: run.id).name == "Hill repeats x")
        #expect(throws: LibraryError.self) { try library.rename(id: run.id, to: String(repeating: "x", count: 201)) }
    }
}

/// Recomputing while another process deletes runs (the trial: `settings set` during `delete`).
@Suite struct ReanalysisTests {
    let directory = TemporaryDirectory()

    @Test func runsDeletedMeanwhileAreSkippedAndEachRunIsDoneOnce() throws {
        let library = try Library(path: directory.file("library.sqlite"))
        for name in LibraryTests.sampleFiles.prefix(3) { _ = try RunImporter(library: library).importFile(atPath: SharedData.corpus(name)) }
        try library.delete(id: 2)
        let result = try Reanalysis.run([1, 2, 3, 3, 1], with: RunReanalyzer(library: library))
        #expect(result.done == [1, 3] && result.deleted == [2] && result.failed.isEmpty)
    }
}

/// A run's name goes with it through an export: named after its file (no `<name>` in it), or
/// renamed in the library, it is read back under that name.
@Suite struct ExportedNameTests {
    let directory = TemporaryDirectory()

    func reimportedName(_ library: Library, id: Int64) throws -> String {
        let output = MemoryOutput()
        _ = try library.exportGPX(id: id, to: output)
        let again = try Library(path: directory.file("again-\(UUID().uuidString)/library.sqlite"))
        guard case .imported(let run) = try RunImporter(library: again).importBytes(output.bytes, fileName: "exported.gpx").outcomes[0]
        else { Issue.record("not imported"); return "" }
        return run.name
    }

    @Test func theNameComesBack() throws {
        let library = try Library(path: directory.file("library.sqlite"))
        // No <name> anywhere in this file: the run is named after the file.
        guard case .imported(let unnamed) = try RunImporter(library: library).importFile(atPath: SharedData.corpus("coregpx-GPXTest-TrackPointOnly.gpx")).outcomes[0]
        else { Issue.record("not imported"); return }
        #expect(unnamed.name == "coregpx-GPXTest-TrackPointOnly")
        #expect(try reimportedName(library, id: unnamed.id) == "coregpx-GPXTest-TrackPointOnly")
        try library.rename(id: unnamed.id, to: "Track day")
        #expect(try reimportedName(library, id: unnamed.id) == "Track day")
        // A named file renamed: the track's name is replaced.
        guard case .imported(let named) = try RunImporter(library: library).importFile(atPath: SharedData.corpus(LibraryTests.sampleFiles[0])).outcomes[0]
        else { Issue.record("not imported"); return }
        try library.rename(id: named.id, to: "Renamed <&> run")
        #expect(try reimportedName(library, id: named.id) == "Renamed <&> run")
    }
}
