import Foundation

/// Turns command-line paths into the files to read: a file as given, `-` for standard input, or a
/// folder's activity files (GPX, FIT, TCX, each possibly gzip, bzip2 or xz compressed) and
/// archives (zip), recursively, sorted. Links are followed, to files and to folders (a folder
/// reached twice, through a link loop say, is read once). Nothing is skipped silently: a folder
/// that cannot be read, and a `.gpx` entry that is not a regular file (a link to nothing, a FIFO,
/// which would block the import forever), are problems the report names.
enum FileCollection {
    /// Extensions of activity files read when found in a folder (the reader then goes by content).
    static let activityExtensions: Set<String> = ["gpx", "fit", "tcx"]
    /// Extensions of compressed files, read when what they hold is an activity file (`run.fit.gz`).
    static let compressionExtensions: Set<String> = ["gz", "bz2", "xz"]
    /// Extensions of archives, read by `runlog import` (zip, tar).
    static let archiveExtensions: Set<String> = ["zip", "tar", "tgz"]

    /// Whether a folder entry named `name` is read.
    static func isWanted(_ name: String) -> Bool {
        let ext = (name as NSString).pathExtension.lowercased()
        if activityExtensions.contains(ext) || archiveExtensions.contains(ext) { return true }
        if compressionExtensions.contains(ext) {
            let inner = ((name as NSString).deletingPathExtension as NSString).pathExtension.lowercased()
            return activityExtensions.contains(inner) || inner == "tar"
        }
        return false
    }

    /// What a path stands for.
    struct Found {
        var files: [String] = []
        /// Folders and entries that could not be read, with why.
        var problems: [(path: String, message: String)] = []
    }

    /// - Throws: ``CommandFailure`` when the path does not exist or is a folder that cannot be read.
    static func expand(_ path: String) throws -> Found {
        if path == "-" { return Found(files: [path]) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CommandFailure(errno == ENOENT ? "no such file or folder" : String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return Found(files: [path]) }
        var found = Found()
        var visited: Set<[UInt64]> = []
        do {
            try walk(path, info: info, into: &found, visited: &visited)
        } catch let error as CocoaError {
            throw CommandFailure("cannot read the folder: \(reason(error, folder: path))")
        }
        found.files.sort()
        return found
    }

    /// Adds a folder's entries; folders inside it that cannot be read are problems, not errors.
    /// - Throws: when `folder` itself cannot be listed.
    private static func walk(_ folder: String, info: stat, into found: inout Found, visited: inout Set<[UInt64]>) throws {
        guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            let full = (folder as NSString).appendingPathComponent(name)
            var entry = stat()
            let wanted = isWanted(name)
            guard stat(full, &entry) == 0 else {
                // A link to nothing, or an entry that vanished: only worth a word when it looked like a track.
                if wanted { found.problems.append((full, "cannot be read: \(String(cString: strerror(errno)))")) }
                continue
            }
            switch entry.st_mode & S_IFMT {
            case S_IFDIR:
                do {
                    try walk(full, info: entry, into: &found, visited: &visited)
                } catch let error as CocoaError {
                    found.problems.append((full, "cannot read the folder: \(reason(error, folder: full))"))
                }
            case S_IFREG:
                if isWanted(name) { found.files.append(full) }
            default:
                if wanted { found.problems.append((full, "not a regular file (a FIFO, socket or device), so not read")) }
            }
        }
    }

    /// The system's reason a folder cannot be listed ("Permission denied").
    private static func reason(_ error: CocoaError, folder: String) -> String {
        guard let directory = opendir(folder) else { return String(cString: strerror(errno)) }
        closedir(directory)
        return error.localizedDescription
    }

    /// The name reports use for a path (`stdin` for `-`).
    static func displayName(_ path: String) -> String { path == "-" ? "stdin" : path }
}
