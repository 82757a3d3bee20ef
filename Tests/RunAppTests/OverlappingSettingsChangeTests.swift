import Dispatch
import Foundation
import RunApp
import RunCore
import RunStore
import RunStoreSQLite
import Synchronization
import Testing
import TestSupport

/// Two changes of the analysis settings that overlap, each through its own connections as two
/// processes make them: whatever the interleaving, the newest setting wins — no run is left with
/// the older one's numbers, and the overtaken change says that newer settings came.
@Suite struct OverlappingSettingsChangeTests {
    static let threshold = Settings.movingSpeedThreshold.key

    /// A library of three two-pace runs (different days) analysed with a running threshold of
    /// 0.6 m/s, the setting holding 0.6.
    static func library(_ home: TemporaryDirectory) throws -> (storage: InterceptedStorage<SQLiteStorage>, ids: [Int64]) {
        let storage = InterceptedStorage<SQLiteStorage>(libraryLocation: home.file("library.sqlite"), sharedLocation: home.file("group.sqlite"))
        let settings = try SettingsStore(store: try storage.openSharedStorage())
        try settings.set(threshold, text: "0.6")
        var options = ImportOptions()
        options.analysisPreferences = AnalysisPreferences(settings: try settings.snapshot())
        let importer = RunImporter(library: try storage.openLibrary(creating: true), options: options)
        var ids: [Int64] = []
        for day in 1...3 {
            let result = try importer.importBytes(TwoPaceGPX.bytes(name: "Run \(day)", start: "2026-05-0\(day)T06:00:00Z"),
                                                  fileName: "run-\(day).gpx")
            guard case .imported(let run)? = result.outcomes.first else { throw CheckFailure("run \(day) not imported") }
            ids.append(run.id)
        }
        return (storage, ids)
    }

    /// Every run's numbers come from `threshold`: its stored parameter, and its moving time as an
    /// analysis of the same file apart from any library gives it; and none is stale.
    static func expectAllFollow(threshold: Double, ids: [Int64], storage: InterceptedStorage<SQLiteStorage>) throws {
        let library = try storage.openLibrary(creating: false)
        let expected = try #require(try TwoPaceGPX.movingTimeSeconds(threshold: threshold))
        for id in ids {
            let run = try library.run(id: id)
            #expect(run.summary.parameters.movingSpeedThresholdMetersPerSecond == threshold, "run \(id)")
            #expect(run.summary.movingTimeSeconds == expected, "run \(id)")
        }
        let settings = try SettingsStore(store: try storage.openSharedStorage())
        let current = AnalysisPreferences(settings: try settings.snapshot())
        #expect(current.runningMovingSpeedThresholdMetersPerSecond == threshold)
        #expect(try RunReanalyzer(library: library, preferences: current).staleRunIDs() == [])
    }

    @Test func theTwoThresholdsGiveDifferentMovingTimes() throws {
        // The runs' 0.93 m/s part moves at 0.6 m/s and stands at 1.1 m/s: a stale run shows.
        let low = try #require(try TwoPaceGPX.movingTimeSeconds(threshold: 0.6))
        let high = try #require(try TwoPaceGPX.movingTimeSeconds(threshold: 1.1))
        #expect(low - high > 3000)
    }

    /// A recomputes with 1.1 and pauses before its second run; B sets 0.6 and recomputes all that
    /// is stale; A resumes. Before the fix A wrote its remaining runs with 1.1.
    @Test func aNewerChangeBetweenTwoRunsWins() throws {
        let home = TemporaryDirectory("runlog-overlap")
        let (storage, ids) = try Self.library(home)
        let settingsA = try SettingsStore(store: try storage.openSharedStorage())
        let changesA = SettingsChanges(settings: settingsA, library: try storage.openLibrary(creating: false))
        let settingsB = try SettingsStore(store: try storage.openSharedStorage())
        let changesB = SettingsChanges(settings: settingsB, library: try storage.openLibrary(creating: false))

        var reanalysisB: Reanalysis?
        var firstOfA: Int64?
        let (_, reanalysisA) = try changesA.change(progress: { position, _, id in
            if position == 1, firstOfA == nil { firstOfA = id }
            guard position == 2, reanalysisB == nil else { return }
            reanalysisB = try? changesB.change { try settingsB.set(Self.threshold, text: "0.6") }.reanalysis
        }) { try settingsA.set(Self.threshold, text: "1.1") }

        let b = try #require(reanalysisB)
        // B found A's first run recomputed with 1.1 (the others still had 0.6) and recomputed it.
        #expect(b.done == [try #require(firstOfA)])
        #expect(!b.settingsChangedMeanwhile)
        #expect(b.preferences?.runningMovingSpeedThresholdMetersPerSecond == 0.6)
        // A said that newer settings came, and its runs follow them.
        #expect(reanalysisA.settingsChangedMeanwhile)
        #expect(reanalysisA.preferences?.runningMovingSpeedThresholdMetersPerSecond == 0.6)
        #expect(Set(reanalysisA.done) == Set(ids) && reanalysisA.failed.isEmpty)
        try Self.expectAllFollow(threshold: 0.6, ids: ids, storage: storage)
    }

    /// A's last write checked the settings (still 1.1) and holds the write lock; B sets 0.6 and
    /// chooses its stale runs before A commits — so B does not see A's last run as stale (it
    /// still has 0.6 then). A, reading the settings after its writes, recomputes that run.
    @Test func aWriteCommittedAfterTheNewerChangeChoseItsRunsIsRedone() throws {
        let home = TemporaryDirectory("runlog-overlap")
        let (storage, ids) = try Self.library(home)
        let settingsA = try SettingsStore(store: try storage.openSharedStorage())
        let changesA = SettingsChanges(settings: settingsA, library: try storage.openLibrary(creating: false))

        let plain = SQLiteStorage(libraryLocation: storage.libraryLocation, sharedLocation: storage.sharedLocation)
        let chosen = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let outcomeB = Mutex<Result<Reanalysis, any Error>?>(nil)
        let changeB: @Sendable () -> Void = {
            let result = Result {
                let settings = try SettingsStore(store: try plain.openSharedStorage())
                var signalled = false
                let reanalysis = try SettingsChanges(settings: settings, library: try plain.openLibrary(creating: false))
                    .change(progress: { _, _, _ in
                        // B's runs are chosen: let A commit.
                        if !signalled { chosen.signal(); signalled = true }
                    }) { try settings.set(Self.threshold, text: "0.6") }.reanalysis
                if !signalled { chosen.signal() }
                return reanalysis
            }
            outcomeB.withLock { $0 = result }
            finished.signal()
        }

        var lastOfA: Int64?
        let (_, reanalysisA) = try changesA.change(progress: { position, count, id in
            guard position == count, lastOfA == nil else { return }
            lastOfA = id
            InterceptedStorage<SQLiteStorage>.insideNextReplace(in: storage.libraryLocation) {
                Thread.detachNewThread(changeB)
                guard chosen.wait(timeout: .now() + 60) == .success else { throw CheckFailure("B never chose its runs") }
            }
        }) { try settingsA.set(Self.threshold, text: "1.1") }

        #expect(finished.wait(timeout: .now() + 60) == .success)
        let b = try #require(try outcomeB.withLock { $0 }?.get())
        // B recomputed the two runs A had written with 1.1, not the third (0.6 when B chose).
        #expect(Set(b.done) == Set(ids).subtracting([try #require(lastOfA)]))
        #expect(!b.settingsChangedMeanwhile)
        #expect(reanalysisA.settingsChangedMeanwhile)
        #expect(reanalysisA.preferences?.runningMovingSpeedThresholdMetersPerSecond == 0.6)
        try Self.expectAllFollow(threshold: 0.6, ids: ids, storage: storage)
    }

    @Test func aChangeAloneSaysNothingChangedMeanwhile() throws {
        let home = TemporaryDirectory("runlog-overlap")
        let (storage, ids) = try Self.library(home)
        let settings = try SettingsStore(store: try storage.openSharedStorage())
        let (_, reanalysis) = try SettingsChanges(settings: settings, library: try storage.openLibrary(creating: false))
            .change { try settings.set(Self.threshold, text: "1.1") }
        #expect(Set(reanalysis.done) == Set(ids) && !reanalysis.settingsChangedMeanwhile)
        try Self.expectAllFollow(threshold: 1.1, ids: ids, storage: storage)
    }
}
