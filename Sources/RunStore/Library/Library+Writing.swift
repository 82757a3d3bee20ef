public import RunCore
import Foundation

extension Library {
    /// Deletes a run with its original, samples and best efforts.
    /// - Throws: ``StoreError`` `.runNotFound`.
    public func delete(id: Int64) throws {
        try database.immediateTransaction {
            try database.run("DELETE FROM runs WHERE id = ?1", id)
            if database.changes == 0 { throw StoreError(.runNotFound, "there is no run \(id) (see 'runlog list')") }
        }
    }

    /// Renames a run.
    /// - Throws: ``StoreError`` `.runNotFound`, `.invalidSetting` for an empty name or one over 200 characters.
    public func rename(id: Int64, to name: String) throws {
        let trimmed = RunName.clean(name)
        guard !trimmed.isEmpty, trimmed.count <= RunName.maximumLength else {
            throw StoreError(.invalidSetting, "a run's name takes 1 to \(RunName.maximumLength) characters, not \(trimmed.count)")
        }
        try database.immediateTransaction {
            try database.run("UPDATE runs SET name = ?1 WHERE id = ?2", trimmed, id)
            if database.changes == 0 { throw StoreError(.runNotFound, "there is no run \(id) (see 'runlog list')") }
        }
    }

    /// Replaces a run's notes ("" removes them).
    /// - Throws: ``StoreError`` `.runNotFound`, `.invalidSetting` for notes over 10,000 characters.
    public func setNotes(id: Int64, to notes: String) throws {
        guard notes.count <= 10_000 else {
            throw StoreError(.invalidSetting, "notes take at most 10,000 characters, not \(notes.count)")
        }
        try database.immediateTransaction {
            try database.run("UPDATE runs SET notes = ?1 WHERE id = ?2", notes, id)
            if database.changes == 0 { throw StoreError(.runNotFound, "there is no run \(id) (see 'runlog list')") }
        }
    }

    /// Inserts a run in one transaction: the run, its original, its packed segments, its best
    /// efforts. Either all of it is stored or nothing is (also when the process is killed).
    /// - Parameter refuse: runs first inside the transaction, holding the write lock; a non-nil
    ///   outcome (a duplicate) stops the insert and is returned.
    /// - Returns: `.imported` with the stored run, or what `refuse` returned.
    func insert(_ content: StoredRunContent, name: String, sourceName: String, originalSize: Int,
                compressedOriginal: [UInt8], contentSHA256: [UInt8], skipsInvalidPoints: Bool,
                refuse: (Library) throws -> ImportOutcome?) throws -> ImportOutcome {
        try database.immediateTransaction {
            if let outcome = try refuse(self) { return outcome }
            try database.run("""
                INSERT INTO runs (name, start_time, imported_at, source_name, creator, gpx_version, content_sha256,
                                  distance_m, summary_json, diagnostics_json, activity_json, analysis_json, skips_invalid_points)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                """, name, content.summary.startTimeSeconds, Date().timeIntervalSince1970, sourceName, content.creator,
                content.gpxVersion, contentSHA256, content.summary.distanceMeters, content.summaryJSON,
                content.diagnosticsJSON, content.headerJSON, content.analysisJSON, skipsInvalidPoints)
            let id = database.lastInsertRowID
            try database.run("INSERT INTO originals (run_id, size, compression, data) VALUES (?1, ?2, 'zlib', ?3)",
                             id, originalSize, compressedOriginal)
            try storeSamplesAndEfforts(content, runID: id)
            return .imported(try run(id: id))
        }
    }

    /// Replaces what was computed from a run's original (samples, summary, analysis, best efforts)
    /// in one transaction; the original, name and number stay.
    public func replaceAnalysis(id: Int64, activity: Activity, analysis: RunAnalysis, diagnostics: [Diagnostic]) throws {
        let content = try StoredRunContent(activity: activity, analysis: analysis, diagnostics: diagnostics)
        try database.immediateTransaction {
            try database.run("""
                UPDATE runs SET start_time = ?2, creator = ?3, gpx_version = ?4, distance_m = ?5, summary_json = ?6,
                                diagnostics_json = ?7, activity_json = ?8, analysis_json = ?9
                WHERE id = ?1
                """, id, content.summary.startTimeSeconds, content.creator, content.gpxVersion, content.summary.distanceMeters,
                content.summaryJSON, content.diagnosticsJSON, content.headerJSON, content.analysisJSON)
            if database.changes == 0 { throw StoreError(.runNotFound, "there is no run \(id) (see 'runlog list')") }
            try database.run("DELETE FROM segments WHERE run_id = ?1", id)
            try database.run("DELETE FROM best_efforts WHERE run_id = ?1", id)
            try storeSamplesAndEfforts(content, runID: id)
        }
    }

    private func storeSamplesAndEfforts(_ content: StoredRunContent, runID id: Int64) throws {
        let insertSegment = try database.prepare(
            "INSERT INTO segments (run_id, track_index, segment_index, point_count, samples) VALUES (?1, ?2, ?3, ?4, ?5)")
        for segment in content.segments {
            insertSegment.reset()
            try insertSegment.bind([id, segment.track, segment.segment, segment.pointCount, segment.samples])
            while try insertSegment.step() {}
        }
        let insertEffort = try database.prepare("""
            INSERT INTO best_efforts (run_id, distance_m, elapsed_s, start_distance_m, start_time) VALUES (?1, ?2, ?3, ?4, ?5)
            """)
        for effort in content.bestEfforts {
            insertEffort.reset()
            try insertEffort.bind([id, effort.distanceMeters, effort.elapsedTimeSeconds, effort.startDistanceMeters,
                                   effort.startTimeSeconds])
            while try insertEffort.step() {}
        }
    }
}

/// A run encoded for the library: the activity's header and packed segments, the summary and the
/// analysis as JSON. Built before the write transaction, so the lock is held only for the writes.
struct StoredRunContent: Sendable {
    struct Segment: Sendable {
        var track: Int
        var segment: Int
        var pointCount: Int
        var samples: [UInt8]
    }

    var summary: ActivitySummary
    var bestEfforts: [BestEffort]
    var creator: String?
    var gpxVersion: String
    var headerJSON: String
    var summaryJSON: String
    var analysisJSON: String
    var diagnosticsJSON: String
    var segments: [Segment] = []

    init(activity: Activity, analysis: RunAnalysis, diagnostics: [Diagnostic]) throws {
        var header = activity
        for t in header.tracks.indices {
            for s in header.tracks[t].segments.indices { header.tracks[t].segments[s].points = [] }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        summary = analysis.summary
        bestEfforts = analysis.bestEfforts
        creator = activity.creator
        gpxVersion = activity.gpxVersion.rawValue
        headerJSON = String(decoding: try encoder.encode(header), as: UTF8.self)
        summaryJSON = String(decoding: try encoder.encode(analysis.summary), as: UTF8.self)
        analysisJSON = String(decoding: try encoder.encode(analysis), as: UTF8.self)
        diagnosticsJSON = String(decoding: try encoder.encode(diagnostics), as: UTF8.self)
        for (t, track) in activity.tracks.enumerated() {
            for (s, segment) in track.segments.enumerated() {
                segments.append(Segment(track: t, segment: s, pointCount: segment.points.count,
                                        samples: try PackedSamples.encode(segment.points)))
            }
        }
    }
}
