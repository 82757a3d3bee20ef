import RunStore
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
        -- The default search set, "All runs" (no filter): always there; it cannot be changed.
        INSERT OR IGNORE INTO search_sets (name, definition_json, created_at, updated_at)
        VALUES ('All runs', '{"version":1}', CAST(strftime('%s', 'now') AS REAL), CAST(strftime('%s', 'now') AS REAL));
        """,
        """
        -- A file may hold several runs (a logger's dump, a multi-day hike): originals get their own
        -- rows, and each run points at its original, with the part of it that it is.
        CREATE TABLE originals_v5 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            content_sha256 BLOB NOT NULL UNIQUE,        -- SHA-256 of the original bytes
            source_name TEXT NOT NULL,                  -- file name as imported
            imported_at REAL NOT NULL,
            size INTEGER NOT NULL,
            compression TEXT NOT NULL,                  -- 'zlib'
            data BLOB NOT NULL,
            skips_invalid_points INTEGER NOT NULL DEFAULT 0  -- how the original is read
        );
        INSERT INTO originals_v5 (id, content_sha256, source_name, imported_at, size, compression, data, skips_invalid_points)
            SELECT r.id, r.content_sha256, r.source_name, r.imported_at, o.size, o.compression, o.data, r.skips_invalid_points
            FROM runs r JOIN originals o ON o.run_id = r.id;
        DROP TABLE originals;
        ALTER TABLE originals_v5 RENAME TO originals;
        CREATE TABLE runs_v5 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,       -- the run's number, never reused
            original_id INTEGER NOT NULL REFERENCES originals(id),
            part_json TEXT,                             -- ActivitySelection; NULL: the whole file
            kind TEXT NOT NULL DEFAULT 'activity',      -- 'activity', or 'route' (tracks without times)
            name TEXT NOT NULL,
            start_time REAL,                            -- seconds since 1970 UTC; NULL without times
            imported_at REAL NOT NULL,
            creator TEXT,
            gpx_version TEXT NOT NULL,
            distance_m REAL NOT NULL,
            summary_json TEXT NOT NULL,                 -- ActivitySummary with its AnalysisParameters
            diagnostics_json TEXT NOT NULL,             -- what the reader noticed
            activity_json TEXT NOT NULL,                -- the run's Activity without track points
            analysis_json TEXT,                         -- RunAnalysis; NULL until analysed
            notes TEXT NOT NULL DEFAULT '',             -- the runner's own notes
            sport TEXT                                  -- the runner's choice of sport; NULL: as the file says or inferred
        );
        INSERT INTO runs_v5 (id, original_id, part_json, kind, name, start_time, imported_at, creator, gpx_version, distance_m,
                             summary_json, diagnostics_json, activity_json, analysis_json, notes, sport)
            SELECT id, id, NULL, CASE WHEN start_time IS NULL THEN 'route' ELSE 'activity' END, name, start_time, imported_at, creator, gpx_version, distance_m,
                   summary_json, diagnostics_json, activity_json, analysis_json, notes, NULL
            FROM runs;
        -- Run numbers are never reused: the new table goes on from the old one's counter.
        DELETE FROM sqlite_sequence WHERE name = 'runs_v5';
        INSERT INTO sqlite_sequence (name, seq) SELECT 'runs_v5', seq FROM sqlite_sequence WHERE name = 'runs';
        DROP TABLE runs;
        ALTER TABLE runs_v5 RENAME TO runs;
        CREATE INDEX runs_by_start_time ON runs(start_time);
        CREATE INDEX runs_by_original ON runs(original_id);
        """,
        """
        -- Exports name the gear each activity was done with (Strava's activities.csv): kept per run.
        ALTER TABLE runs ADD COLUMN gear TEXT NOT NULL DEFAULT '';  -- the shoes or bike, as named; '' when none
        """,
        """
        -- Searches and pages run in SQL: what a search filters on gets columns (filled from the
        -- stored summaries and descriptions by ``SearchColumns``), and the words a run holds a
        -- trigram index, so a word matches anywhere in the name, notes or place, as before.
        ALTER TABLE runs ADD COLUMN place_text TEXT NOT NULL DEFAULT '';      -- SearchPlace: where the file says it was
        ALTER TABLE runs ADD COLUMN search_text TEXT NOT NULL DEFAULT '';     -- name, notes, place; case and accents folded
        ALTER TABLE runs ADD COLUMN duration_s REAL;                          -- moving time, else elapsed; NULL without times
        ALTER TABLE runs ADD COLUMN run_sport TEXT NOT NULL DEFAULT 'running'; -- the sport the numbers were computed for
        ALTER TABLE runs ADD COLUMN has_heart_rate INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX runs_by_listing ON runs(start_time IS NULL, start_time DESC, id DESC);
        CREATE VIRTUAL TABLE runs_search USING fts5(search_text, content='runs', content_rowid='id', tokenize='trigram');
        """,
        """
        -- What a run's page draws (the lines at the map's resolution, markers, the region's basis,
        -- the chart series), written with the run's numbers at import and reanalysis. Runs stored
        -- before have none: their page computes it from the points until they are reanalysed.
        CREATE TABLE sketches (
            run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
            version INTEGER NOT NULL,                   -- TrackSketch.version it was computed by
            data BLOB NOT NULL                          -- PackedSketch
        );
        """,
        """
        -- A run's analysis packed for its page (all but the summary, which is the run's), written
        -- beside analysis_json at import and reanalysis; filled for the runs stored before by
        -- ``AnalysisPacking``. A run without one (or of another version) is read from its JSON.
        CREATE TABLE analyses (
            run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
            version INTEGER NOT NULL,                   -- PackedAnalysis.version it was packed by
            data BLOB NOT NULL                          -- PackedAnalysis
        );
        """,
    ]

    static let searchIndexTriggers = """
        CREATE TRIGGER runs_search_insert AFTER INSERT ON runs BEGIN
            INSERT INTO runs_search (rowid, search_text) VALUES (new.id, new.search_text);
        END;
        CREATE TRIGGER runs_search_delete AFTER DELETE ON runs BEGIN
            INSERT INTO runs_search (runs_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
        END;
        CREATE TRIGGER runs_search_update AFTER UPDATE OF search_text ON runs BEGIN
            INSERT INTO runs_search (runs_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
            INSERT INTO runs_search (rowid, search_text) VALUES (new.id, new.search_text);
        END;
        """

    /// What a migration needs of Swift after its SQL, by the version it brings the file to.
    static let steps: [Int: @Sendable (Database) throws -> Void] = [
        // The index follows `search_text` through triggers made once it is filled (an external
        // content index must never be told to delete what it does not hold).
        7: { database in
            try SearchColumns.fillAll(database)
            try database.execute(searchIndexTriggers)
        },
        9: { database in try AnalysisPacking.packAll(database) },
    ]

    static var latestVersion: Int { migrations.count }

    /// Brings the database to the latest version.
    /// - Throws: ``StorageOpenError`` `.newerSchema` when the file comes from a newer version.
    static func migrate(_ database: Database) throws {
        try migrate(database, upTo: latestVersion)
    }

    /// A library of schema `found`, newer than the `known` one.
    private static func newerSchema(_ path: String, found: Int, known: Int) -> StorageOpenError {
        var error = StorageOpenError(.newerSchema, "\(path) was written by a newer version (schema \(found), this one knows \(known))",
                                     store: .library, location: path)
        (error.schemaVersion, error.supportedSchemaVersion) = (found, known)
        return error
    }

    /// Brings the database to `target` (tests make libraries of earlier versions with it).
    static func migrate(_ database: Database, upTo target: Int) throws {
        let current = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
        if current == target { return }
        if database.isReadOnly {
            guard current < target else {
                throw newerSchema(database.path, found: current, known: target)
            }
            var error = StorageOpenError(.cannotOpen, "\(database.path) needs an upgrade to schema \(target), but it is read-only",
                                         store: .library, location: database.path, reason: "read-only")
            error.needsUpgrade = true
            (error.schemaVersion, error.supportedSchemaVersion) = (current, target)
            throw error
        }
        // Tables are rebuilt with foreign keys off (SQLite's documented way: with them on, dropping
        // the old runs table would delete every segment with it); they are checked before commit.
        try database.execute("PRAGMA foreign_keys = OFF")
        defer { try? database.execute("PRAGMA foreign_keys = ON") }
        try database.immediateTransaction {
            let version = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
            guard version <= target else {
                throw newerSchema(database.path, found: version, known: target)
            }
            for index in version..<target {
                try database.execute(migrations[index])
                try steps[index + 1]?(database)
            }
            if try database.scalarInt("SELECT count(*) FROM pragma_foreign_key_check") ?? 0 > 0 {
                throw StoredDataError("\(database.path): the upgrade to schema \(target) left references to nothing; nothing was changed")
            }
            if version != target { try database.execute("PRAGMA user_version = \(target)") }
        }
    }
}
