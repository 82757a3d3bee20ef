package import RunStore
package import RunCore
import Foundation

/// One user's run library in a PostgreSQL database: the same rows as the SQLite library's, each
/// with its `owner`, and every statement names the owner. Originals are kept compressed, byte for
/// byte, in pieces (`original_chunks`); track points packed per segment.
///
/// One `PostgresLibrary` per thread (it owns one connection). Writes take the user's library row
/// first (`libraries`: its lock is the write lock, its `version` the change token).
package final class PostgresLibrary: RunLibrary {
    let connection: PostgresConnection
    /// The user whose library this is (`users.id`).
    package let owner: Int64
    package let location: String
    package let isReadOnly: Bool

    init(connection: PostgresConnection, owner: Int64, location: String) throws {
        self.connection = connection
        self.owner = owner
        self.location = location
        isReadOnly = try connection.scalarText("SELECT current_setting('transaction_read_only')") == "on"
    }

    /// The library's `version`: every write transaction of any process moves it.
    package var changeToken: Int64 {
        (try? connection.scalarInt("SELECT version FROM libraries WHERE owner = $1", owner)) ?? -1
    }

    /// Runs `body` in a transaction holding the library's write lock (its row in `libraries`,
    /// whose version moves with the commit). Inside another write it is a savepoint of it.
    @discardableResult
    func write<T>(_ body: () throws -> T) throws -> T {
        try connection.transaction {
            if connection.transactionDepth == 1 {
                try connection.query("UPDATE libraries SET version = version + 1 WHERE owner = $1", owner)
            }
            return try body()
        }
    }

    // MARK: - Reading

    /// The columns of a ``RunRecord``, from `runs r JOIN originals o` (``recordTables``).
    static let recordColumns = """
        r.id, r.name, r.start_time, r.imported_at, o.source_name, r.creator, r.gpx_version, r.summary_json, r.diagnostics_json,
        o.content_sha256, r.notes, r.kind, r.sport, r.original_id, r.part_json, r.gear
        """
    static let recordTables = "runs r JOIN originals o ON o.owner = r.owner AND o.id = r.original_id"
    /// The list's order (``runs()``).
    static let listOrder = "r.start_time IS NULL, r.start_time DESC, r.id DESC"

    package func runs() throws -> [RunRecord] {
        try records("SELECT \(Self.recordColumns) FROM \(Self.recordTables) WHERE r.owner = $1 ORDER BY \(Self.listOrder)", owner)
    }

    package func run(id: Int64) throws -> RunRecord {
        guard let record = try records("SELECT \(Self.recordColumns) FROM \(Self.recordTables) WHERE r.owner = $1 AND r.id = $2", owner, id).first
        else { throw LibraryError.runNotFound(id) }
        return record
    }

    package func count() throws -> Int {
        Int(try connection.scalarInt("SELECT count(*) FROM runs WHERE owner = $1", owner) ?? 0)
    }

    package func header(id: Int64) throws -> Activity {
        guard let json = try connection.scalarText("SELECT activity_json FROM runs WHERE owner = $1 AND id = $2", owner, id) else {
            throw LibraryError.runNotFound(id)
        }
        do {
            return try StoredJSONDecoder().decode(Activity.self, from: json)
        } catch {
            throw StoredDataError("the stored description of run \(id) cannot be read: \(error)", runID: id)
        }
    }

    package func points(runID: Int64, track: Int, segment: Int) throws -> [TrackPoint] {
        let rows = try connection.query(
            "SELECT samples FROM segments WHERE owner = $1 AND run_id = $2 AND track_index = $3 AND segment_index = $4",
            owner, runID, Int32(track), Int32(segment))
        guard let row = rows.first else {
            throw StoredDataError("run \(runID) is missing segment \(segment) of track \(track)", runID: runID)
        }
        return try PackedSamples.decode(row.bytes(0))
    }

    package func runWithAnalysis(id: Int64, splits: SplitUnits) throws -> (record: RunRecord, analysis: RunAnalysis?) {
        guard let row = try connection.query("""
            SELECT \(Self.recordColumns), a.version, a.data, r.analysis_json FROM \(Self.recordTables)
            LEFT JOIN analyses a ON a.owner = r.owner AND a.run_id = r.id WHERE r.owner = $1 AND r.id = $2
            """, owner, id).first else { throw LibraryError.runNotFound(id) }
        let record = try record(from: row)
        let analysis = try StoredAnalysis.read(record: record, packedVersion: row.optionalInt64(16), packed: { row.bytes(17) },
                                               json: { row.text(18) }, splits: splits)
        return (record, analysis)
    }

    package func sketch(id: Int64) throws -> TrackSketch? {
        guard let row = try connection.query("""
            SELECT s.version, s.data FROM runs r LEFT JOIN sketches s ON s.owner = r.owner AND s.run_id = r.id
            WHERE r.owner = $1 AND r.id = $2
            """, owner, id).first else { throw LibraryError.runNotFound(id) }
        guard row.optionalInt64(0) == Int64(TrackSketch.version) else { return nil }
        do {
            return try PackedSketch.decode(row.bytes(1))
        } catch let error as StoredDataError {
            throw StoredDataError("the stored sketch of run \(id) cannot be read: \(error.message)", runID: id)
        }
    }

    package func skipsInvalidPoints(id: Int64) throws -> Bool {
        try connection.query("""
            SELECT o.skips_invalid_points FROM runs r JOIN originals o ON o.owner = r.owner AND o.id = r.original_id
            WHERE r.owner = $1 AND r.id = $2
            """, owner, id).first?.bool(0) ?? false
    }

    package func runIDs() throws -> [Int64] {
        try connection.query("SELECT id FROM runs WHERE owner = $1 ORDER BY id", owner).all.map { $0.int64(0) }
    }

    package func runIDs(contentSHA256 digest: [UInt8]) throws -> [Int64] {
        try connection.query("""
            SELECT r.id FROM \(Self.recordTables) WHERE r.owner = $1 AND o.content_sha256 = $2 ORDER BY r.id
            """, owner, digest).all.map { $0.int64(0) }
    }

    package func runs(startingNear startTime: Double, toleranceSeconds: Double) throws -> [RunRecord] {
        try records("""
            SELECT \(Self.recordColumns) FROM \(Self.recordTables) WHERE r.owner = $1 AND r.start_time BETWEEN $2 AND $3 ORDER BY r.id
            """, owner, startTime - toleranceSeconds, startTime + toleranceSeconds)
    }

    package func searchableRuns() throws -> [(record: RunRecord, searchable: SearchableRun)] {
        var places: [Int64: String] = [:]
        for row in try connection.query("SELECT id, place_text FROM runs WHERE owner = $1", owner).all {
            places[row.int64(0)] = row.text(1) ?? ""
        }
        return try runs().map { record in
            (record, SearchableRun(id: record.id, name: record.name, notes: record.notes, place: places[record.id] ?? "",
                                   summary: record.summary))
        }
    }

    // MARK: - Decoding rows

    /// The records a statement selecting ``recordColumns`` finds.
    func records(_ sql: String, _ values: any PostgresEncodable...) throws -> [RunRecord] {
        try connection.query(sql, values: values).all.map(record(from:))
    }

    func records(_ sql: String, values: [any PostgresEncodable]) throws -> [RunRecord] {
        try connection.query(sql, values: values).all.map(record(from:))
    }

    func record(from row: PostgresRow) throws -> RunRecord {
        let decoder = StoredJSONDecoder()
        let id = row.int64(0)
        do {
            return RunRecord(
                id: id, name: row.text(1) ?? "", startTimeSeconds: row.optionalDouble(2),
                importedAtSeconds: row.double(3), sourceName: row.text(4) ?? "", creator: row.text(5),
                gpxVersion: row.text(6) ?? "",
                summary: try decoder.decode(ActivitySummary.self, from: row.text(7) ?? ""),
                diagnostics: try decoder.decode([Diagnostic].self, from: row.text(8) ?? "[]"),
                contentSHA256: SHA256.hex(row.bytes(9)), notes: row.text(10) ?? "",
                kind: RunRecord.Kind(rawValue: row.text(11) ?? "") ?? .activity,
                chosenSport: row.text(12).flatMap(Sport.init(rawValue:)), originalID: row.int64(13),
                part: try row.text(14).map { try decoder.decode(ActivitySelection.self, from: $0) },
                gear: row.text(15) ?? "")
        } catch {
            throw StoredDataError("the stored summary of run \(id) cannot be read: \(error)", runID: id)
        }
    }
}
