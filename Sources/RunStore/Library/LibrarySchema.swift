/// The run library's schema, one migration per version, applied in order inside a transaction.
/// `PRAGMA user_version` holds the version reached.
enum LibrarySchema {
    /// SQL of each migration; index 0 brings an empty file to version 1.
    static let migrations: [String] = [
        """
        CREATE TABLE runs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,       -- the run's number, never reused
            name TEXT NOT NULL,
            start_time REAL,                            -- seconds since 1970 UTC; NULL without times
            imported_at REAL NOT NULL,
            source_name TEXT NOT NULL,                  -- file name as imported
            creator TEXT,
            gpx_version TEXT NOT NULL,
            content_sha256 BLOB NOT NULL UNIQUE,        -- SHA-256 of the original bytes
            distance_m REAL NOT NULL,
            summary_json TEXT NOT NULL,                 -- ActivitySummary with its AnalysisParameters
            diagnostics_json TEXT NOT NULL,             -- what the reader noticed
            activity_json TEXT NOT NULL                 -- Activity without track points
        );
        CREATE INDEX runs_by_start_time ON runs(start_time);
        CREATE TABLE originals (
            run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
            size INTEGER NOT NULL,
            compression TEXT NOT NULL,                  -- 'zlib'
            data BLOB NOT NULL
        );
        CREATE TABLE segments (
            run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            track_index INTEGER NOT NULL,
            segment_index INTEGER NOT NULL,
            point_count INTEGER NOT NULL,
            samples BLOB NOT NULL,                      -- PackedSamples
            PRIMARY KEY (run_id, track_index, segment_index)
        ) WITHOUT ROWID;
        """,
        """
        ALTER TABLE runs ADD COLUMN analysis_json TEXT;                          -- RunAnalysis; NULL until analysed
        ALTER TABLE runs ADD COLUMN skips_invalid_points INTEGER NOT NULL DEFAULT 0;  -- how the original is read
        CREATE TABLE best_efforts (
            run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            distance_m REAL NOT NULL,
            elapsed_s REAL NOT NULL,
            start_distance_m REAL NOT NULL,
            start_time REAL NOT NULL,
            PRIMARY KEY (run_id, distance_m)
        ) WITHOUT ROWID;
        CREATE INDEX best_efforts_by_distance ON best_efforts(distance_m, elapsed_s);
        """,
        """
        ALTER TABLE runs ADD COLUMN notes TEXT NOT NULL DEFAULT '';              -- the runner's own notes
        CREATE TABLE search_sets (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            definition_json TEXT NOT NULL,              -- the saved search's filters
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        """,
        """
        -- The default search set, "All runs" (no filter): always there; runlog refuses to change it.
        INSERT OR IGNORE INTO search_sets (name, definition_json, created_at, updated_at)
        VALUES ('All runs', '{"version":1}', CAST(strftime('%s', 'now') AS REAL), CAST(strftime('%s', 'now') AS REAL));
        """,
    ]

    static var latestVersion: Int { migrations.count }

    /// Brings the database to the latest version.
    /// - Throws: ``StoreError`` `.newerSchema` when the file comes from a newer runlog.
    static func migrate(_ database: Database) throws {
        let current = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
        if current == latestVersion { return }
        if database.isReadOnly {
            guard current < latestVersion else {
                throw StoreError(.newerSchema, "\(database.path) was written by a newer runlog (schema \(current), this one knows \(latestVersion))")
            }
            throw StoreError(.cannotOpen, "\(database.path) needs an upgrade to schema \(latestVersion), but it is read-only")
        }
        try database.immediateTransaction {
            let version = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
            guard version <= latestVersion else {
                throw StoreError(.newerSchema, "\(database.path) was written by a newer runlog (schema \(version), this one knows \(latestVersion))")
            }
            for index in version..<latestVersion {
                try database.execute(migrations[index])
            }
            if version != latestVersion { try database.execute("PRAGMA user_version = \(latestVersion)") }
        }
    }
}
