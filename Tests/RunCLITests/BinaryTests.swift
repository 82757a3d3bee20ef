import Foundation
import TestSupport
import Testing

/// The built `runlog` executable, run as a user runs it.
@Suite struct BinaryTests {
    let home = TemporaryDirectory("runlog-bin")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "UTC"] }

    func runlog(_ arguments: [String], stdin: [UInt8]? = nil, extra: [String: String] = [:]) throws -> ProcessResult {
        try ExternalTools.run(ExternalTools.runlogBinary, arguments, stdin: stdin, environment: environment.merging(extra) { $1 })
    }

    /// A one-letter file name in the current folder (the toolchain's NSString path code traps on
    /// it; runlog takes the folder with its own PathText).
    @Test func oneLetterFileNames() throws {
        #expect(try runlog(["import", SharedData.caseInput("24-three-segments.gpx")]).status == 0)
        for arguments in [["export", "1", "-o", "y"], ["settings", "export", "-o", "x"], ["--library", "q", "import", SharedData.caseInput("24-three-segments.gpx")]] {
            let result = try ExternalTools.run(ExternalTools.runlogBinary, arguments, environment: environment, currentDirectory: home.path)
            #expect(result.status == 0, "\(arguments): \(result.error)")
        }
        #expect(try String(contentsOfFile: home.file("y"), encoding: .utf8).contains("<gpx"))
        #expect(try String(contentsOfFile: home.file("x"), encoding: .utf8).contains("\"settings\""))
        #expect(FileManager.default.fileExists(atPath: home.file("q")))
    }

    @Test func exitCodesAndStreams() throws {
        let help = try runlog(["--help"])
        #expect(help.status == 0 && help.output.contains("usage: runlog") && help.error.isEmpty)
        let usage = try runlog(["show"])
        #expect(usage.status == 64 && usage.output.isEmpty && usage.error.contains("see 'runlog show --help'"))
        let failure = try runlog(["show", "7"])
        #expect(failure.status == 1 && failure.output.isEmpty && failure.error.contains("no library yet"))
        #expect(try runlog(["import", SharedData.caseInput("24-three-segments.gpx")]).status == 0)
        let missing = try runlog(["show", "7"])
        #expect(missing.status == 1 && missing.output.isEmpty && missing.error.contains("no run 7"))
        let nothing = try runlog([])
        #expect(nothing.status == 64 && nothing.output.isEmpty && nothing.error.contains("usage: runlog COMMAND"))
    }

    @Test func importFromStandardInputAndExportToStandardOutput() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: SharedData.caseInput("24-three-segments.gpx"))))
        let imported = try runlog(["import", "-"], stdin: bytes)
        #expect(imported.status == 0 && imported.output.contains("run 1"))
        let original = try runlog(["export", "1", "--original"])
        #expect(Array(original.output.utf8) == bytes)
        let stats = try runlog(["stats", "--json", "-"], stdin: bytes)
        #expect(stats.status == 0 && stats.output.contains("\"movingTimeSeconds\": 1500"))
    }

    /// Case 15: times and numbers are written the same whatever the locale of the process.
    @Test func exportIsTheSameInEveryLocale() throws {
        #expect(try runlog(["import", SharedData.caseInput("04-fractions.gpx")]).status == 0)
        let reference = try runlog(["export", "1"], extra: ["LC_ALL": "C"]).output
        #expect(reference.contains("<time>2023-04-25T07:58:07.250Z</time>"))
        for locale in ["en_US.UTF-8", "de_DE.UTF-8", "ar_EG.UTF-8", "th_TH.UTF-8", "en_US_POSIX"] {
            let output = try runlog(["export", "1"], extra: ["LC_ALL": locale, "LANG": locale]).output
            #expect(output == reference, "\(locale)")
        }
    }

    /// Two processes importing the same file at the same moment store it once; both succeed.
    @Test func concurrentImportsOfTheSameFileStoreItOnce() throws {
        let file = SharedData.corpus("sportslib-7555261629.gpx")
        for round in 0..<5 {
            let library = home.file("concurrent-\(round).sqlite")
            let processes = (0..<2).map { _ -> (Process, Pipe) in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: ExternalTools.runlogBinary)
                process.arguments = ["import", "--library", library, file]
                process.environment = environment
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = FileHandle.nullDevice
                return (process, pipe)
            }
            for (process, _) in processes { try process.run() }
            var outputs: [String] = []
            for (process, pipe) in processes {
                outputs.append(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "round \(round): \(outputs.last ?? "")")
            }
            #expect(outputs.filter { $0.contains("1 run imported") }.count == 1, "\(outputs)")
            #expect(outputs.filter { $0.contains("already in the library as run 1") }.count == 1, "\(outputs)")
            let count = try ExternalTools.run("/usr/bin/sqlite3", [library, "SELECT count(*) FROM runs"])
            #expect(count.output == "1\n")
        }
    }

    /// A kill -9 at any moment of an import leaves the whole run or nothing, and an intact database.
    @Test func killDuringImportLeavesWholeRunOrNothing() throws {
        let big = home.file("big.gpx")
        let made = try ExternalTools.run("/usr/bin/python3", [SharedData.root.appendingPathComponent("bench/make-big-gpx.py").path, "30000", big])
        try #require(made.status == 0)
        let library = home.file("library.sqlite")
        // How long a whole import takes here; kills are spread over 0 … 1.3 × that.
        let started = Date()
        #expect(try runlog(["import", big]).status == 0)
        let duration = Date().timeIntervalSince(started)
        _ = try ExternalTools.run("/usr/bin/sqlite3", [library, "PRAGMA foreign_keys=ON; DELETE FROM runs; DELETE FROM originals;"])
        var outcomes: [String: Int] = [:]
        let attempts = 16
        // Delays spread over 0…1.3 × the import's duration; under load (other tests running) an
        // import takes longer, so if no kill has landed after the commit yet, later attempts wait
        // longer (up to 8 more, each 1.5 × the last).
        var delays = (0..<attempts).map { duration * 1.3 * Double($0) / Double(attempts - 1) }
        var attempt = 0
        while attempt < delays.count {
            let delay = delays[attempt]
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ExternalTools.runlogBinary)
            process.arguments = ["import", big, "--allow-duplicates"]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            attempt += 1
            defer {
                if attempt == delays.count, outcomes["runs=1"] == nil, delays.count < attempts + 8 { delays.append(delays.last! * 1.5) }
            }
            guard FileManager.default.fileExists(atPath: library) else { outcomes["no library yet", default: 0] += 1; continue }
            let check = try ExternalTools.run("/usr/bin/sqlite3", [library, """
                PRAGMA integrity_check;
                SELECT count(*) FROM runs;
                SELECT count(*) FROM runs r WHERE (SELECT coalesce(sum(point_count), 0) FROM segments s WHERE s.run_id = r.id) != 30000
                  OR NOT EXISTS (SELECT 1 FROM originals o WHERE o.id = r.original_id);
                SELECT count(*) FROM segments WHERE run_id NOT IN (SELECT id FROM runs);
                """])
            let lines = check.output.split(separator: "\n").map(String.init)
            #expect(lines.first == "ok", "attempt \(attempt - 1): \(check.output) \(check.error)")
            #expect(lines.count == 4 && lines[2] == "0" && lines[3] == "0", "attempt \(attempt - 1): partial run \(lines)")
            outcomes["runs=\(lines.count > 1 ? lines[1] : "?")", default: 0] += 1
            // Remove stored runs so each attempt starts from the same state.
            _ = try ExternalTools.run("/usr/bin/sqlite3", [library, "PRAGMA foreign_keys=ON; DELETE FROM runs; DELETE FROM originals;"])
        }
        let summary = outcomes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        print("kill -9 during an import, \(delays.count) attempts over 0…\(Int(delays.last! * 1000)) ms: \(summary); integrity ok, no partial run")
        // Both outcomes occurred: killed before the commit and after it.
        #expect(outcomes.keys.contains("runs=0") || outcomes.keys.contains("no library yet"), "\(outcomes)")
        #expect(outcomes.keys.contains("runs=1"), "\(outcomes)")
    }
}

extension BinaryTests {
    /// Output that cannot be written (a full disk) fails the command, whatever it printed.
    @Test(arguments: [["settings", "export"], ["--help"], ["list", "--json"], ["settings", "list", "--json"]])
    func aFailedWriteToStandardOutputFailsTheCommand(arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ExternalTools.runlogBinary)
        process.arguments = arguments
        process.environment = environment
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        process.standardOutput = full
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(arguments)")
        #expect(message.contains("cannot write to standard output: No space left on device"), "\(message)")
    }
}
