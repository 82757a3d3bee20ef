import Foundation
import RunCore
import RunStore
@testable import RunStorePostgres
import Testing
import TestSupport

/// Transactions as the implementation relies on them: a statement that failed inside one makes
/// the whole refuse to commit (PostgreSQL would answer COMMIT with a silent rollback), a nested
/// one is a savepoint, and writers of one user take turns on the write lock.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipNote))
struct PostgresTransactionTests {
    struct Refused: Error {}

    static func values(_ connection: PostgresConnection) throws -> [Int64] {
        try connection.query("SELECT x FROM t ORDER BY x").all.map { $0.int64(0) }
    }

    @Test func aFailedStatementWhoseErrorWasSwallowedCommitsNothing() throws {
        let connection = try TestDatabase.adminConnection()
        try connection.execute("CREATE TEMP TABLE t (x bigint PRIMARY KEY)")
        #expect {
            try connection.transaction {
                try connection.query("INSERT INTO t VALUES ($1)", Int64(1))
                _ = try? connection.query("INSERT INTO t VALUES ($1)", Int64(1))   // a unique violation, not passed on
            }
        } throws: { ($0 as? PostgresError)?.state == .inFailedTransaction }
        #expect(try Self.values(connection) == [])
        #expect(connection.transactionDepth == 0)
    }

    @Test func aNestedTransactionIsASavepoint() throws {
        let connection = try TestDatabase.adminConnection()
        try connection.execute("CREATE TEMP TABLE t (x bigint PRIMARY KEY)")
        var thrown: [String] = []
        try connection.transaction {
            try connection.query("INSERT INTO t VALUES ($1)", Int64(1))
            do {
                try connection.transaction {
                    try connection.query("INSERT INTO t VALUES ($1)", Int64(2))
                    throw Refused()
                }
            } catch {
                thrown.append("\(type(of: error))")
            }
            do {
                try connection.transaction { try connection.query("INSERT INTO t VALUES ($1)", Int64(1)) }   // a unique violation
            } catch {
                thrown.append((error as? PostgresError)?.state?.code ?? "\(error)")
            }
            try connection.transaction { try connection.query("INSERT INTO t VALUES ($1)", Int64(3)) }
        }
        #expect(thrown == ["Refused", "23505"])
        #expect(try Self.values(connection) == [1, 3])
    }

    /// Four connections of one user import the same file at once: the duplicate check runs under
    /// the write lock, so exactly one stores it and three find it stored.
    @Test func concurrentImportsOfOneFileStoreItOnce() throws {
        let storage = try TestDatabase.freshUser("concurrent")
        _ = try storage.openLibrary(creating: true)
        let file = SharedData.repository("samples/runs/trail-hill-run.gpx")
        let prepared = try RunImporter.prepareFile(atPath: file, options: ImportOptions())
        let outcomes = OutcomeList()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let result = try RunImporter(library: try storage.openLibrary(creating: false)).store(prepared)
                outcomes.append(result.outcomes.map { if case .imported = $0 { "imported" } else if case .duplicate = $0 { "duplicate" } else { "other" } })
            } catch {
                outcomes.append(["failed: \(error)"])
            }
        }
        #expect(outcomes.all.flatMap { $0 }.sorted() == ["duplicate", "duplicate", "duplicate", "imported"])
        #expect(try storage.openLibrary(creating: false).count() == 1)
    }
}

final class OutcomeList: @unchecked Sendable {  // `lock` guards `items`
    private let lock = NSLock()
    private var items: [[String]] = []
    func append(_ item: [String]) { lock.withLock { items.append(item) } }
    var all: [[String]] { lock.withLock { items } }
}
