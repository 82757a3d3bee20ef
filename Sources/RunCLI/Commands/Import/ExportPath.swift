import Foundation
import RunFormats
import RunStore

/// A path `runlog import` reads as an export or archive rather than as one file: a folder holding
/// Strava's `activities.csv` or Garmin Connect's `DI_CONNECT`, or a file that is a zip or tar
/// archive by its bytes.
struct ExportPath {
    let path: String
    let isFolder: Bool

    /// An export folder, or an archive file; nil for anything else (read as files).
    static func recognise(_ path: String) -> ExportPath? {
        guard path != "-" else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            let manager = FileManager.default
            let isExport = manager.fileExists(atPath: (path as NSString).appendingPathComponent("activities.csv"))
                || manager.fileExists(atPath: (path as NSString).appendingPathComponent("DI_CONNECT"))
            return isExport ? ExportPath(path: path, isFolder: true) : nil
        }
        return recogniseArchive(path)
    }

    /// A file that is a zip or tar archive by its first bytes (a `.tar.gz` by its name).
    static func recogniseArchive(_ path: String) -> ExportPath? {
        let lower = path.lowercased()
        if lower.hasSuffix(".tar.gz") || lower.hasSuffix(".tgz") || lower.hasSuffix(".tar.bz2") || lower.hasSuffix(".tar.xz") {
            return ExportPath(path: path, isFolder: false)
        }
        guard let head = ChunkedFile.head(ofFileAt: path, count: 512) else { return nil }
        return ArchiveFormat.sniff(head) != nil ? ExportPath(path: path, isFolder: false) : nil
    }

    /// Calls `body` with the export's source: the folder, or the archive mapped into memory (not
    /// read into it: the pages are the file's).
    func withSource<T>(_ body: (ExportSource) throws -> T) throws -> T {
        if isFolder { return try body(.folder(path)) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw ReadError(code: .io, message: "cannot read the archive: \(error.localizedDescription)", file: path)
        }
        return try body(.archive(data, name: path))
    }
}

/// The progress line of an import: files done (of how many, when known) and runs stored per second.
struct ImportProgress {
    let total: Int?
    private var files = 0
    private var runs = 0
    private let start = Date()

    init(total: Int?) { self.total = total }

    mutating func done(runs stored: Int) {
        files += 1
        runs += stored
    }

    func line(next: String?) -> String {
        let seconds = Date().timeIntervalSince(start)
        var text = total.map { "[\(min(files + 1, $0))/\($0)]" } ?? "[\(files) files]"
        if seconds > 0.5, runs > 0 { text += " \(Int((Double(runs) / seconds).rounded())) runs/s" }
        if let next { text += " " + next }
        return text
    }
}
