import Foundation
package import Testing

/// The PostgreSQL server the tests use: `RUNLOG_TEST_DATABASE_URL`, which `make test` sets by
/// running the tests through `scripts/test-postgres.sh run` (a private server in a temporary
/// directory). Without it the tests that need it are skipped with a note — unless they must run
/// (`RUNLOG_TEST_POSTGRES_REQUIRED`, which the script sets, or `CI`): then each fails, saying why.
package enum TestPostgres {
    static let environment = ProcessInfo.processInfo.environment
    package static let url = environment["RUNLOG_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    package static let isRequired = environment["RUNLOG_TEST_POSTGRES_REQUIRED"] != nil || environment["CI"] != nil
    /// Whether the PostgreSQL tests run: a server is given, or one is required.
    package static let isEnabled = url != nil || isRequired
    package static let skipNote: Comment = """
        no PostgreSQL server: RUNLOG_TEST_DATABASE_URL is not set (make test starts one; by hand: eval "$(scripts/test-postgres.sh start)")
        """

    /// The server's address; records a failure when there is none.
    package static func requireURL() throws -> String {
        try #require(url, "the PostgreSQL tests need a server: RUNLOG_TEST_DATABASE_URL is not set (scripts/test-postgres.sh run … sets it)")
    }
}
