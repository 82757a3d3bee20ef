import Foundation
import RunCLI
import RunStoreSQLite

// The one place that chooses where runlog keeps its data: SQLite files (the embedded default).
exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
             console: .standard(), storage: SQLiteStorage.self))
