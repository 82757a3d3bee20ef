import Foundation
import RunCLI
import RunStorePostgres
import RunStoreSQLite
import Testing
import TestSupport

/// The command line on a PostgreSQL database (`RUNLOG_DATABASE_URL`, `RUNLOG_USER`), as the
/// `runlog` executable chooses it: the same commands give the same answers as on SQLite files.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipNote))
struct PostgresCLITests {
    let home = TemporaryDirectory("runlog-cli-postgres")

    func run(_ arguments: [String], database: [String: String]) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let environment = ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC", "RUNLOG_NOW": "2026-09-20T12:00:00Z"]
            .merging(database) { $1 }
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self,
                             database: PostgresStorage.self)
        return (status, console.outputText, console.errorText)
    }

    @Test func theSameCommandsAnswerAsOnFiles() throws {
        let user = try TestDatabase.freshUser("cli")
        let database = ["RUNLOG_DATABASE_URL": try TestDatabase.requireURL(), "RUNLOG_USER": user.user]
        let samples = SharedData.repository("samples/runs")
        let filesImport = run(["import", samples], database: [:]), databaseImport = run(["import", samples], database: database)
        #expect(filesImport.status == 0 && databaseImport.status == 0, "\(databaseImport.err)")
        #expect(databaseImport.out == filesImport.out)
        #expect(run(["edit", "2", "--name", "Lunch intervals, windy"], database: [:]).status == 0)
        #expect(run(["edit", "2", "--name", "Lunch intervals, windy"], database: database).status == 0)
        for command in [["list"], ["list", "--json"], ["show", "2"], ["show", "3", "--json"], ["records"], ["search", "windy"],
                        ["export", "1"]] {
            // The time of the import is the clock's: the two imports may fall in two seconds.
            func sameImportTime(_ answer: (status: Int32, out: String, err: String)) -> (status: Int32, out: String, err: String) {
                (answer.status, answer.out.replacing(/"importedAt": "[^"]*"/, with: "\"importedAt\": \"…\""), answer.err)
            }
            let onFiles = sameImportTime(run(command, database: [:])), onDatabase = sameImportTime(run(command, database: database))
            #expect(onDatabase.status == onFiles.status && onDatabase.out == onFiles.out,
                    "runlog \(command.joined(separator: " ")):\n\(onFiles.out)\n\(onDatabase.out)")
            #expect(onDatabase.status == 0, "runlog \(command.joined(separator: " ")): \(onDatabase.err)")
        }
        // Settings go to the database's shared store: the files' settings store is never made for it.
        try? FileManager.default.removeItem(atPath: home.file("group.sqlite"))
        #expect(run(["settings", "set", "units", "imperial"], database: database).status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.file("group.sqlite")))
        #expect(run(["settings", "get", "units"], database: database).out.contains("imperial"))
        #expect(!run(["settings", "get", "units"], database: [:]).out.contains("imperial"))
    }

    @Test func aDatabaseNeedsAUserAndNoLibraryFile() throws {
        let url = try TestDatabase.requireURL()
        let noUser = run(["list"], database: ["RUNLOG_DATABASE_URL": url])
        #expect(noUser.status == 64 && noUser.err.contains("set RUNLOG_USER"), "\(noUser.err)")
        let both = run(["list", "--library", home.file("library.sqlite")], database: ["RUNLOG_DATABASE_URL": url, "RUNLOG_USER": "x"])
        #expect(both.status == 64 && both.err.contains("use one of them"), "\(both.err)")
        let unknown = run(["import", SharedData.repository("samples/runs/morning-10k.gpx")],
                          database: ["RUNLOG_DATABASE_URL": url, "RUNLOG_USER": "nobody-\(UUID().uuidString)"])
        #expect(unknown.status == 1 && unknown.err.contains("there is no user") && unknown.err.contains("check RUNLOG_DATABASE_URL and RUNLOG_USER"),
                "\(unknown.err)")
    }
}
