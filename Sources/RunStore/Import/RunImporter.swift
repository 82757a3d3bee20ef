package import RunCore
import RunFormats
package import Foundation

/// Imports activity files (GPX, FIT, TCX, plain or compressed; archives and exports through
/// ``importExport(_:width:each:)``) into a ``RunLibrary``: one pass over the file feeds the reader, the SHA-256
/// of the original and its compressed copy; then everything is stored in one transaction.
///
/// Duplicates are never deleted: a file whose exact bytes are already in the library is skipped;
/// a run that starts within ``ImportOptions/duplicateStartToleranceSeconds`` of a stored run with a
/// distance within ``ImportOptions/duplicateDistanceTolerance`` is a *probable* duplicate (the same
/// run exported twice, e.g. from the watch and from an app) and is imported only when
/// ``ImportOptions/importsProbableDuplicates`` is set.
package struct RunImporter {
    package let library: any RunLibrary
    package var options: ImportOptions

    package init(library: any RunLibrary, options: ImportOptions = ImportOptions()) {
        self.library = library
        self.options = options
    }

    /// Imports one file (`-` reads standard input).
    /// - Parameter displayName: the name reports use for the file (defaults to `path`).
    /// - Throws: ``ReadError`` when the file cannot be read as GPX, ``LibraryError`` `.noTrackPoints`
    ///   when it has no track points (a route or waypoints only: not a run), or a storage error
    ///   (``StorageFailure``, ``StoredDataError``). Nothing is stored then.
    package func importFile(atPath path: String, displayName: String? = nil) throws -> ImportResult {
        try store(Self.prepareFile(atPath: path, displayName: displayName, options: options))
    }

    /// Imports a file held in memory (an upload).
    /// - Parameter fileName: the file's name (its last path component is kept as the source name);
    ///   reports use it too.
    /// - Throws: as ``importFile(atPath:displayName:)``.
    package func importBytes(_ bytes: [UInt8], fileName: String) throws -> ImportResult {
        try store(Self.prepareBytes(bytes, fileName: fileName, options: options))
    }

    /// Imports a file held in memory without copying it (an upload's part, mapped from its spool file).
    /// - Throws: as ``importFile(atPath:displayName:)``.
    package func importData(_ data: Data, fileName: String) throws -> ImportResult {
        try store(Self.prepareData(data, fileName: fileName, options: options))
    }

    /// Imports several files: read and analysed on up to `width` threads at once (nil: one per
    /// processor), stored one after the other in the order given, each in its own transaction —
    /// so run numbers follow the order of `paths`, as one by one.
    /// - Parameters:
    ///   - paths: the files, with the names reports use for them.
    ///   - each: called on the calling thread, in order, with each file's index and outcome or
    ///     error (as ``importFile(atPath:displayName:)`` throws); an error it throws stops the
    ///     import after the files already stored, and is rethrown.
    package func importFiles(_ paths: [(path: String, displayName: String)], width: Int? = nil,
                            each: (Int, Result<ImportResult, any Error>) throws -> Void) throws {
        try importItems(paths.map { ImportItem(path: $0.path, displayName: $0.displayName) }, width: width, each: each)
    }

    /// Imports files on disk, files held in memory (archive members, uploads) and an export's
    /// activities without a file, as ``importFiles(_:width:each:)`` does: read and analysed on up
    /// to `width` threads, stored in the order given.
    package func importItems(_ items: [ImportItem], width: Int? = nil,
                            each: (Int, Result<ImportResult, any Error>) throws -> Void) throws {
        let options = options
        try OrderedParallelWork.run(count: items.count, width: width ?? ProcessInfo.processInfo.activeProcessorCount, work: { index in
            Result { try Self.prepare(items[index], options: options) }
        }, consume: { index, prepared in
            try each(index, prepared.flatMap { prepared in Result { try store(prepared) } })
        })
    }

    /// Reads one item into a ``PreparedRun``.
    package static func prepare(_ item: ImportItem, options: ImportOptions) throws -> PreparedRun {
        switch item.source {
        case .file(let path): try prepareFile(atPath: path, displayName: item.displayName, options: options, metadata: item.metadata)
        case .bytes(let bytes): try prepareBytes(bytes, fileName: item.displayName, sourceName: item.sourceName, options: options,
                                                 metadata: item.metadata)
        }
    }

    /// Stores a prepared file's runs in one transaction, unless it is a duplicate; a part that is a
    /// probable duplicate of a stored run is skipped (unless allowed).
    /// - Throws: a storage error (``StorageFailure``, ``StoredDataError``); nothing is stored then.
    package func store(_ prepared: PreparedRun) throws -> ImportResult {
        let digest = prepared.original.contentSHA256
        // The duplicate rules run inside the write transaction, so two processes importing
        // the same file at once store it once.
        let outcomes = try library.insert(prepared.original, parts: prepared.parts, isStored: { library in
            try library.runIDs(contentSHA256: digest).map { try library.run(id: $0) }
        }, refuse: { library, part in
            let summary = part.content.summary
            if !options.importsProbableDuplicates, let start = summary.startTimeSeconds {
                let near = try library.runs(startingNear: start, toleranceSeconds: options.duplicateStartToleranceSeconds)
                if let match = near.first(where: { isNearlyEqual($0.summary.distanceMeters, summary.distanceMeters) }) {
                    return .probableDuplicate(existing: match)
                }
            }
            return nil
        })
        var result = ImportResult(outcomes: outcomes, partCount: prepared.partCount, routeCount: prepared.parts.filter { $0.kind == .route }.count)
        result.isSplitBySessions = prepared.format != .gpx
        if let metadata = prepared.metadata, prepared.partCount == 1 {
            result.outcomes = try outcomes.map { try completing($0, with: metadata, result: &result) }
        }
        return result
    }

    /// A run already stored (the same file, or the same activity from another export) completed
    /// with what the export says of it: name, notes and gear where empty, the sport when the runner
    /// chose none (recomputed then). The same export imported twice changes nothing the second time.
    private func completing(_ outcome: ImportOutcome, with metadata: ExportMetadata,
                            result: inout ImportResult) throws -> ImportOutcome {
        let existing: RunRecord
        switch outcome {
        case .imported: return outcome
        case .duplicate(let run), .probableDuplicate(let run): existing = run
        }
        // Still named after its own file: the file had no name of its own.
        var changed = try library.complete(id: existing.id, with: metadata, fileBaseName: RunName.fromFile(existing.sourceName))
        if existing.chosenSport == nil, let sport = metadata.sport, sport != existing.summary.sport {
            try RunReanalyzer(library: library, parameters: options.analysisParameters, preferences: options.analysisPreferences)
                .reanalyze(id: existing.id, chosenSport: .some(sport))
            changed = true
        }
        guard changed else { return outcome }
        result.completedFromExport.insert(existing.id)
        let updated = try library.run(id: existing.id)
        if case .duplicate = outcome { return .duplicate(existing: updated) }
        return .probableDuplicate(existing: updated)
    }

    private func isNearlyEqual(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= max(options.duplicateDistanceTolerance * max(a, b), 1)
    }
}

/// One thing to import: a file on disk (`-`: standard input) or bytes in memory (an archive's
/// member, an upload), with what an export says of it.
package struct ImportItem: Sendable {
    package enum Source: Sendable {
        case file(String)
        case bytes([UInt8])
    }

    package var source: Source
    /// The name reports use (a path, or `archive.zip:activities/123.fit.gz`).
    package var displayName: String
    package var metadata: ExportMetadata?
    /// The name stored with the original, when not the display name's last component (an archive
    /// member stored decompressed: `123.fit`, not `123.fit.gz`).
    package var sourceName: String?

    package init(path: String, displayName: String, metadata: ExportMetadata? = nil) {
        source = .file(path)
        self.displayName = displayName
        self.metadata = metadata
    }

    package init(bytes: [UInt8], displayName: String, sourceName: String? = nil, metadata: ExportMetadata? = nil) {
        source = .bytes(bytes)
        self.displayName = displayName
        self.sourceName = sourceName
        self.metadata = metadata
    }
}

/// How ``RunImporter`` treats what it reads.
package struct ImportOptions: Sendable {
    /// Leave out points with an invalid position instead of refusing the file (reported).
    package var skipsInvalidPoints = false
    /// Import probable duplicates too (same start, nearly the same distance as a stored run).
    package var importsProbableDuplicates = false
    /// Two runs starting at most this far apart may be the same run. Default 5 s.
    package var duplicateStartToleranceSeconds = 5.0
    /// … when their distances differ by at most this fraction (default 2 %, at least 1 m).
    package var duplicateDistanceTolerance = 0.02
    /// The analysis parameters; nil chooses them from the run's sport and ``analysisPreferences``
    /// (``ActivityAnalyzer/parameters(for:preferences:)``).
    package var analysisParameters: AnalysisParameters?
    /// The user's analysis settings.
    package var analysisPreferences = AnalysisPreferences()
    /// Cut a file holding several activities into runs (``ActivitySplitter``); false keeps one
    /// run per file (`--no-split`).
    package var splitsActivities = true

    package init(skipsInvalidPoints: Bool = false, importsProbableDuplicates: Bool = false) {
        self.skipsInvalidPoints = skipsInvalidPoints
        self.importsProbableDuplicates = importsProbableDuplicates
    }
}

/// What happened to one imported file: an outcome per run it holds (per run already stored for
/// a file imported before).
package struct ImportResult: Sendable {
    package var outcomes: [ImportOutcome]
    /// How many runs the file holds (more than one: it was split), routes included.
    package var partCount: Int
    /// How many of them are routes (tracks without times).
    package var routeCount: Int
    /// Whether the runs are the sessions the device recorded (FIT, TCX multisport), not cut by gaps.
    package var isSplitBySessions = false
    /// Runs already stored that the export's details completed (name, notes, gear, sport).
    package var completedFromExport: Set<Int64> = []

    package init(outcomes: [ImportOutcome], partCount: Int, routeCount: Int = 0) {
        self.outcomes = outcomes
        self.partCount = partCount
        self.routeCount = routeCount
    }

    /// The runs stored.
    package var imported: [RunRecord] { outcomes.compactMap { if case .imported(let run) = $0 { run } else { nil } } }
}

/// What happened to one run of an imported file.
package enum ImportOutcome: Sendable {
    /// Stored as a new run.
    case imported(RunRecord)
    /// The same bytes are already in the library, as this run (one of the runs cut from them); nothing stored.
    case duplicate(existing: RunRecord)
    /// A run with the same start and nearly the same distance exists; nothing stored unless asked.
    case probableDuplicate(existing: RunRecord)
}
