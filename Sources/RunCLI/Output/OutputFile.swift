import RunCore
import Foundation
import RunFormats

/// Where a command writes a file: standard output, or a file replaced only when complete.
enum OutputFile {
    /// Runs `body` with standard output, or with a temporary file beside `path` that replaces
    /// `path` only when `body` succeeds (no half-written file is ever left under `path`). A symbolic
    /// link is followed (its target is replaced, the link stays); a FIFO, a device or another
    /// non-regular file is written to directly.
    static func write<T>(to path: String?, console: Console, _ body: (any ByteOutput) throws -> T) throws -> T {
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
        } else if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            // A link to a file not there yet: the file is made where the link points, the link stays.
            target = destination.hasPrefix("/") ? destination : (PathText.folder(of: path).isEmpty ? destination : PathText.folder(of: path) + "/" + destination)
        }
        let directory = PathText.folder(of: target)
        var template = Array(((directory.isEmpty ? "." : directory) + "/.runlog-export-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno)), folder = directory.isEmpty ? "." : directory
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandFailure("cannot write \(path): there is no folder \(folder)")
            }
            throw CommandFailure("cannot write \(path): the file is written beside it first, and \(folder) takes no new file (\(reason))")
        }
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
