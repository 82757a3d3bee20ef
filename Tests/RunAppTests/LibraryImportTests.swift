import Foundation
import RunApp
import RunCore
import RunStore
import RunStoreSQLite
import Testing
import TestSupport

/// The import's rule: runs stored while the analysis settings changed follow the settings as they
/// are when the import ends.
@Suite struct LibraryImportTests {
    /// The moving time of the two-pace run imported alone into a fresh library with `threshold`
    /// (m/s): the value an import with those settings gives, computed apart from the use case.
    static func freshMovingTime(threshold: Double) throws -> Double {
        let home = TemporaryDirectory("runlog-app-fresh")
        var options = ImportOptions()
        options.analysisPreferences.runningMovingSpeedThresholdMetersPerSecond = threshold
        let result = try RunImporter(library: try Library(path: home.file("library.sqlite")), options: options)
            .importBytes(TwoPaceGPX.bytes(name: "Two paces"), fileName: "two-paces.gpx")
        guard case .imported(let run)? = result.outcomes.first else { throw CheckFailure("not imported") }
        return try #require(run.summary.movingTimeSeconds)
    }

    @Test func theTwoPaceRunsMovingTimeDependsOnTheThreshold() throws {
        // 40 steps of 30 s at 3.71 m/s, then 40 of 120 s at 0.93 m/s: all moving below 0.5 m/s,
        // only the fast 1200 s at 1.5 m/s.
        let slow = try Self.freshMovingTime(threshold: 0.5), fast = try Self.freshMovingTime(threshold: 1.5)
        #expect(abs(slow - 6000) <= 120)
        #expect(abs(fast - 1200) <= 120)
    }

    @Test func settingsChangedDuringTheImportRecomputeItsRuns() throws {
        let home = TemporaryDirectory("runlog-app-import")
        let storage = SQLiteStorage(libraryLocation: home.file("library.sqlite"), sharedLocation: home.file("group.sqlite"))
        let library = try storage.openLibrary(creating: true)
        let settings = try SettingsStore(store: try storage.openSharedStorage())
        var options = ImportOptions()
        options.analysisPreferences = AnalysisPreferences(settings: try settings.snapshot())
        #expect(options.analysisPreferences.runningMovingSpeedThresholdMetersPerSecond == 0.5)
        let session = LibraryImport(library: library, options: options) { AnalysisPreferences(settings: try settings.snapshot()) }
        var changed = false
        try session.importUpload(TwoPaceGPX.bytes(name: "Two paces"), fileName: "two-paces.gpx") { _, outcome in
            _ = try outcome.get()
            // Another process changes the setting once the run is stored, before the import ends.
            try settings.set(Settings.movingSpeedThreshold.key, text: "1.5")
            changed = true
        }
        #expect(changed)
        let id = try #require(session.storedRunIDs.first)
        let before = try #require(try library.run(id: id).summary.movingTimeSeconds)
        #expect(before == (try Self.freshMovingTime(threshold: 0.5)))

        let completion = try session.finish()
        #expect(completion.settingsChanged)
        #expect(completion.recomputedRunIDs == [id])
        let after = try #require(try library.run(id: id).summary.movingTimeSeconds)
        #expect(after == (try Self.freshMovingTime(threshold: 1.5)))
        #expect(abs(after - before) > 3000)
        #expect(try library.run(id: id).summary.parameters.movingSpeedThresholdMetersPerSecond == 1.5)
    }

    @Test func unchangedSettingsRecomputeNothing() throws {
        let home = TemporaryDirectory("runlog-app-import")
        let library = try Library(path: home.file("library.sqlite"))
        let session = LibraryImport(library: library, options: ImportOptions()) { AnalysisPreferences() }
        try session.importUpload(TwoPaceGPX.bytes(name: "Two paces"), fileName: "two-paces.gpx") { _, _ in }
        #expect(session.storedRunIDs.count == 1)
        #expect(try session.finish() == ImportCompletion())
    }
}

struct CheckFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
