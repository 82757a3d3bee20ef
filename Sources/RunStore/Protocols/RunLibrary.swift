package import RunCore
package import RunFormats
import Foundation

/// The run library as every front end and use case sees it, whatever keeps it: the runs (each a
/// ``RunRecord`` with its summary), their originals byte for byte, track points per segment,
/// analyses, best efforts and the saved search sets. ``RunStoreSQLite/Library`` implements it on
/// SQLite; the conformance suite (`Tests/StorageConformance`) states what any implementation must do.
///
/// A value is used by one thread at a time. Errors: ``LibraryError`` (`.runNotFound`, ``StoredDataError``,
/// `.invalidEdit` …), ``RunCore/SearchError`` for search sets, and the implementation's own
/// failures (which a front end reports as internal or busy).
package protocol RunLibrary: AnyObject {
    /// Whether the library was opened only to be read (writes then fail).
    var isReadOnly: Bool { get }
    /// Where the library is, as the user named it (for messages).
    var location: String { get }
    /// A number that changes whenever anyone commits to the library — another connection of any
    /// process, or this one; the same value while nothing was written. Cheap: for caches.
    var changeToken: Int64 { get }

    // MARK: Reading runs

    /// All runs, newest first (runs without a start time last, newest import first).
    func runs() throws -> [RunRecord]
    /// The run with number `id`. - Throws: ``LibraryError`` `.runNotFound`.
    func run(id: Int64) throws -> RunRecord
    /// Number of runs.
    func count() throws -> Int
    /// The run's stored activity without track points (tracks and segments are there, empty).
    func header(id: Int64) throws -> Activity
    /// The track points of one segment of a run, in order.
    func points(runID: Int64, track: Int, segment: Int) throws -> [TrackPoint]
    /// The file exactly as it was imported, in pieces in order, with bounded memory.
    /// - Throws: ``LibraryError`` `.runNotFound`, ``StoredDataError``, or what `body` throws.
    func forEachOriginalChunk(id: Int64, _ body: (UnsafeRawBufferPointer) throws -> Void) throws
    /// The run with its stored analysis (splits, best efforts, zones, clean-up), read together:
    /// the analysis' summary is the run's, and of its splits only those of `splits` are read (the
    /// others are empty). The analysis is nil for runs stored before analyses were kept. What a
    /// run's page reads on every uncached request: from ``PackedAnalysis`` where the run has one
    /// of its version, else from the analysis' JSON.
    /// - Throws: ``LibraryError`` `.runNotFound`, ``StoredDataError`` for an analysis that cannot be read.
    func runWithAnalysis(id: Int64, splits: SplitUnits) throws -> (record: RunRecord, analysis: RunAnalysis?)
    /// What the run's page draws (``RunCore/TrackSketch``), stored with its numbers at import and at
    /// every reanalysis; nil for runs stored before sketches were kept, or with another
    /// ``RunCore/TrackSketch/version`` (the page then computes it from the points).
    /// - Throws: ``LibraryError`` `.runNotFound`, ``StoredDataError`` for one that cannot be read.
    func sketch(id: Int64) throws -> TrackSketch?
    /// Whether points with an invalid position were skipped at import (the original is re-read so).
    func skipsInvalidPoints(id: Int64) throws -> Bool
    /// Numbers of all runs, oldest first.
    func runIDs() throws -> [Int64]
    /// The runs cut from the original with this SHA-256, in order.
    func runIDs(contentSHA256 digest: [UInt8]) throws -> [Int64]
    /// Runs that start within `toleranceSeconds` of `startTime` (seconds since 1970 UTC).
    func runs(startingNear startTime: Double, toleranceSeconds: Double) throws -> [RunRecord]
    /// Every run with what a search reads of it (name, notes, place text), newest first.
    func searchableRuns() throws -> [(record: RunRecord, searchable: SearchableRun)]
    /// The runs a query finds, in the list's order, with their count: the filter and the page are
    /// applied by the store (a run is found exactly when ``RunCore/SearchFilter/matches(_:)`` says so).
    func runs(_ query: RunQuery) throws -> RunQueryResult
    /// The fastest effort of each distance over the runs of the given sports (nil: all; ties: the earlier run).
    func records(sports: Set<Sport>?) throws -> [LibraryRecord]

    // MARK: Writing runs

    /// Deletes a run with its samples and best efforts, and its original when no other run was cut from it.
    func delete(id: Int64) throws
    /// Renames a run (``RunFields/checkName(_:)``).
    func rename(id: Int64, to name: String) throws
    /// Replaces a run's notes (``RunFields/checkNotes(_:)``; "" removes them).
    func setNotes(id: Int64, to notes: String) throws
    /// Completes a run with what an export says of it, filling only what is empty (the name while
    /// it is still `fileBaseName`, the notes, the gear). - Returns: whether anything changed.
    @discardableResult
    func complete(id: Int64, with metadata: ExportMetadata, fileBaseName: String) throws -> Bool
    /// Inserts a file's runs in one transaction, all or nothing: `isStored` runs first under the
    /// write lock (runs already cut from this original: then nothing is stored, each returned as
    /// `.duplicate`); `refuse` may skip a part (a probable duplicate).
    func insert(_ original: StoredOriginal, parts: [StoredPart], isStored: (any RunLibrary) throws -> [RunRecord],
                refuse: (any RunLibrary, StoredPart) throws -> ImportOutcome?) throws -> [ImportOutcome]
    /// Replaces what was computed from a run's original — the numbers, the analysis and the page's
    /// sketch, which are never out of step — in one transaction; `chosenSport` when given is set
    /// too (`.some(nil)`: back to the file's or the inferred sport).
    /// - Parameter isCurrent: asked inside the write transaction, under the library's write lock,
    ///   before anything is written: whether the analysis still follows the settings (read again
    ///   there). When it answers false nothing is written — a newer change of settings has begun,
    ///   and a write that came after it must not put the older numbers back.
    /// - Returns: whether the run was written (false only when `isCurrent` said no).
    @discardableResult
    func replaceAnalysis(id: Int64, activity: Activity, analysis: RunAnalysis, sketch: TrackSketch, diagnostics: [Diagnostic],
                         chosenSport: Sport??, isCurrent: () throws -> Bool) throws -> Bool
    /// Stores the page sketch computed from a run's points for a run that has none of
    /// ``RunCore/TrackSketch/version`` (stored before sketches were kept, or by another version),
    /// in one write transaction; nothing else of the run changes.
    /// - Parameter parameters: the analysis parameters the sketch was computed with (those of the
    ///   run's stored numbers when its points were read).
    /// - Returns: whether it was written: false when the run has a sketch of this version by now,
    ///   or its numbers were computed with other parameters meanwhile (a reanalysis, which wrote
    ///   its own sketch) — what another writer stored is never overwritten.
    /// - Throws: ``LibraryError`` `.runNotFound`; storage errors (a read-only library).
    @discardableResult
    func keepSketch(_ sketch: TrackSketch, id: Int64, parameters: AnalysisParameters) throws -> Bool

    // MARK: Search sets

    /// Every set, "All runs" first, then by name (case ignored).
    func searchSets() throws -> [SearchSet]
    /// Saves a new set. - Throws: ``RunCore/SearchError`` `.invalidName`, `.nameTaken`, `.invalidDefinition`.
    @discardableResult
    func createSearchSet(named name: String, definition: SearchDefinition, nowSeconds: Double?) throws -> SearchSet
    /// Replaces a set's filters. - Throws: `.unknownSet`, `.protectedSet`, `.invalidDefinition`.
    func updateSearchSet(named name: String, definition: SearchDefinition, nowSeconds: Double?) throws
    /// Renames a set. - Returns: the stored name it had.
    @discardableResult
    func renameSearchSet(_ name: String, to newName: String, nowSeconds: Double?) throws -> String
    /// Deletes a set. - Returns: the stored name it had.
    @discardableResult
    func deleteSearchSet(named name: String) throws -> String
}

// What follows is the same for every implementation: built on the requirements above.
extension RunLibrary {
    package func records() throws -> [LibraryRecord] { try records(sports: [.running, .trailRunning]) }

    /// The stored analysis (splits of both units, best efforts, zones, clean-up); nil for runs
    /// stored before analyses were kept. - Throws: as ``runWithAnalysis(id:splits:)``.
    package func analysis(id: Int64) throws -> RunAnalysis? { try runWithAnalysis(id: id, splits: .all).analysis }

    package func replaceAnalysis(id: Int64, activity: Activity, analysis: RunAnalysis, sketch: TrackSketch, diagnostics: [Diagnostic]) throws {
        try replaceAnalysis(id: id, activity: activity, analysis: analysis, sketch: sketch, diagnostics: diagnostics, chosenSport: nil)
    }

    /// Replaces what was computed from a run's original, whatever the settings hold now.
    package func replaceAnalysis(id: Int64, activity: Activity, analysis: RunAnalysis, sketch: TrackSketch, diagnostics: [Diagnostic],
                                 chosenSport: Sport??) throws {
        try replaceAnalysis(id: id, activity: activity, analysis: analysis, sketch: sketch, diagnostics: diagnostics,
                            chosenSport: chosenSport, isCurrent: { true })
    }

    @discardableResult
    package func createSearchSet(named name: String, definition: SearchDefinition) throws -> SearchSet {
        try createSearchSet(named: name, definition: definition, nowSeconds: nil)
    }

    package func updateSearchSet(named name: String, definition: SearchDefinition) throws {
        try updateSearchSet(named: name, definition: definition, nowSeconds: nil)
    }

    @discardableResult
    package func renameSearchSet(_ name: String, to newName: String) throws -> String {
        try renameSearchSet(name, to: newName, nowSeconds: nil)
    }

    /// The run's whole activity, track points included.
    package func activity(id: Int64) throws -> Activity {
        var activity = try header(id: id)
        for t in activity.tracks.indices {
            for s in activity.tracks[t].segments.indices {
                activity.tracks[t].segments[s].points = try points(runID: id, track: t, segment: s)
            }
        }
        return activity
    }

    /// Writes the run as GPX 1.1, streaming one stored segment at a time.
    /// - Returns: what the writer left out.
    package func exportGPX(id: Int64, to output: any ByteOutput) throws -> [Diagnostic] {
        let activity = try exportHeader(id: id)
        let writer = GPXWriter(output: output)
        try writer.begin(activity)
        for waypoint in activity.waypoints { try writer.write(waypoint: waypoint) }
        for route in activity.routes { try writer.write(route: route) }
        for (t, track) in activity.tracks.enumerated() {
            try writer.beginTrack(track)
            for (s, segment) in track.segments.enumerated() {
                writer.beginSegment()
                for point in try points(runID: id, track: t, segment: s) { try writer.write(trackPoint: point) }
                try writer.endSegment(extensions: segment.extensions)
            }
            try writer.endTrack()
        }
        try writer.end(extensions: activity.extensions)
        let unpositioned = activity.tracks.reduce(0) { $0 + ($1.recordsWithoutPosition?.count ?? 0) }
        guard unpositioned > 0 else { return writer.diagnostics }
        return writer.diagnostics + [Diagnostic(code: "recordsWithoutPosition", message:
            "\(unpositioned) record\(unpositioned == 1 ? "" : "s") without a position not written: a GPX point needs one "
            + "(the original file, as imported, has them)")]
    }

    /// The run's header for an export: the stored one, carrying the run's name (see
    /// ``RunCore/Activity/named(_:isCurrent:)``).
    package func exportHeader(id: Int64) throws -> Activity {
        let name = try run(id: id).name
        return try header(id: id).named(name) { String(RunName.clean($0).prefix(RunName.maximumLength)) == name }
    }

    /// The run's whole activity for an export: ``activity(id:)`` under the run's name.
    package func exportActivity(id: Int64) throws -> Activity {
        let name = try run(id: id).name
        return try activity(id: id).named(name) { String(RunName.clean($0).prefix(RunName.maximumLength)) == name }
    }

    /// The file exactly as it was imported, whole in memory (see ``forEachOriginalChunk(id:_:)`` for any size).
    package func original(id: Int64) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try forEachOriginalChunk(id: id) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The runs a filter matches, newest first (the order of ``runs()``).
    package func runs(matching filter: SearchFilter) throws -> [RunRecord] {
        try runs(RunQuery(filter: filter)).runs
    }

    /// The set with this name (case ignored).
    /// - Throws: ``SearchError`` `.unknownSet`, naming the sets that exist.
    package func searchSet(named name: String) throws -> SearchSet {
        try SearchSet.find(name, in: try searchSets())
    }
}
