import Foundation

/// Turns command-line paths into the files to read: a file as given, `-` for standard input, or a
/// folder's GPX files (recursively, sorted).
enum FileCollection {
    /// Extensions read as GPX when found in a folder.
    static let gpxExtensions: Set<String> = ["gpx"]
    /// Extensions recognised in folders but not read yet.
    static let unsupportedExtensions: Set<String> = ["tcx", "fit"]

    /// - Returns: the GPX files a path stands for, and the TCX/FIT files found in folders.
    /// - Throws: ``CommandFailure`` when the path does not exist or a folder cannot be read.
    static func expand(_ path: String) throws -> (files: [String], unsupported: [String]) {
        if path == "-" { return ([path], []) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("no such file or folder")
        }
        guard isDirectory.boolValue else { return ([path], []) }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            throw CommandFailure("cannot read the folder")
        }
        var files: [String] = []
        var unsupported: [String] = []
        for case let relative as String in enumerator {
            let ext = (relative as NSString).pathExtension.lowercased()
            guard gpxExtensions.contains(ext) || unsupportedExtensions.contains(ext) else { continue }
            let full = (path as NSString).appendingPathComponent(relative)
            // Regular files only (following links): a FIFO named .gpx would block the import forever.
            var info = stat()
            guard stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if gpxExtensions.contains(ext) { files.append(full) } else { unsupported.append(full) }
        }
        return (files.sorted(), unsupported.sorted())
    }

    /// The name reports use for a path (`stdin` for `-`).
    static func displayName(_ path: String) -> String { path == "-" ? "stdin" : path }
}
