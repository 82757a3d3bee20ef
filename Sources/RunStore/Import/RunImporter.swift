public import RunCore
import RunFormats
import Foundation

/// Imports GPX files into a ``Library``: one pass over the file feeds the GPX reader, the SHA-256
/// of the original and its compressed copy; then everything is stored in one transaction.
///
/// Duplicates are never deleted: a file whose exact bytes are already in the library is skipped;
/// a run that starts within ``ImportOptions/duplicateStartToleranceSeconds`` of a stored run with a
/// distance within ``ImportOptions/duplicateDistanceTolerance`` is a *probable* duplicate (the same
/// run exported twice, e.g. from the watch and from an app) and is imported only when
/// ``ImportOptions/importsProbableDuplicates`` is set.
public struct RunImporter {
    public let library: Library
    public var options: ImportOptions

    public init(library: Library, options: ImportOptions = ImportOptions()) {
        self.library = library
        self.options = options
    }

    /// Imports one file (`-` reads standard input).
    /// - Parameter displayName: the name reports use for the file (defaults to `path`).
    /// - Throws: ``GPXError`` when the file cannot be read as GPX, ``StoreError`` `.noTrackPoints`
    ///   when it has no track points (a route or waypoints only: not a run), or a storage error
    ///   (``SQLiteError``, ``StoreError``). Nothing is stored then.
    public func importFile(atPath path: String, displayName: String? = nil) throws -> ImportOutcome {
        let sourceName = path == "-" ? "stdin" : (path as NSString).lastPathComponent
        return try importChunks(displayName: displayName ?? path, sourceName: sourceName) { consume in
            try ChunkedFile.forEachChunk(ofFileAt: path, consume)
        }
    }

    /// Imports a file held in memory (an upload).
    /// - Parameter fileName: the file's name (its last path component is kept as the source name);
    ///   reports use it too.
    /// - Throws: as ``importFile(atPath:displayName:)``.
    public func importBytes(_ bytes: [UInt8], fileName: String) throws -> ImportOutcome {
        let sourceName = (fileName as NSString).lastPathComponent
        return try importChunks(displayName: fileName, sourceName: sourceName.isEmpty ? "upload.gpx" : sourceName) { consume in
            let chunkSize = 256 * 1024
            var start = 0
            repeat {
                let end = min(start + chunkSize, bytes.count)
                try bytes[start..<end].withUnsafeBytes { try consume($0) }
                start = end
            } while start < bytes.count
        }
    }

    /// The import of a file whose bytes `forEachChunk` hands over in order.
    private func importChunks(displayName name: String, sourceName: String,
                              forEachChunk: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> ImportOutcome {
        let builder = ActivityBuilder()
        let session = GPXReadSession(fileName: name, options: GPXReader.Options(skipsInvalidPoints: options.skipsInvalidPoints),
                                     handler: builder)
        var hasher = SHA256()
        // zlib level 3: 7.8 % of a GPX file at 160 MB/s (level 6: 6.5 % at 87 MB/s, on this machine).
        let deflater = Deflater(level: 3)
        var size = 0
        try forEachChunk { chunk in
            size += chunk.count
            hasher.update(chunk)
            deflater.append(chunk)
            try session.feed(chunk)
        }
        let diagnostics = try session.finish()
        let digest = hasher.finalize()
        if let existing = try library.runID(contentSHA256: digest) {
            return .duplicate(existing: try library.run(id: existing))  // early answer; checked again below
        }
        let activity = builder.activity
        guard activity.trackPointCount > 0 else {
            var contents: [String] = []
            if activity.routes.count > 0 { contents.append("\(activity.routes.count) route\(activity.routes.count == 1 ? "" : "s")") }
            if activity.waypoints.count > 0 { contents.append("\(activity.waypoints.count) waypoint\(activity.waypoints.count == 1 ? "" : "s")") }
            let holds = contents.isEmpty ? "nothing but metadata" : contents.joined(separator: " and ")
            throw StoreError(.noTrackPoints, "no track points (the file holds \(holds)), so it is not a run; "
                             + "'runlog stats' shows its numbers")
        }
        let analysis = ActivityAnalyzer.analyze(activity, parameters: options.analysisParameters
                                                ?? ActivityAnalyzer.parameters(for: activity, preferences: options.analysisPreferences))
        let summary = analysis.summary
        let content = try StoredRunContent(activity: activity, analysis: analysis, diagnostics: diagnostics)
        let named = RunName.clean(activity.displayName ?? "")
        let runName = String((named.isEmpty ? RunName.clean((sourceName as NSString).deletingPathExtension) : named)
            .prefix(RunName.maximumLength))
        // The duplicate rules run again inside the write transaction, so two processes importing
        // the same file at once store it once.
        return try library.insert(
            content, name: runName, sourceName: sourceName, originalSize: size, compressedOriginal: deflater.finish(),
            contentSHA256: digest, skipsInvalidPoints: options.skipsInvalidPoints
        ) { library in
            if let existing = try library.runID(contentSHA256: digest) {
                return .duplicate(existing: try library.run(id: existing))
            }
            if !options.importsProbableDuplicates, let start = summary.startTimeSeconds {
                let near = try library.runs(startingNear: start, toleranceSeconds: options.duplicateStartToleranceSeconds)
                if let match = near.first(where: { isNearlyEqual($0.summary.distanceMeters, summary.distanceMeters) }) {
                    return .probableDuplicate(existing: match)
                }
            }
            return nil
        }
    }

    private func isNearlyEqual(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= max(options.duplicateDistanceTolerance * max(a, b), 1)
    }
}

/// How ``RunImporter`` treats what it reads.
public struct ImportOptions: Sendable {
    /// Leave out points with an invalid position instead of refusing the file (reported).
    public var skipsInvalidPoints = false
    /// Import probable duplicates too (same start, nearly the same distance as a stored run).
    public var importsProbableDuplicates = false
    /// Two runs starting at most this far apart may be the same run. Default 5 s.
    public var duplicateStartToleranceSeconds = 5.0
    /// … when their distances differ by at most this fraction (default 2 %, at least 1 m).
    public var duplicateDistanceTolerance = 0.02
    /// The analysis parameters; nil chooses them from the run's sport and ``analysisPreferences``
    /// (``ActivityAnalyzer/parameters(for:preferences:)``).
    public var analysisParameters: AnalysisParameters?
    /// The user's analysis settings.
    public var analysisPreferences = AnalysisPreferences()

    public init(skipsInvalidPoints: Bool = false, importsProbableDuplicates: Bool = false) {
        self.skipsInvalidPoints = skipsInvalidPoints
        self.importsProbableDuplicates = importsProbableDuplicates
    }
}

/// What happened to one imported file.
public enum ImportOutcome: Sendable {
    /// Stored as a new run.
    case imported(RunRecord)
    /// The same bytes are already in the library; nothing stored.
    case duplicate(existing: RunRecord)
    /// A run with the same start and nearly the same distance exists; nothing stored unless asked.
    case probableDuplicate(existing: RunRecord)
}
