import CLibPQ
import Foundation
import RunStore

/// One connection to a PostgreSQL server: the only owner of its `PGconn`, finished in `deinit`.
///
/// Statements go through libpq's extended protocol with their values as parameters, in binary
/// (``PostgresEncodable``), and rows come back in binary (``PostgresRows``); text is UTF-8
/// (`client_encoding` is set). Not thread-safe: one thread at a time uses a connection.
/// A connection found broken between transactions is reset before the next statement (a
/// server restart costs the statements in flight, not the process's connections).
package final class PostgresConnection {
    private let handle: OpaquePointer
    /// The database, as shown to people (no password).
    package let location: String
    /// Open transactions (the outer one and its savepoints).
    private(set) var transactionDepth = 0

    /// How long a statement waits for a lock another transaction holds before failing as busy
    /// (`lock_timeout`): writes of one user are serialised on a row of theirs, and an import of a
    /// large archive holds it for a while.
    static let lockTimeoutMilliseconds = 30_000

    /// Connects.
    /// - Parameters:
    ///   - conninfo: a `postgresql://` URL or a libpq `key=value` string.
    ///   - location: how the database is named in messages (``PostgresLocation/display``).
    /// - Throws: ``PostgresError`` when the server cannot be reached or refuses the connection.
    package init(conninfo: String, location: String) throws {
        self.location = location
        // Entries before `dbname` are defaults the URL may override; those after it are runlog's own.
        let pairs = [("connect_timeout", "10"), ("fallback_application_name", "runlog"), ("dbname", conninfo), ("client_encoding", "UTF8")]
        let keywords = pairs.map { strdup($0.0) }, values = pairs.map { strdup($0.1) }
        defer { (keywords + values).forEach { free($0) } }
        let connection = (keywords + [nil]).map { UnsafePointer($0) }.withUnsafeBufferPointer { keywordPointers in
            (values + [nil]).map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
                PQconnectdbParams(keywordPointers.baseAddress, valuePointers.baseAddress, 1)
            }
        }
        guard let connection else { throw PostgresError(state: nil, message: "out of memory", location: location) }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.trimmed(String(cString: PQerrorMessage(connection)))
            PQfinish(connection)
            throw PostgresError(state: nil, message: message, location: location)
        }
        handle = connection
        runlog_pq_silence_notices(connection)
        try prepareSession()
    }

    deinit { PQfinish(handle) }

    private func prepareSession() throws {
        try execute("SET lock_timeout = \(Self.lockTimeoutMilliseconds)")
    }

    /// The server's version as a number (150008 for 15.8).
    package var serverVersion: Int { Int(PQserverVersion(handle)) }

    /// A parameter the server reports (`server_encoding`, `server_version` …).
    package func parameter(_ name: String) -> String? { PQparameterStatus(handle, name).map { String(cString: $0) } }

    // MARK: - Statements

    /// Runs statements without parameters (one or several, separated by semicolons: schema
    /// migrations, transaction control).
    package func execute(_ sql: String) throws {
        try resetIfBroken()
        guard let result = PQexec(handle, sql) else { throw connectionError(sql: sql) }
        _ = try check(result, sql: sql)
    }

    /// Runs one statement with `values` as its parameters `$1`, `$2` …
    /// - Returns: its rows (none for a command), with the count of rows it changed.
    @discardableResult
    package func query(_ sql: String, _ values: any PostgresEncodable...) throws -> PostgresRows {
        try query(sql, values: values)
    }

    /// ``query(_:_:)`` with the values in an array (a statement built with a varying number of them).
    @discardableResult
    package func query(_ sql: String, values: [any PostgresEncodable]) throws -> PostgresRows {
        try resetIfBroken()
        let types = values.map { type(of: $0).postgresType.oid }
        let encoded = values.map(\.postgresBytes)
        // One buffer holds every value; each parameter points into it (NULL for a nil value). A
        // zero-length value still needs a non-null pointer, so the buffer is never empty.
        var buffer: [UInt8] = []
        buffer.reserveCapacity(encoded.reduce(1) { $0 + ($1?.count ?? 0) })
        var offsets: [Int?] = []
        for bytes in encoded {
            offsets.append(bytes.map { _ in buffer.count })
            if let bytes { buffer.append(contentsOf: bytes) }
        }
        buffer.append(0)
        let lengths = encoded.map { Int32($0?.count ?? 0) }
        let formats = [Int32](repeating: 1, count: values.count)
        let result = buffer.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            let pointers: [UnsafePointer<CChar>?] = offsets.map { $0.map { base + $0 } }
            return PQexecParams(handle, sql, Int32(values.count), types, pointers, lengths, formats, 1)
        }
        guard let result else { throw connectionError(sql: sql) }
        return try check(result, sql: sql)
    }

    /// The first column of the first row as an integer (nil: no row, or NULL).
    package func scalarInt(_ sql: String, _ values: any PostgresEncodable...) throws -> Int64? {
        try query(sql, values: values).first?.optionalInt64(0)
    }

    /// The first column of the first row as text (nil: no row, or NULL).
    package func scalarText(_ sql: String, _ values: any PostgresEncodable...) throws -> String? {
        try query(sql, values: values).first?.text(0)
    }

    // MARK: - Transactions

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws. Inside
    /// another transaction it is a savepoint of it (rolled back alone when `body` throws).
    /// - Throws: `body`'s error, or ``PostgresError`` (a statement of the transaction failed —
    ///   PostgreSQL then refuses the rest of it, so nothing is committed —, or the commit did).
    @discardableResult
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        let savepoint = transactionDepth > 0 ? "runlog_\(transactionDepth)" : nil
        try execute(savepoint.map { "SAVEPOINT \($0)" } ?? "BEGIN")
        transactionDepth += 1
        let result: T
        do {
            result = try body()
        } catch {
            transactionDepth -= 1
            rollBack(to: savepoint)
            throw error
        }
        transactionDepth -= 1
        if PQtransactionStatus(handle) == PQTRANS_INERROR {
            // A statement failed and its error was not passed on: PostgreSQL would answer COMMIT
            // with a rollback and no error.
            rollBack(to: savepoint)
            throw PostgresError(state: .inFailedTransaction, message: "a statement of the transaction failed, so nothing of it was written",
                                location: location)
        }
        do {
            try execute(savepoint.map { "RELEASE SAVEPOINT \($0)" } ?? "COMMIT")
        } catch {
            rollBack(to: savepoint)
            throw error
        }
        return result
    }

    /// Undoes a transaction, or a savepoint of one; a lost connection has undone it already.
    private func rollBack(to savepoint: String?) {
        if let savepoint {
            try? execute("ROLLBACK TO SAVEPOINT \(savepoint); RELEASE SAVEPOINT \(savepoint)")
        } else if PQtransactionStatus(handle) != PQTRANS_IDLE {
            try? execute("ROLLBACK")
        }
    }

    // MARK: - Notifications (LISTEN)

    /// The connection's socket, to wait on for notifications.
    package var socket: Int32 { PQsocket(handle) }

    /// Whether the connection is broken.
    package var isBroken: Bool { PQstatus(handle) == CONNECTION_BAD }

    /// Reads what the server sent and returns the channels of the notifications received (each
    /// once per arrival), without waiting.
    /// - Throws: ``PostgresError`` when the connection is lost.
    package func takeNotifications() throws -> [String] {
        guard PQconsumeInput(handle) == 1 else { throw connectionError(sql: nil) }
        var channels: [String] = []
        while let notification = PQnotifies(handle) {
            channels.append(String(cString: notification.pointee.relname))
            PQfreemem(notification)
        }
        return channels
    }

    /// Connects again after the connection broke (outside a transaction only: one in progress is lost).
    package func reset() throws {
        PQreset(handle)
        guard PQstatus(handle) == CONNECTION_OK else { throw connectionError(sql: nil) }
        runlog_pq_silence_notices(handle)
        transactionDepth = 0
        try prepareSession()
    }

    private func resetIfBroken() throws {
        if transactionDepth == 0, PQstatus(handle) == CONNECTION_BAD { try reset() }
    }

    // MARK: - Errors

    /// Checks a result: its rows, or the error it holds (the result is released either way).
    private func check(_ result: OpaquePointer, sql: String) throws -> PostgresRows {
        let status = PQresultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY {
            return PostgresRows(handle: result)
        }
        defer { PQclear(result) }
        let state = PQresultErrorField(result, runlog_pq_diag_sqlstate()).map { PostgresError.State(String(cString: $0)) }
        var message = PQresultErrorField(result, runlog_pq_diag_message_primary()).map { String(cString: $0) }
            ?? Self.trimmed(String(cString: PQresultErrorMessage(result)))
        if let detail = PQresultErrorField(result, runlog_pq_diag_message_detail()) { message += " (\(String(cString: detail)))" }
        if message.isEmpty { message = Self.trimmed(String(cString: PQerrorMessage(handle))) }
        throw PostgresError(state: state ?? (isBroken ? .connectionFailure : nil), message: message, sql: Self.statementText(sql),
                            location: location)
    }

    /// The error of a call that returned no result: the connection's own message.
    private func connectionError(sql: String?) -> PostgresError {
        PostgresError(state: .connectionFailure, message: Self.trimmed(String(cString: PQerrorMessage(handle))),
                      sql: sql.map(Self.statementText), location: location)
    }

    /// A statement as errors show it: on one line, shortened.
    private static func statementText(_ sql: String) -> String {
        let line = sql.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }

    private static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
