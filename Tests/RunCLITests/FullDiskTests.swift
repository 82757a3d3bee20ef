import Foundation
import RunCLI
import RunStoreSQLite
import Testing
import TestSupport

/// A small file system with no byte free, for the runlog home: a tmpfs of 2 MiB mounted under a
/// temporary folder and filled. Mounting needs root (CAP_SYS_ADMIN); without it the tests that
/// need one are skipped, and say why.
struct FullDisk: ~Copyable {
    let folder = TemporaryDirectory("runlog-full-disk")
    var mountPoint: String { folder.file("disk") }

    /// Whether a tmpfs can be mounted here (tried once, in a folder of its own).
    static let canMount: Bool = {
        let probe = TemporaryDirectory("runlog-mount-probe")
        let point = probe.file("disk")
        guard (try? FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)) != nil,
              let mounted = try? ExternalTools.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", point]),
              mounted.status == 0 else { return false }
        _ = try? ExternalTools.run("/bin/umount", [point])
        return true
    }()

    init() throws {
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let mounted = try ExternalTools.run("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint])
        guard mounted.status == 0 else { throw CheckFailure("mount: \(mounted.error)") }
    }

    /// Writes zeros until the file system refuses a single byte more.
    func fill() throws {
        let fd = open(mountPoint + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CheckFailure("cannot create the filler") }
        defer { close(fd) }
        for size in [65_536, 4096, 1] {
            let zeros = [UInt8](repeating: 0, count: size)
            while write(fd, zeros, size) == size {}
        }
        guard errno == ENOSPC else { throw CheckFailure("filling stopped with errno \(errno), not ENOSPC") }
    }

    /// Bytes a process may still write there.
    var bytesFree: UInt64 {
        var status = statvfs()
        return statvfs(mountPoint, &status) == 0 ? UInt64(status.f_bavail) * UInt64(status.f_frsize) : .max
    }

    deinit { _ = try? ExternalTools.run("/bin/umount", ["-l", mountPoint]) }
}

struct CheckFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// With no byte free on the disk of the runlog home, what only reads works as before — `list`,
/// `show`, `export`, `stats FILE`, `search` — and what writes says the disk is full, in words.
@Suite(.serialized) struct FullDiskTests {
    static let gpx = SharedData.repository("samples/runs/morning-10k.gpx")

    func run(_ home: String, _ arguments: String...) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let environment = ["RUNLOG_HOME": home, "HOME": home, "TZ": "UTC"]
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    @Test(.enabled(if: FullDisk.canMount, "mounting a tmpfs needs root (CAP_SYS_ADMIN): no full disk to test on"))
    func readingCommandsWorkAndWritingOnesSayTheDiskIsFull() throws {
        let disk = try FullDisk()
        let home = disk.mountPoint + "/home"
        #expect(run(home, "import", Self.gpx).status == 0)
        #expect(run(home, "settings", "set", "units", "imperial").status == 0)
        let reads: [[String]] = [["list"], ["list", "--json"], ["show", "1"], ["show", "--json", "1"], ["export", "1"],
                                 ["stats", Self.gpx], ["search", "morning"], ["records"]]
        // What each read prints with space on the disk: the expected output once it is full.
        var before: [[String]: String] = [:]
        for arguments in reads {
            let console = Console.capturing()
            let status = CLI.run(arguments: arguments, environment: ["RUNLOG_HOME": home, "HOME": home, "TZ": "UTC"],
                                 console: console, storage: SQLiteStorage.self)
            #expect(status == 0, "\(arguments): \(console.errorText)")
            before[arguments] = console.outputText
        }

        try disk.fill()
        #expect(disk.bytesFree == 0)
        for arguments in reads {
            let console = Console.capturing()
            let status = CLI.run(arguments: arguments, environment: ["RUNLOG_HOME": home, "HOME": home, "TZ": "UTC"],
                                 console: console, storage: SQLiteStorage.self)
            #expect(status == 0, "\(arguments) on a full disk: \(console.errorText)")
            #expect(console.outputText == before[arguments], "\(arguments) on a full disk")
        }

        // Writing: the library and the settings store each say the disk is full, naming the file.
        let imported = run(home, "import", SharedData.repository("samples/runs/lunch-intervals.gpx"))
        #expect(imported.status == 1)
        // The words in parentheses are the storage's own: "no space left on the disk (opened only to
        // read)" when the library could only be opened to read, SQLite's "database or disk is full"
        // when it opened to write and the write found no room — which of the two depends on the pages
        // the tmpfs still had when it filled, so either is right.
        #expect(imported.err.contains("the disk holding \(home)/library.sqlite is full: nothing could be written to it ("),
                "\(imported.err)")
        #expect(imported.err.contains("(no space left on the disk (opened only to read))")
                || imported.err.contains("(database or disk is full)"), "\(imported.err)")
        #expect(imported.err.contains("\nfree some space on that disk, then try again\n"), "\(imported.err)")
        let set = run(home, "settings", "set", "units", "metric")
        #expect(set.status == 1)
        #expect(set.err.contains("the disk holding \(home)/group.sqlite is full"), "\(set.err)")
        let exported = run(home, "settings", "export", "-o", disk.mountPoint + "/settings.json")
        #expect(exported.status == 1 && exported.err.contains("settings.json: No space left on device"), "\(exported.err)")
        let renamed = run(home, "edit", "1", "--name", "Renamed")
        #expect(renamed.status == 1 && renamed.err.contains("is full"), "\(renamed.err)")
        #expect(run(home, "show", "1").out == before[["show", "1"]])
    }
}
