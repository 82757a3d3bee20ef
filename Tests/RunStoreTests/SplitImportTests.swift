import Foundation
import RunCore
import RunFormats
import RunStore
import RunStoreSQLite
import TestSupport
import Testing

/// Files that hold several days or several recordings become one run per activity, all pointing at
/// the one stored original. Each run's points, start and end come from
/// Tests/tools/split-reference.py, which applies the documented rules to the file with Python's
/// own XML parser and GeographicLib (independently of runlog's reader and splitter).
@Suite struct SplitImportTests {
    let directory = TemporaryDirectory()

    struct ReferencePart: Decodable {
        var points: Int
        var start: String?
        var end: String?
        var longestGap: Double
        var route: Bool
    }

    static func reference(_ path: String) throws -> [ReferencePart] {
        let tool = SharedData.repository("Tests/tools/split-reference.py")
        let result = try ExternalTools.run("/usr/bin/python3", [tool, path])
        guard result.status == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: result.error]) }
        return try JSONDecoder().decode([ReferencePart].self, from: Data(result.output.utf8))
    }

    static let files = ["gpsbabel-dg100.gpx", "gpxpod-testFile1.gpx", "togeojson-multitrackgpx.gpx", "georust-caltopo-export.gpx",
                        "gpxpy-cerknicko-jezero.gpx", "togeojson-blue_hills.gpx", "gpxpy-korita-zbevnica.gpx"]

    @Test(arguments: files)
    func filesHoldingSeveralActivitiesBecomeOneRunEach(name: String) throws {
        let path = SharedData.corpus(name)
        let expected = try Self.reference(path)
        #expect(expected.count > 1, "\(name) holds several activities")
        let library = try Library(path: directory.file("library.sqlite"))
        let result = try RunImporter(library: library).importFile(atPath: path)
        let runs = result.imported
        #expect(result.partCount == expected.count && runs.count == expected.count, "\(runs.map(\.name))")
        for (run, part) in zip(runs, expected) {
            #expect(run.isRoute == part.route, "\(run.name)")
            #expect(run.summary.trackPointCount == part.points, "\(run.name)")
            #expect(run.summary.startTimeSeconds.map { UTCDateTime.format(seconds: $0) } == part.start, "\(run.name)")
            #expect(run.summary.endTimeSeconds.map { UTCDateTime.format(seconds: $0) } == part.end, "\(run.name)")
            #expect(run.part?.count == expected.count && run.originalID == runs[0].originalID)
            // Each run's export holds its own points, and the original is the whole file.
            #expect(try library.activity(id: run.id).trackPointCount == part.points)
            #expect(try library.original(id: run.id) == Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        // No run's elapsed time spans a gap over the threshold unnoticed (only a wrong date, over a
        // day from everything, joins a run; a few fixes hours away are runs of their own).
        for (run, part) in zip(runs, expected) {
            let flagged = (try library.analysis(id: run.id)?.notes ?? []).contains { $0.code == "gap.overSplitThreshold" }
            #expect(flagged == (part.longestGap > 7200), "\(run.name)")
        }
        // The same file again: already there, as each of its runs.
        let again = try RunImporter(library: library).importFile(atPath: path)
        #expect(again.outcomes.count == runs.count && again.imported.isEmpty)
    }

    /// `--no-split` keeps the file one run, flagged: a 2-day hike in one segment.
    @Test func oneRunWithAGapOverTheThresholdSaysSo() throws {
        let library = try Library(path: directory.file("library.sqlite"))
        var options = ImportOptions()
        options.splitsActivities = false
        let runs = try RunImporter(library: library, options: options).importFile(atPath: SharedData.corpus("gpxpod-testFile1.gpx")).imported
        try #require(runs.count == 1)
        let notes = try #require(try library.analysis(id: runs[0].id)).notes
        let gap = try #require(notes.first { $0.code == "gap.overSplitThreshold" })
        // The longest gap: 17 h 1 min from 2014-08-12T16:35:53Z (split-reference's first part's end).
        #expect(gap.message.hasPrefix("a gap of 17 h 1 min from 2014-08-12T16:35:53Z to 2014-08-13T09:37:15Z"), "\(gap.message)")
    }

    /// A run cut from a file is recomputed from its part of the original; deleting runs keeps the
    /// original until the last run cut from it goes.
    @Test func partsAreRecomputedAndDeletedOnTheirOwn() throws {
        let library = try Library(path: directory.file("library.sqlite"))
        let path = SharedData.corpus("togeojson-blue_hills.gpx")
        let runs = try RunImporter(library: library).importFile(atPath: path).imported
        try #require(runs.count == 3)
        var preferences = AnalysisPreferences()
        preferences.minimumStopSeconds = 30
        let redone = try RunReanalyzer(library: library, preferences: preferences).reanalyze(id: runs[1].id)
        #expect(redone.summary.trackPointCount == runs[1].summary.trackPointCount)
        #expect(redone.summary.distanceMeters == runs[1].summary.distanceMeters)
        #expect(redone.summary.startTimeSeconds == runs[1].summary.startTimeSeconds)
        try library.delete(id: runs[0].id)
        try library.delete(id: runs[2].id)
        #expect(try library.original(id: runs[1].id).count > 0)
        try library.delete(id: runs[1].id)
        let left = try ExternalTools.run("/usr/bin/sqlite3", [directory.file("library.sqlite"), "SELECT count(*) FROM originals"])
        #expect(left.output == "0\n")
    }
}
