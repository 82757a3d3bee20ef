import RunStore

/// The upgrade to schema 4: every user's analyses stored as JSON before are packed
/// (``RunStore/PackedAnalysis``), so their runs' pages read them without parsing JSON.
enum PostgresAnalysisPacking {
    /// Packs every run's analysis that has no packed form yet (inside the migration's
    /// transaction), a hundred runs read at a time. A run whose analysis cannot be packed (see
    /// ``RunStore/StoredAnalysis/packing(analysisJSON:summaryJSON:)``) is left to its JSON.
    @Sendable static func packAll(_ connection: PostgresConnection) throws {
        var after: (owner: Int64, id: Int64) = (Int64.min, Int64.min)
        while true {
            let rows = try connection.query("""
                SELECT r.owner, r.id, r.analysis_json, r.summary_json FROM runs r
                WHERE r.analysis_json IS NOT NULL AND (r.owner, r.id) > ($1, $2)
                  AND NOT EXISTS (SELECT 1 FROM analyses a WHERE a.owner = r.owner AND a.run_id = r.id)
                ORDER BY r.owner, r.id LIMIT 100
                """, after.owner, after.id).all
            guard let last = rows.last else { return }
            for row in rows {
                guard let packed = StoredAnalysis.packing(analysisJSON: row.text(2) ?? "", summaryJSON: row.text(3) ?? "") else { continue }
                try connection.query("INSERT INTO analyses (owner, run_id, version, data) VALUES ($1, $2, $3, $4)",
                                     row.int64(0), row.int64(1), Int32(PackedAnalysis.version), packed)
            }
            after = (last.int64(0), last.int64(1))
        }
    }
}
