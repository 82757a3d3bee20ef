package import RunStore
package import RunCore
import RunFormats
import Foundation

/// The run library: `library.sqlite`, one row per run with its summary, the original file
/// (compressed, byte for byte) and the track points packed per segment.
///
/// One `Library` per process and thread. Several processes may open the same file (SQLite WAL).
package final class Library: RunLibrary {
    let database: Database

    /// Opens the library at `path`, migrating its schema; creates it (and its directory) when
    /// `creating` is true and it does not exist.
    /// - Throws: ``StorageOpenError`` (`.noLibrary` when it does not exist and may not be created,
    ///   `.cannotOpen`, `.notALibrary`, `.newerSchema`) or ``SQLiteError``.
    package init(path: String, creating: Bool = true) throws {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists && isFolder.boolValue {
            var error = StorageOpenError(.notALibrary, "\(path) is a folder, not a library file", store: .library, location: path)
            error.isFolder = true
            throw error
        }
        if !exists {
            guard creating else { throw StorageOpenError(.noLibrary, "there is no library at \(path)", store: .library, location: path) }
            let directory = PathText.folder(of: path)
            if !directory.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                } catch {
                    throw StorageOpenError(.cannotOpen, "cannot create the library folder \(directory): \(Self.reason(directory))",
                                           store: .library, location: path, reason: Self.reason(directory))
                }
            }
        }
        do {
            database = try Self.openDatabase(path)
            try LibrarySchema.migrate(database)
        } catch let error as SQLiteError where error.primaryCode == 26 || error.primaryCode == 11 {
            // SQLITE_NOTADB, SQLITE_CORRUPT
            throw StorageOpenError(.notALibrary, "\(path) is not a library (\(error.message))", store: .library, location: path, reason: error.message)
        } catch let error as SQLiteError where error.primaryCode == 14 || error.primaryCode == 8 {
            // SQLITE_CANTOPEN, SQLITE_READONLY
            throw StorageOpenError(.cannotOpen, "cannot open the library \(path): \(Self.reason(path))", store: .library, location: path,
                                   reason: Self.reason(path))
        }
    }

    /// Opens read-write; a library the user may only read (a read-only file or folder) is opened
    /// read-only, so listing and showing still work (writing commands then fail with SQLite's
    /// "readonly" error); so is one on a full disk (writing commands then fail as a full disk).
    private static func openDatabase(_ path: String) throws -> Database {
        do {
            // Several processes may create the library at once (see `retryingWhileBusy`).
            return try Database.retryingWhileBusy { try Database(path: path) }
        } catch let error as SQLiteError where error.isFull && FileManager.default.fileExists(atPath: path) {
            // A full disk: what only reads (list, show, export) still works.
            return try Database.readingOnFullDisk(path, after: error)
        } catch let error as SQLiteError where [8, 14].contains(error.primaryCode) && FileManager.default.fileExists(atPath: path) {
            if access(path, R_OK) != 0 { throw error }
            if let database = try? Database(path: path, readOnly: true) { return database }
            return try Database(path: path, readOnly: true, immutable: true)
        }
    }

    /// Whether the library was opened read-only.
    package var isReadOnly: Bool { database.isReadOnly }

    /// Why a path cannot be used, from the file system's point of view.
    private static func reason(_ path: String) -> String {
        var existing = path
        while !existing.isEmpty, existing != "/", !FileManager.default.fileExists(atPath: existing) {
            existing = PathText.folder(of: existing)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: existing, isDirectory: &isDirectory), !isDirectory.boolValue, existing != path {
            return "\(existing) is a file, not a folder"
        }
        if access(existing.isEmpty ? "." : existing, W_OK) != 0 { return "\(existing) is not writable" }
        return String(cString: strerror(errno))
    }

    /// Path of the library file.
    package var path: String { database.path }
    package var location: String { database.path }

    /// SQLite's `PRAGMA data_version` on this connection: it changes when another connection, of
    /// this process or another, commits to the library (not for this connection's own commits).
    /// Cheap; for caches that must notice other writers.
    package var changeToken: Int64 { database.changeToken }

    // MARK: - Reading

    /// The columns of a ``RunRecord``, from `runs r JOIN originals o` (``recordTables``).
    static let recordColumns = """
        r.id, r.name, r.start_time, r.imported_at, o.source_name, r.creator, r.gpx_version, r.summary_json, r.diagnostics_json,
        o.content_sha256, r.notes, r.kind, r.sport, r.original_id, r.part_json, r.gear
        """
    static let recordTables = "runs r JOIN originals o ON o.id = r.original_id"

    /// All runs, newest first (runs without a start time last, newest import first).
    package func runs() throws -> [RunRecord] {
        let statement = try database.prepare(
            "SELECT \(Self.recordColumns) FROM \(Self.recordTables) ORDER BY r.start_time IS NULL, r.start_time DESC, r.id DESC")
        var records: [RunRecord] = []
        while try statement.step() { records.append(try record(from: statement)) }
        return records
    }

    /// The run with number `id`.
    /// - Throws: ``LibraryError`` `.runNotFound`.
    package func run(id: Int64) throws -> RunRecord {
        let statement = try database.prepare("SELECT \(Self.recordColumns) FROM \(Self.recordTables) WHERE r.id = ?1")
        try statement.bind([id])
        guard try statement.step() else { throw LibraryError.runNotFound(id) }
        return try record(from: statement)
    }

    /// Number of runs in the library.
    package func count() throws -> Int { Int(try database.scalarInt("SELECT count(*) FROM runs") ?? 0) }

    /// The file exactly as it was imported, in pieces of at most 256 KiB, in order: an original of
    /// any size (a 2 GiB one too) is read again with bounded memory.
    /// - Throws: ``LibraryError`` `.runNotFound`, ``StoredDataError`` (no original, or damaged), or what `body` throws.
    package func forEachOriginalChunk(id: Int64, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let statement = try database.prepare(
            "SELECT o.size, o.compression, o.data FROM runs r JOIN originals o ON o.id = r.original_id WHERE r.id = ?1")
        try statement.bind([id])
        guard try statement.step() else { _ = try run(id: id); throw StoredDataError("run \(id) has no stored original", runID: id) }
        let size = statement.int(0)
        do {
            try Inflater.forEachChunk(of: statement.blob(2), expectedSize: size, body)
        } catch let error as StoredDataError {
            throw StoredDataError("the stored original of run \(id) is damaged: \(error.message)", runID: id)
        }
    }

    /// The run with its stored analysis: packed (schema 9) where it has one of this version, else
    /// its JSON; nil for runs stored before analyses were kept (`runlog reanalyze` computes it).
    package func runWithAnalysis(id: Int64, splits: SplitUnits) throws -> (record: RunRecord, analysis: RunAnalysis?) {
        let statement = try database.prepare("""
            SELECT \(Self.recordColumns), a.version, a.data, r.analysis_json FROM \(Self.recordTables)
            LEFT JOIN analyses a ON a.run_id = r.id WHERE r.id = ?1
            """)
        try statement.bind([id])
        guard try statement.step() else { throw LibraryError.runNotFound(id) }
        let record = try record(from: statement)
        let analysis = try StoredAnalysis.read(record: record, packedVersion: statement.optionalInt64(16), packed: { statement.blob(17) },
                                               json: { statement.text(18) }, splits: splits)
        return (record, analysis)
    }

    /// What the run's page draws; nil for a run stored before schema 8, or whose sketch another
    /// version of runlog computed.
    package func sketch(id: Int64) throws -> TrackSketch? {
        let statement = try database.prepare("SELECT s.version, s.data FROM runs r LEFT JOIN sketches s ON s.run_id = r.id WHERE r.id = ?1")
        try statement.bind([id])
        guard try statement.step() else { throw LibraryError.runNotFound(id) }
        guard statement.optionalInt64(0) == Int64(TrackSketch.version) else { return nil }
        do {
            return try PackedSketch.decode(statement.blob(1))
        } catch let error as StoredDataError {
            throw StoredDataError("the stored sketch of run \(id) cannot be read: \(error.message)", runID: id)
        }
    }

    /// Whether points with an invalid position were skipped when the run was imported (the
    /// original is re-read the same way).
    package func skipsInvalidPoints(id: Int64) throws -> Bool {
        (try database.scalarInt("SELECT o.skips_invalid_points FROM runs r JOIN originals o ON o.id = r.original_id WHERE r.id = ?1", id) ?? 0) != 0
    }

    /// Numbers of all runs, oldest first.
    package func runIDs() throws -> [Int64] {
        let statement = try database.prepare("SELECT id FROM runs ORDER BY id")
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(0)) }
        return ids
    }

    /// The runs cut from the original with this SHA-256, in order (none when it is not stored).
    package func runIDs(contentSHA256 digest: [UInt8]) throws -> [Int64] {
        let statement = try database.prepare(
            "SELECT r.id FROM runs r JOIN originals o ON o.id = r.original_id WHERE o.content_sha256 = ?1 ORDER BY r.id")
        try statement.bind([digest])
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(0)) }
        return ids
    }

    /// Runs that start within `toleranceSeconds` of `startTime`.
    package func runs(startingNear startTime: Double, toleranceSeconds: Double) throws -> [RunRecord] {
        let statement = try database.prepare(
            "SELECT \(Self.recordColumns) FROM \(Self.recordTables) WHERE r.start_time BETWEEN ?1 AND ?2 ORDER BY r.id")
        try statement.bind([startTime - toleranceSeconds, startTime + toleranceSeconds])
        var records: [RunRecord] = []
        while try statement.step() { records.append(try record(from: statement)) }
        return records
    }

    // MARK: - Decoding rows

    package func header(id: Int64) throws -> Activity {
        guard let json = try database.scalarText("SELECT activity_json FROM runs WHERE id = ?1", id) else {
            throw LibraryError.runNotFound(id)
        }
        do {
            return try StoredJSONDecoder().decode(Activity.self, from: json)
        } catch {
            throw StoredDataError("the stored description of run \(id) cannot be read: \(error)", runID: id)
        }
    }

    package func points(runID: Int64, track: Int, segment: Int) throws -> [TrackPoint] {
        let statement = try database.prepare(
            "SELECT samples FROM segments WHERE run_id = ?1 AND track_index = ?2 AND segment_index = ?3")
        try statement.bind([runID, track, segment])
        guard try statement.step() else { throw StoredDataError("run \(runID) is missing segment \(segment) of track \(track)", runID: runID) }
        return try PackedSamples.decode(statement.blob(0))
    }

    func record(from statement: Statement) throws -> RunRecord {
        let decoder = StoredJSONDecoder()
        let id = statement.int64(0)
        do {
            return RunRecord(
                id: id, name: statement.text(1) ?? "", startTimeSeconds: statement.optionalDouble(2),
                importedAtSeconds: statement.double(3), sourceName: statement.text(4) ?? "", creator: statement.text(5),
                gpxVersion: statement.text(6) ?? "",
                summary: try decoder.decode(ActivitySummary.self, from: statement.text(7) ?? ""),
                diagnostics: try decoder.decode([Diagnostic].self, from: statement.text(8) ?? "[]"),
                contentSHA256: SHA256.hex(statement.blob(9)), notes: statement.text(10) ?? "",
                kind: RunRecord.Kind(rawValue: statement.text(11) ?? "") ?? .activity,
                chosenSport: statement.text(12).flatMap(Sport.init(rawValue:)), originalID: statement.int64(13),
                part: try statement.text(14).map { try decoder.decode(ActivitySelection.self, from: $0) },
                gear: statement.text(15) ?? "")
        } catch {
            throw StoredDataError("the stored summary of run \(id) cannot be read: \(error)", runID: id)
        }
    }
}
