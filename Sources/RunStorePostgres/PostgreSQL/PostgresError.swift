import RunStore

/// A failed PostgreSQL call: the server's SQLSTATE (when the server answered), its message, and
/// the statement (without values). Above RunStorePostgres it is only a ``RunStore/StorageFailure``:
/// the SQLSTATEs are mapped here, once (PostgreSQL's Appendix A, "PostgreSQL Error Codes").
package struct PostgresError: StorageFailure, Sendable {
    /// A five-character SQLSTATE, with the classes and conditions runlog tells apart by name.
    package struct State: Hashable, Sendable, CustomStringConvertible {
        package let code: String
        package init(_ code: String) { self.code = code }
        package var description: String { code }
        /// The class: the first two characters (`40` transaction rollback, `53` insufficient resources …).
        package var errorClass: String { String(code.prefix(2)) }

        package static let uniqueViolation = State("23505")
        package static let foreignKeyViolation = State("23503")
        package static let readOnlyTransaction = State("25006")
        package static let inFailedTransaction = State("25P02")
        package static let serializationFailure = State("40001")
        package static let deadlockDetected = State("40P01")
        package static let insufficientPrivilege = State("42501")
        package static let undefinedTable = State("42P01")
        package static let diskFull = State("53100")
        package static let outOfMemory = State("53200")
        package static let tooManyConnections = State("53300")
        package static let lockNotAvailable = State("55P03")
        package static let queryCanceled = State("57014")
        package static let adminShutdown = State("57P01")
        package static let cannotConnectNow = State("57P03")
        package static let dataCorrupted = State("XX001")
        package static let indexCorrupted = State("XX002")
        /// Class 08: the connection failed or was lost (libpq reports some of these itself).
        package static let connectionFailure = State("08006")
    }

    /// The SQLSTATE; nil when the server never answered (libpq's own failure).
    package var state: State?
    package var message: String
    /// The statement that failed, without values.
    package var sql: String?
    /// The database, as shown to people (no password).
    package var location: String?

    package init(state: State?, message: String, sql: String? = nil, location: String? = nil) {
        self.state = state
        self.message = message
        self.sql = sql
        self.location = location
    }

    /// Another transaction held a lock past `lock_timeout`, a deadlock or a serialization failure
    /// was resolved by rolling this one back, or the server refuses connections for now: trying
    /// again may work.
    package var isBusy: Bool {
        guard let state else { return false }
        return [.serializationFailure, .deadlockDetected, .lockNotAvailable, .tooManyConnections, .cannotConnectNow, .queryCanceled]
            .contains(state)
    }

    /// `XX001` data corrupted, `XX002` index corrupted.
    package var isDamage: Bool { state == .dataCorrupted || state == .indexCorrupted }

    /// A read-only transaction (a standby, `default_transaction_read_only`) or a role that may not write.
    package var isReadOnly: Bool { state == .readOnlyTransaction || state == .insufficientPrivilege }

    /// `53100` disk full.
    package var isFull: Bool { state == .diskFull }

    /// Whether the connection to the server failed or was lost (SQLSTATE class 08, or no answer).
    package var isConnectionFailure: Bool { state == nil || state?.errorClass == "08" || state == .adminShutdown }

    package var rescueHint: String? {
        "'pg_amcheck' on the database tells what is damaged; restore it from a backup (pg_dump) or ask its administrator"
    }

    package var description: String {
        var text = "PostgreSQL error" + (state.map { " \($0)" } ?? "") + ": \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
