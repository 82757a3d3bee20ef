package import RunStore
package import RunCore
import Foundation

extension Library {
    /// Deletes a run with its samples and best efforts, and its original when no other run was
    /// cut from it.
    /// - Throws: ``LibraryError`` `.runNotFound`.
    package func delete(id: Int64) throws {
        try database.immediateTransaction {
            guard let original = try database.scalarInt("SELECT original_id FROM runs WHERE id = ?1", id) else {
                throw LibraryError.runNotFound(id)
            }
            try database.run("DELETE FROM runs WHERE id = ?1", id)
            try database.run("DELETE FROM originals WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM runs WHERE original_id = ?1)", original)
        }
    }

    /// Renames a run.
    /// - Throws: ``LibraryError`` `.runNotFound`, `.invalidEdit` for an empty name or one over 200 characters.
    package func rename(id: Int64, to name: String) throws {
        try RunFields.checkName(name)
        let trimmed = RunName.clean(name)
        try database.immediateTransaction {
            try database.run("UPDATE runs SET name = ?1 WHERE id = ?2", trimmed, id)
            if database.changes == 0 { throw LibraryError.runNotFound(id) }
            try SearchColumns.refreshText(database, id: id)
        }
    }

    /// Replaces a run's notes ("" removes them).
    /// - Throws: ``LibraryError`` `.runNotFound`, `.invalidEdit` for notes over 10,000 characters.
    package func setNotes(id: Int64, to notes: String) throws {
        try RunFields.checkNotes(notes)
        try database.immediateTransaction {
            try database.run("UPDATE runs SET notes = ?1 WHERE id = ?2", notes, id)
            if database.changes == 0 { throw LibraryError.runNotFound(id) }
            try SearchColumns.refreshText(database, id: id)
        }
    }

    /// Completes a stored run with what an export says of it, filling only what is empty: the
    /// name when the run is still named after its file (`fileBaseName`), the notes, the gear. The
    /// sport is not touched here (a new sport recomputes the run: ``RunReanalyzer``).
    /// - Returns: whether anything changed.
    @discardableResult
    package func complete(id: Int64, with metadata: ExportMetadata, fileBaseName: String) throws -> Bool {
        let name = metadata.name.map { RunName.clean($0) } ?? ""
        return try database.immediateTransaction {
            try database.run("""
                UPDATE runs SET name = CASE WHEN ?2 <> '' AND name = ?3 THEN ?2 ELSE name END,
                                notes = CASE WHEN notes = '' THEN ?4 ELSE notes END,
                                gear = CASE WHEN gear = '' THEN ?5 ELSE gear END
                WHERE id = ?1 AND ((?2 <> '' AND name = ?3 AND name <> ?2) OR (notes = '' AND ?4 <> '') OR (gear = '' AND ?5 <> ''))
                """, id, name, fileBaseName, metadata.notes, metadata.gear)
            guard database.changes > 0 else { return false }
            try SearchColumns.refreshText(database, id: id)
            return true
        }
    }

    /// Inserts a file's runs in one transaction: its original once, then each part — the run, its
    /// packed segments, its best efforts, its page's sketch. Either all of it is stored or nothing is (also when the
    /// process is killed).
    /// - Parameters:
    ///   - isStored: runs first inside the transaction, holding the write lock: the runs already
    ///     cut from this original (a duplicate by content), if any — then nothing is stored and
    ///     each is returned as a `.duplicate`.
    ///   - refuse: then for each part: a non-nil outcome (a probable duplicate) skips it.
    /// - Returns: an outcome per part, in order (per stored run for a duplicate file).
    package func insert(_ original: StoredOriginal, parts: [StoredPart], isStored: (any RunLibrary) throws -> [RunRecord],
                       refuse: (any RunLibrary, StoredPart) throws -> ImportOutcome?) throws -> [ImportOutcome] {
        try database.immediateTransaction {
            let existing = try isStored(self)
            if !existing.isEmpty { return existing.map { .duplicate(existing: $0) } }
            var outcomes: [ImportOutcome] = []
            var originalID: Int64?
            let now = Date().timeIntervalSince1970
            for part in parts {
                if let outcome = try refuse(self, part) { outcomes.append(outcome); continue }
                if originalID == nil {
                    // An original no run refers to any more (its runs deleted by hand) is taken again.
                    originalID = try database.scalarInt("SELECT id FROM originals WHERE content_sha256 = ?1", original.contentSHA256)
                }
                if originalID == nil {
                    try database.run("""
                        INSERT INTO originals (content_sha256, source_name, imported_at, size, compression, data, skips_invalid_points)
                        VALUES (?1, ?2, ?3, ?4, 'zlib', ?5, ?6)
                        """, original.contentSHA256, original.sourceName, now, original.size, original.compressed, original.skipsInvalidPoints)
                    originalID = database.lastInsertRowID
                }
                let content = part.content
                try database.run("""
                    INSERT INTO runs (original_id, part_json, kind, name, start_time, imported_at, creator, gpx_version, distance_m,
                                      summary_json, diagnostics_json, activity_json, analysis_json, notes, gear, sport)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
                    """, originalID, part.selectionJSON, part.kind.rawValue, part.name, content.summary.startTimeSeconds, now,
                    content.creator, content.gpxVersion, content.summary.distanceMeters, content.summaryJSON,
                    content.diagnosticsJSON, content.headerJSON, content.analysisJSON, part.notes, part.gear, part.chosenSport?.rawValue)
                let id = database.lastInsertRowID
                try SearchColumns.write(database, id: id, name: part.name, notes: part.notes, header: content.header,
                                        sourceName: original.sourceName, summary: content.summary)
                try storeSamplesAndEfforts(content, runID: id)
                outcomes.append(.imported(try run(id: id)))
            }
            return outcomes
        }
    }

    /// Replaces what was computed from a run's original (samples, summary, analysis, best efforts,
    /// the page's sketch) in one transaction; the original, name and number stay.
    /// - Parameters:
    ///   - chosenSport: when given, the runner's choice of sport is set too, in the same
    ///     transaction (`.some(nil)`: back to the file's or the inferred sport).
    ///   - isCurrent: asked after `BEGIN IMMEDIATE` (the write lock held), before anything is
    ///     written; false: nothing is written.
    /// - Returns: whether the run was written.
    @discardableResult
    package func replaceAnalysis(id: Int64, activity: Activity, analysis: RunAnalysis, sketch: TrackSketch, diagnostics: [Diagnostic],
                                chosenSport: Sport??, isCurrent: () throws -> Bool) throws -> Bool {
        let content = try StoredRunContent(activity: activity, analysis: analysis, sketch: sketch, diagnostics: diagnostics)
        return try database.immediateTransaction {
            guard try isCurrent() else { return false }
            if let chosenSport { try database.run("UPDATE runs SET sport = ?1 WHERE id = ?2", chosenSport?.rawValue, id) }
            try database.run("""
                UPDATE runs SET start_time = ?2, creator = ?3, gpx_version = ?4, distance_m = ?5, summary_json = ?6,
                                diagnostics_json = ?7, activity_json = ?8, analysis_json = ?9
                WHERE id = ?1
                """, id, content.summary.startTimeSeconds, content.creator, content.gpxVersion, content.summary.distanceMeters,
                content.summaryJSON, content.diagnosticsJSON, content.headerJSON, content.analysisJSON)
            if database.changes == 0 { throw LibraryError.runNotFound(id) }
            try database.run("DELETE FROM segments WHERE run_id = ?1", id)
            try database.run("DELETE FROM best_efforts WHERE run_id = ?1", id)
            let row = try database.prepare("SELECT r.name, r.notes, o.source_name FROM runs r JOIN originals o ON o.id = r.original_id WHERE r.id = ?1")
            try row.bind([id])
            if try row.step() {
                try SearchColumns.write(database, id: id, name: row.text(0) ?? "", notes: row.text(1) ?? "", header: content.header,
                                        sourceName: row.text(2) ?? "", summary: content.summary)
            }
            try storeSamplesAndEfforts(content, runID: id)
            return true
        }
    }

    /// Stores the sketch computed from a run's points when it has none of this version and its
    /// numbers are still those of `parameters`.
    @discardableResult
    package func keepSketch(_ sketch: TrackSketch, id: Int64, parameters: AnalysisParameters) throws -> Bool {
        let packed = PackedSketch.encode(sketch)
        return try database.immediateTransaction {
            guard try database.scalarInt("SELECT count(*) FROM sketches WHERE run_id = ?1 AND version = ?2", id, TrackSketch.version) == 0,
                  try run(id: id).summary.parameters == parameters else { return false }
            try storeSketch(packed, runID: id)
            return true
        }
    }

    /// A run's packed sketch, replacing any it had.
    private func storeSketch(_ packed: [UInt8], runID id: Int64) throws {
        try database.run("INSERT OR REPLACE INTO sketches (run_id, version, data) VALUES (?1, ?2, ?3)", id, TrackSketch.version, packed)
    }

    /// The run's packed segments, best efforts, packed analysis and sketch (the last two replacing any it had).
    private func storeSamplesAndEfforts(_ content: StoredRunContent, runID id: Int64) throws {
        try storeSketch(content.sketch, runID: id)
        try database.run("INSERT OR REPLACE INTO analyses (run_id, version, data) VALUES (?1, ?2, ?3)",
                         id, PackedAnalysis.version, content.packedAnalysis)
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
