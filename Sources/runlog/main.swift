import Foundation
import RunCLI
import RunStorePostgres
import RunStoreSQLite

// The one place that chooses where runlog keeps its data: SQLite files (the embedded default), or
// a PostgreSQL database when RUNLOG_DATABASE_URL names one (as the runlog user RUNLOG_USER).
exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
             console: .standard(), storage: SQLiteStorage.self, database: PostgresStorage.self))
