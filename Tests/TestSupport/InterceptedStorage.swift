import Foundation
import RunCore
import RunFormats
package import RunStore
import Synchronization

/// Actions waiting for the next run stored in a library, by the library's location.
private let pendingActions = Mutex<[String: @Sendable () throws -> Void]>([:])
/// Actions waiting inside the next recomputed run's write, by the library's location.
private let pendingReplaceActions = Mutex<[String: @Sendable () throws -> Void]>([:])

/// A storage backend over another whose libraries run an action once, right after the next
/// file's runs are stored in them — as another process acting at that moment would, but
/// deterministically (no timing). Works through a type too (`CLI.run(storage:)` takes one).
package struct InterceptedStorage<Base: FileStorageBackend>: FileStorageBackend {
    package let base: Base

    package init(libraryLocation: String, sharedLocation: String) {
        base = Base(libraryLocation: libraryLocation, sharedLocation: sharedLocation)
    }

    /// Runs `action` (once) right after the next insert into the library at `libraryLocation`,
    /// through any connection of this backend.
    package static func afterNextInsert(into libraryLocation: String, _ action: @escaping @Sendable () throws -> Void) {
        pendingActions.withLock { $0[libraryLocation] = action }
    }

    /// Runs `action` (once) inside the next write of a recomputed run into the library at
    /// `libraryLocation` (``RunStore/RunLibrary/replaceAnalysis(id:activity:analysis:sketch:diagnostics:chosenSport:isCurrent:)``):
    /// after the write checked the settings, with the write lock held, before it commits.
    package static func insideNextReplace(in libraryLocation: String, _ action: @escaping @Sendable () throws -> Void) {
        pendingReplaceActions.withLock { $0[libraryLocation] = action }
    }

    package var libraryLocation: String { base.libraryLocation }
    package var sharedLocation: String { base.sharedLocation }
    package var libraryExists: Bool { base.libraryExists }
    package var sharedStorageExists: Bool { base.sharedStorageExists }

    package func openLibrary(creating: Bool) throws -> any RunLibrary {
        InterceptedLibrary(try base.openLibrary(creating: creating), key: base.libraryLocation)
    }

    package func openSharedStorage() throws -> any SharedStorage { try base.openSharedStorage() }
}

/// A library that forwards everything to another and, after an insert, runs the action waiting for it.
final class InterceptedLibrary: RunLibrary {
    let base: any RunLibrary
    let key: String

    init(_ base: any RunLibrary, key: String) {
        self.base = base
        self.key = key
    }

    var isReadOnly: Bool { base.isReadOnly }
    var location: String { base.location }
    var changeToken: Int64 { base.changeToken }
    func runs() throws -> [RunRecord] { try base.runs() }
    func run(id: Int64) throws -> RunRecord { try base.run(id: id) }
    func count() throws -> Int { try base.count() }
    func header(id: Int64) throws -> Activity { try base.header(id: id) }
    func points(runID: Int64, track: Int, segment: Int) throws -> [TrackPoint] { try base.points(runID: runID, track: track, segment: segment) }
    func forEachOriginalChunk(id: Int64, _ body: (UnsafeRawBufferPointer) throws -> Void) throws { try base.forEachOriginalChunk(id: id, body) }
    func runWithAnalysis(id: Int64, splits: SplitUnits) throws -> (record: RunRecord, analysis: RunAnalysis?) {
        try base.runWithAnalysis(id: id, splits: splits)
    }
    func sketch(id: Int64) throws -> TrackSketch? { try base.sketch(id: id) }
    func keepSketch(_ sketch: TrackSketch, id: Int64, parameters: AnalysisParameters) throws -> Bool {
        try base.keepSketch(sketch, id: id, parameters: parameters)
    }
    func skipsInvalidPoints(id: Int64) throws -> Bool { try base.skipsInvalidPoints(id: id) }
    func runIDs() throws -> [Int64] { try base.runIDs() }
    func runIDs(contentSHA256 digest: [UInt8]) throws -> [Int64] { try base.runIDs(contentSHA256: digest) }
    func runs(startingNear startTime: Double, toleranceSeconds: Double) throws -> [RunRecord] {
        try base.runs(startingNear: startTime, toleranceSeconds: toleranceSeconds)
    }
    func searchableRuns() throws -> [(record: RunRecord, searchable: SearchableRun)] { try base.searchableRuns() }
    func runs(_ query: RunQuery) throws -> RunQueryResult { try base.runs(query) }
    func records(sports: Set<Sport>?) throws -> [LibraryRecord] { try base.records(sports: sports) }
    func delete(id: Int64) throws { try base.delete(id: id) }
    func rename(id: Int64, to name: String) throws { try base.rename(id: id, to: name) }
    func setNotes(id: Int64, to notes: String) throws { try base.setNotes(id: id, to: notes) }
    func complete(id: Int64, with metadata: ExportMetadata, fileBaseName: String) throws -> Bool {
        try base.complete(id: id, with: metadata, fileBaseName: fileBaseName)
    }
    func insert(_ original: StoredOriginal, parts: [StoredPart], isStored: (any RunLibrary) throws -> [RunRecord],
                refuse: (any RunLibrary, StoredPart) throws -> ImportOutcome?) throws -> [ImportOutcome] {
        let outcomes = try base.insert(original, parts: parts, isStored: isStored, refuse: refuse)
        let action = pendingActions.withLock { $0.removeValue(forKey: key) }
        try action?()
        return outcomes
    }
    func replaceAnalysis(id: Int64, activity: Activity, analysis: RunAnalysis, sketch: TrackSketch, diagnostics: [Diagnostic],
                         chosenSport: Sport??, isCurrent: () throws -> Bool) throws -> Bool {
        try base.replaceAnalysis(id: id, activity: activity, analysis: analysis, sketch: sketch, diagnostics: diagnostics,
                                 chosenSport: chosenSport) {
            let answer = try isCurrent()
            let action = pendingReplaceActions.withLock { $0.removeValue(forKey: key) }
            try action?()
            return answer
        }
    }
    func searchSets() throws -> [SearchSet] { try base.searchSets() }
    func createSearchSet(named name: String, definition: SearchDefinition, nowSeconds: Double?) throws -> SearchSet {
        try base.createSearchSet(named: name, definition: definition, nowSeconds: nowSeconds)
    }
    func updateSearchSet(named name: String, definition: SearchDefinition, nowSeconds: Double?) throws {
        try base.updateSearchSet(named: name, definition: definition, nowSeconds: nowSeconds)
    }
    func renameSearchSet(_ name: String, to newName: String, nowSeconds: Double?) throws -> String {
        try base.renameSearchSet(name, to: newName, nowSeconds: nowSeconds)
    }
    func deleteSearchSet(named name: String) throws -> String { try base.deleteSearchSet(named: name) }
}

/// A GPX run whose moving time depends on the `analysis.movingSpeed` setting: on the equator,
/// `fastSteps` steps of 0.001° (111.32 m) every 30 s (3.71 m/s), then `slowSteps` every 120 s
/// (0.93 m/s), as a running track. Below a threshold of 0.5 m/s every step moves; at 1.5 m/s
/// the slow part stands.
package enum TwoPaceGPX {
    package static func bytes(name: String, start: String = "2026-05-01T06:00:00Z", fastSteps: Int = 40, slowSteps: Int = 40) -> [UInt8] {
        let startSeconds = ISO8601DateFormatter().date(from: start)!.timeIntervalSince1970
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<gpx version=\"1.1\" creator=\"runlog tests\" xmlns=\"http://www.topografix.com/GPX/1/1\">",
                     "<trk><name>\(name)</name><type>running</type><trkseg>"]
        var seconds = startSeconds
        for i in 0...(fastSteps + slowSteps) {
            if i > 0 { seconds += i <= fastSteps ? 30 : 120 }
            let time = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
            lines.append("<trkpt lat=\"0\" lon=\"\(String(format: "%.3f", 10 + 0.001 * Double(i)))\"><ele>100</ele><time>\(time)</time></trkpt>")
        }
        lines += ["</trkseg></trk>", "</gpx>", ""]
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// The moving time, seconds, that an analysis of the default file with a running threshold of
    /// `threshold` m/s gives (read and analysed here, apart from any library or use case). About
    /// 6000 s below 0.9 m/s, about 1200 s from 1 m/s to 3.6 m/s.
    package static func movingTimeSeconds(threshold: Double) throws -> Double? {
        var preferences = AnalysisPreferences()
        preferences.runningMovingSpeedThresholdMetersPerSecond = threshold
        let activity = try GPXReader().read(bytes(name: "Two paces"), fileName: "two-paces.gpx").activity
        return ActivityAnalyzer.analyze(activity, preferences: preferences, fileName: "two-paces.gpx").summary.movingTimeSeconds
    }
}
