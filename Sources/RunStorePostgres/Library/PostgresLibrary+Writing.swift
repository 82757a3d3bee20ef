package import RunStore
package import RunCore
import Foundation

extension PostgresLibrary {
    package func delete(id: Int64) throws {
        try write {
            guard let original = try connection.scalarInt("SELECT original_id FROM runs WHERE owner = $1 AND id = $2", owner, id) else {
                throw LibraryError.runNotFound(id)
            }
            try connection.query("DELETE FROM runs WHERE owner = $1 AND id = $2", owner, id)
            try connection.query("""
                DELETE FROM originals o WHERE o.owner = $1 AND o.id = $2
                  AND NOT EXISTS (SELECT 1 FROM runs r WHERE r.owner = $1 AND r.original_id = $2)
                """, owner, original)
        }
    }

    package func rename(id: Int64, to name: String) throws {
        try RunFields.checkName(name)
        let trimmed = RunName.clean(name)
        try write {
            guard try connection.query("UPDATE runs SET name = $3 WHERE owner = $1 AND id = $2", owner, id, trimmed).changes > 0 else {
                throw LibraryError.runNotFound(id)
            }
            try refreshSearchText(id: id)
        }
    }

    package func setNotes(id: Int64, to notes: String) throws {
        try RunFields.checkNotes(notes)
        try write {
            guard try connection.query("UPDATE runs SET notes = $3 WHERE owner = $1 AND id = $2", owner, id, notes).changes > 0 else {
                throw LibraryError.runNotFound(id)
            }
            try refreshSearchText(id: id)
        }
    }

    @discardableResult
    package func complete(id: Int64, with metadata: ExportMetadata, fileBaseName: String) throws -> Bool {
        let name = metadata.name.map { RunName.clean($0) } ?? ""
        return try write {
            let changed = try connection.query("""
                UPDATE runs SET name = CASE WHEN $3 <> '' AND name = $4 THEN $3 ELSE name END,
                                notes = CASE WHEN notes = '' THEN $5 ELSE notes END,
                                gear = CASE WHEN gear = '' THEN $6 ELSE gear END
                WHERE owner = $1 AND id = $2
                  AND (($3 <> '' AND name = $4 AND name <> $3) OR (notes = '' AND $5 <> '') OR (gear = '' AND $6 <> ''))
                """, owner, id, name, fileBaseName, metadata.notes, metadata.gear).changes
            guard changed > 0 else { return false }
            try refreshSearchText(id: id)
            return true
        }
    }

    package func insert(_ original: StoredOriginal, parts: [StoredPart], isStored: (any RunLibrary) throws -> [RunRecord],
                        refuse: (any RunLibrary, StoredPart) throws -> ImportOutcome?) throws -> [ImportOutcome] {
        try write {
            let existing = try isStored(self)
            if !existing.isEmpty { return existing.map { .duplicate(existing: $0) } }
            var outcomes: [ImportOutcome] = []
            var originalID: Int64?
            let now = Date().timeIntervalSince1970
            for part in parts {
                if let outcome = try refuse(self, part) { outcomes.append(outcome); continue }
                if originalID == nil {
                    // An original no run refers to any more (its runs deleted) is taken again.
                    originalID = try connection.scalarInt("SELECT id FROM originals WHERE owner = $1 AND content_sha256 = $2",
                                                          owner, original.contentSHA256)
                }
                if originalID == nil {
                    guard let id = try connection.scalarInt(
                        "UPDATE libraries SET last_original_id = last_original_id + 1 WHERE owner = $1 RETURNING last_original_id", owner) else {
                        throw StoredDataError("the library of \(location) has no row to number its originals")
                    }
                    try connection.query("""
                        INSERT INTO originals (owner, id, content_sha256, source_name, imported_at, size, compression, skips_invalid_points)
                        VALUES ($1, $2, $3, $4, $5, $6, 'zlib', $7)
                        """, owner, id, original.contentSHA256, original.sourceName, now, original.size, original.skipsInvalidPoints)
                    try storeChunks(of: original.compressed, originalID: id)
                    originalID = id
                }
                guard let id = try connection.scalarInt(
                    "UPDATE libraries SET last_run_id = last_run_id + 1 WHERE owner = $1 RETURNING last_run_id", owner) else {
                    throw StoredDataError("the library of \(location) has no row to number its runs")
                }
                let content = part.content
                let columns = RunSearchColumns(name: part.name, notes: part.notes, header: content.header, sourceName: original.sourceName,
                                               summary: content.summary)
                try connection.query("""
                    INSERT INTO runs (owner, id, original_id, part_json, kind, name, start_time, imported_at, creator, gpx_version, distance_m,
                                      summary_json, diagnostics_json, activity_json, analysis_json, notes, gear, sport,
                                      place_text, search_text, duration_s, run_sport, has_heart_rate)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
                    """, values: [owner, id, originalID, part.selectionJSON, part.kind.rawValue, part.name, content.summary.startTimeSeconds,
                                  now, content.creator, content.gpxVersion, content.summary.distanceMeters, content.summaryJSON,
                                  content.diagnosticsJSON, content.headerJSON, content.analysisJSON, part.notes, part.gear,
                                  part.chosenSport?.rawValue, columns.placeText, columns.searchText, columns.durationSeconds,
                                  columns.sport.rawValue, columns.hasHeartRate])
                try storeSamplesAndEfforts(content, runID: id)
                outcomes.append(.imported(try run(id: id)))
            }
            return outcomes
        }
    }

    @discardableResult
    package func replaceAnalysis(id: Int64, activity: Activity, analysis: RunAnalysis, sketch: TrackSketch, diagnostics: [Diagnostic],
                                 chosenSport: Sport??, isCurrent: () throws -> Bool) throws -> Bool {
        let content = try StoredRunContent(activity: activity, analysis: analysis, sketch: sketch, diagnostics: diagnostics)
        return try write {
            guard try isCurrent() else { return false }
            if let chosenSport {
                try connection.query("UPDATE runs SET sport = $3 WHERE owner = $1 AND id = $2", owner, id, chosenSport?.rawValue)
            }
            let changed = try connection.query("""
                UPDATE runs SET start_time = $3, creator = $4, gpx_version = $5, distance_m = $6, summary_json = $7,
                                diagnostics_json = $8, activity_json = $9, analysis_json = $10
                WHERE owner = $1 AND id = $2
                """, values: [owner, id, content.summary.startTimeSeconds, content.creator, content.gpxVersion, content.summary.distanceMeters,
                              content.summaryJSON, content.diagnosticsJSON, content.headerJSON, content.analysisJSON]).changes
            guard changed > 0 else { throw LibraryError.runNotFound(id) }
            try connection.query("DELETE FROM segments WHERE owner = $1 AND run_id = $2", owner, id)
            try connection.query("DELETE FROM best_efforts WHERE owner = $1 AND run_id = $2", owner, id)
            if let row = try connection.query("""
                SELECT r.name, r.notes, o.source_name FROM runs r JOIN originals o ON o.owner = r.owner AND o.id = r.original_id
                WHERE r.owner = $1 AND r.id = $2
                """, owner, id).first {
                let columns = RunSearchColumns(name: row.text(0) ?? "", notes: row.text(1) ?? "", header: content.header,
                                               sourceName: row.text(2) ?? "", summary: content.summary)
                try connection.query("""
                    UPDATE runs SET place_text = $3, search_text = $4, duration_s = $5, run_sport = $6, has_heart_rate = $7
                    WHERE owner = $1 AND id = $2
                    """, owner, id, columns.placeText, columns.searchText, columns.durationSeconds, columns.sport.rawValue, columns.hasHeartRate)
            }
            try storeSamplesAndEfforts(content, runID: id)
            return true
        }
    }

    /// Writes `search_text` again after the name or the notes changed.
    private func refreshSearchText(id: Int64) throws {
        guard let row = try connection.query("SELECT name, notes, place_text FROM runs WHERE owner = $1 AND id = $2", owner, id).first
        else { return }
        let text = RunSearchColumns.searchText(name: row.text(0) ?? "", notes: row.text(1) ?? "", place: row.text(2) ?? "")
        try connection.query("UPDATE runs SET search_text = $3 WHERE owner = $1 AND id = $2 AND search_text <> $3", owner, id, text)
    }

    /// Stores the sketch computed from a run's points when it has none of this version and its
    /// numbers are still those of `parameters`.
    @discardableResult
    package func keepSketch(_ sketch: TrackSketch, id: Int64, parameters: AnalysisParameters) throws -> Bool {
        let packed = PackedSketch.encode(sketch)
        return try write {
            guard try connection.scalarInt("SELECT count(*) FROM sketches WHERE owner = $1 AND run_id = $2 AND version = $3",
                                           owner, id, Int32(TrackSketch.version)) == 0,
                  try run(id: id).summary.parameters == parameters else { return false }
            try storeVersioned(table: "sketches", runID: id, version: TrackSketch.version, data: packed)
            return true
        }
    }

    /// A run's row of `sketches` or `analyses`, replacing any it had.
    private func storeVersioned(table: String, runID id: Int64, version: Int, data: [UInt8]) throws {
        try connection.query("""
            INSERT INTO \(table) (owner, run_id, version, data) VALUES ($1, $2, $3, $4)
            ON CONFLICT (owner, run_id) DO UPDATE SET version = EXCLUDED.version, data = EXCLUDED.data
            """, owner, id, Int32(version), data)
    }

    /// The run's packed segments, best efforts, packed analysis and page sketch (the last two replacing any it had).
    private func storeSamplesAndEfforts(_ content: StoredRunContent, runID id: Int64) throws {
        try storeVersioned(table: "sketches", runID: id, version: TrackSketch.version, data: content.sketch)
        try storeVersioned(table: "analyses", runID: id, version: PackedAnalysis.version, data: content.packedAnalysis)
        for segment in content.segments {
            try connection.query("""
                INSERT INTO segments (owner, run_id, track_index, segment_index, point_count, samples) VALUES ($1, $2, $3, $4, $5, $6)
                """, owner, id, Int32(segment.track), Int32(segment.segment), Int32(segment.pointCount), segment.samples)
        }
        for effort in content.bestEfforts {
            try connection.query("""
                INSERT INTO best_efforts (owner, run_id, distance_m, elapsed_s, start_distance_m, start_time) VALUES ($1, $2, $3, $4, $5, $6)
                """, owner, id, effort.distanceMeters, effort.elapsedTimeSeconds, effort.startDistanceMeters, effort.startTimeSeconds)
        }
    }
}
