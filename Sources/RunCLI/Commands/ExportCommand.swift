import RunCore
import RunFormats
import RunStore
import Foundation

/// `runlog export RUN [-o FILE]`
enum ExportCommand: Command {
    static let name = "export"
    static let summary = "write a run as GPX 1.1 (or its original file)"
    static let help = """
        usage: runlog export [options] RUN

        Writes run RUN as GPX 1.1, valid against the official schema: times in UTC, at most 15
        significant digits, longitudes in [-180, 180), heart rate, cadence and temperature as Garmin
        TrackPointExtension v2, power as Garmin PowerExtension, other extensions as they were.
        Values GPX 1.1 cannot hold are left out with a warning (the original keeps them).

        options:
          -o, --output FILE  write to FILE (replaced only when complete) instead of standard output
          --original         write the file exactly as it was imported instead
          --library PATH     the library file
        """
    static let arguments = ArgumentSpec(flags: ["--original"], options: ["-o", "--output"], minimumPositionals: 1,
                                        maximumPositionals: 1)

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let id = try context.runID(arguments.positionals[0], command: name)
        let library = try context.library()
        _ = try library.run(id: id)
        let destination = arguments.value("-o") ?? arguments.value("--output")
        let warnings: [String] = try withOutput(to: destination, console: context.console) { output in
            if arguments.has("--original") {
                try library.original(id: id).withUnsafeBytes { try output.write($0) }
                return []
            }
            return try library.exportGPX(id: id, to: output).map(\.description)
        }
        for warning in warnings { context.console.error("runlog: warning: run \(id): \(warning)") }
        if let destination, destination != "-" {
            context.console.print("exported run \(id) to \(destination)\(arguments.has("--original") ? " (the original file)" : "")")
        }
        return ExitCode.success
    }

    /// Runs `body` with standard output, or with a temporary file beside `path` that replaces
    /// `path` only when `body` succeeds (no half-written file is ever left under `path`). A symbolic
    /// link is followed (its target is replaced, the link stays); a FIFO, a device or another
    /// non-regular file is written to directly.
    static func withOutput<T>(to path: String?, console: Console, _ body: (any ByteOutput) throws -> T) throws -> T {
        guard let path, path != "-" else { return try body(console.standardOutput()) }
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
            var info = stat()
            if stat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
                if (info.st_mode & S_IFMT) == S_IFDIR { throw CommandFailure("cannot write \(path): it is a folder") }
                let fd = open(target, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
                defer { close(fd) }
                return try body(FileDescriptorOutput(fileDescriptor: fd, name: path))
            }
        }
        let directory = (target as NSString).deletingLastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/.runlog-export-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
        let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var isOpen = true
        do {
            let result = try body(FileDescriptorOutput(fileDescriptor: fd, name: path))
            let synced = fsync(fd) == 0
            isOpen = false
            guard close(fd) == 0, synced else { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
            fchmodDefault(temporary)
            guard rename(temporary, target) == 0 else { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
            return result
        } catch {
            if isOpen { close(fd) }
            unlink(temporary)
            throw error
        }
    }

    /// mkstemp creates files readable by the owner only; exported files get the usual 0644 minus umask.
    private static func fchmodDefault(_ path: String) {
        let mask = umask(0)
        umask(mask)
        chmod(path, 0o666 & ~mask)
    }
}
