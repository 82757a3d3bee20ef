import RunCore
package import RunFormats
package import Foundation

/// Where an export or archive comes from.
package enum ExportSource: Sendable {
    /// A zip or tar archive (compressed or not) in memory or mapped from its file, with its name.
    case archive(Data, name: String)
    /// An unpacked export or any folder, read with the archive's rules.
    case folder(String)

    var name: String {
        switch self {
        case .archive(_, let name): name
        case .folder(let path): path
        }
    }
}

extension RunImporter {
    /// Imports an account export (Strava's `activities.csv` with `activities/`, Garmin Connect's
    /// uploaded-files zips) or any archive or folder of activity files.
    ///
    /// Each activity file is imported as a file given alone would be (duplicates by content and by
    /// start and distance), with what Strava's `activities.csv` says of it (``ExportMetadata``:
    /// name, sport, description and private note as notes, gear). A row without a file (entered by
    /// hand), whose file is missing, or whose file cannot be read, becomes a run of its summary
    /// alone (``RunFormats/ManualActivity``) — after the file's error is reported —, so nothing the
    /// export holds is lost. Files are read in batches of at most 256 MB, each batch on `width`
    /// threads.
    /// - Parameters:
    ///   - limits: what reading the archive or folder may cost (an upload's caps are tighter than the default).
    ///   - each: called in order with each item's name and outcome (failures included).
    /// - Returns: what the export held besides its files: skipped members with reasons, CSV errors.
    /// - Throws: ``ReadError`` when the archive cannot be read at all, or `.tooLarge` past the
    ///   count or total limits of `limits` (the files before are stored); storage errors.
    @discardableResult
    package func importExport(_ source: ExportSource, limits: ArchiveLimits = .default, width: Int? = nil,
                             each: (String, Result<ImportResult, any Error>) throws -> Void) throws -> ExportSummary {
        var batch: [(item: ImportItem, row: StravaActivity?)] = []
        var batchBytes = 0
        func flush() throws {
            let items = batch
            batch = []
            batchBytes = 0
            try importItems(items.map(\.item), width: width) { index, outcome in
                try each(items[index].item.displayName, outcome)
                if case .failure(let error) = outcome, error is ReadError, let row = items[index].row {
                    try importSummary(of: row, source: source, because: "its file could not be read", each: each)
                }
            }
        }
        func body(_ file: ExportActivityFile) throws {
            let displayName = source.name + ":" + file.path
            switch file.content {
            case .failure(let error):
                try each(displayName, .failure(error))
                if let row = file.stravaActivity {
                    try importSummary(of: row, source: source, because: "its file could not be read", each: each)
                }
            case .success(let bytes):
                var name = (file.path as NSString).lastPathComponent
                if let compression = file.compression, name.lowercased().hasSuffix("." + compression.fileExtension) {
                    name = (name as NSString).deletingPathExtension
                }
                batch.append((ImportItem(bytes: bytes, displayName: displayName, sourceName: name,
                                         metadata: file.stravaActivity.map(Self.metadata)), file.stravaActivity))
                batchBytes += bytes.count
                if batchBytes >= 256 << 20 || batch.count >= 512 { try flush() }
            }
        }
        var summary: ExportSummary
        switch source {
        case .archive(let data, let name):
            summary = try data.withUnsafeBytes { try ExportArchive.read(archive: $0, fileName: name, limits: limits, body) }
        case .folder(let path): summary = try ExportArchive.read(folderAt: path, limits: limits, body)
        }
        try flush()
        for row in summary.activitiesWithoutFile {
            try importSummary(of: row, source: source, because: nil, each: each)
        }
        for row in summary.activitiesWithMissingFile {
            try importSummary(of: row, source: source, because: "its file \(row.fileName) is not in the export", each: each)
        }
        return summary
    }

    /// Imports bytes that are one activity file or an archive of them (an upload): an archive (by
    /// its bytes) as ``importExport(_:width:each:)``, else as one file; an archive that cannot be
    /// read is one failure.
    /// - Returns: what an archive held besides its files; nil for a single file or an unreadable archive.
    @discardableResult
    package func importUpload(_ bytes: [UInt8], fileName: String,
                             each: (String, Result<ImportResult, any Error>) throws -> Void) throws -> ExportSummary? {
        guard ArchiveFormat.sniff(bytes) != nil else {
            try each(fileName, Result { try importBytes(bytes, fileName: fileName) })
            return nil
        }
        do {
            return try importExport(.archive(Data(bytes), name: fileName), each: each)
        } catch let error as ReadError {
            try each(fileName, .failure(error))
            return nil
        }
    }

    /// What a Strava row says of its activity, for the runs of its file.
    static func metadata(_ row: StravaActivity) -> ExportMetadata {
        let description = row.description.trimmingCharacters(in: .whitespacesAndNewlines)
        let privateNote = row.privateNote.trimmingCharacters(in: .whitespacesAndNewlines)
        let notes = [description, privateNote.isEmpty ? "" : "Private note: " + privateNote].filter { !$0.isEmpty }.joined(separator: "\n\n")
        return ExportMetadata(name: row.name.isEmpty ? nil : row.name, sport: row.sport, notes: notes, gear: row.gear)
    }

    /// A run of a Strava row's summary alone.
    private func importSummary(of row: StravaActivity, source: ExportSource, because reason: String?,
                               each: (String, Result<ImportResult, any Error>) throws -> Void) throws {
        let origin = "Strava activities.csv, line \(row.line), Activity ID \(row.activityID)"
        let manual = ManualActivity(source: origin + (reason.map { " (\($0))" } ?? ""), name: row.name, type: row.type,
                                    startTimeSeconds: row.startTimeSeconds, elapsedTimeSeconds: row.elapsedSeconds,
                                    movingTimeSeconds: row.movingSeconds, distanceMeters: row.distanceMeters)
        let displayName = source.name + ":activities.csv#\(row.activityID)"
        let item = ImportItem(bytes: manual.encoded, displayName: displayName, sourceName: "strava-\(row.activityID).json",
                              metadata: Self.metadata(row))
        try each(displayName, Result { try store(Self.prepare(item, options: options)) })
    }
}
