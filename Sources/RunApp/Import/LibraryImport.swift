package import Foundation
package import RunCore
package import RunFormats
package import RunStore

/// One import into the library — the files, folders and exports of a command line, or the files
/// and archives of a web upload — with the rule both front ends keep: the runs are analysed with
/// the analysis settings read when the import began, and when those settings changed while the
/// runs were being stored (another process changed them, and its recompute may have run before
/// some of these runs were stored), ``finish(progress:)`` recomputes the runs of this import that
/// do not follow the settings as they are then.
///
/// Use: make one per import, import with ``importFiles(_:width:each:)``,
/// ``importExport(_:limits:width:each:)``, ``importUpload(_:fileName:each:)`` and
/// ``importData(_:fileName:each:)`` in any mix (a web upload goes through ``UploadImport``), then call
/// ``finish(progress:)`` once. One thread at a time.
package final class LibraryImport {
    /// The importer, with the options (and the analysis preferences) the runs are analysed with.
    package let importer: RunImporter
    /// Reads the analysis settings as they are now (the profile the front end runs with).
    private let currentPreferences: () throws -> AnalysisPreferences
    /// The runs this import stored, in order.
    package private(set) var storedRunIDs: [Int64] = []

    /// - Parameters:
    ///   - library: the library the runs go into.
    ///   - options: how files are read and stored; `options.analysisPreferences` are the settings
    ///     read as the import begins.
    ///   - currentPreferences: the analysis preferences as the settings hold them when asked (read
    ///     again from the store, not a copy kept since the import began).
    package init(library: any RunLibrary, options: ImportOptions,
                currentPreferences: @escaping () throws -> AnalysisPreferences) {
        importer = RunImporter(library: library, options: options)
        self.currentPreferences = currentPreferences
    }

    /// Imports files on disk, as ``RunStore/RunImporter/importFiles(_:width:each:)`` does (read on
    /// up to `width` threads, stored in the order given), noting the runs stored.
    package func importFiles(_ files: [(path: String, displayName: String)], width: Int? = nil,
                            each: (Int, Result<ImportResult, any Error>) throws -> Void) throws {
        try importer.importFiles(files, width: width) { index, outcome in
            note(outcome)
            try each(index, outcome)
        }
    }

    /// Imports an account export, archive or folder, as ``RunStore/RunImporter/importExport(_:width:each:)``.
    /// - Returns: what the export held besides its files.
    /// - Throws: ``RunFormats/ReadError`` when the archive cannot be read at all; storage errors.
    @discardableResult
    package func importExport(_ source: ExportSource, limits: ArchiveLimits = .default, width: Int? = nil,
                             each: (String, Result<ImportResult, any Error>) throws -> Void) throws -> ExportSummary {
        try importer.importExport(source, limits: limits, width: width) { name, outcome in
            note(outcome)
            try each(name, outcome)
        }
    }

    /// Imports bytes that are one activity file or an archive of them (an upload), as
    /// ``RunStore/RunImporter/importUpload(_:fileName:each:)``.
    /// - Returns: what an archive held besides its files; nil for a single file or an unreadable archive.
    @discardableResult
    package func importUpload(_ bytes: [UInt8], fileName: String,
                             each: (String, Result<ImportResult, any Error>) throws -> Void) throws -> ExportSummary? {
        try importer.importUpload(bytes, fileName: fileName) { name, outcome in
            note(outcome)
            try each(name, outcome)
        }
    }

    /// Imports one activity file held in `Data` (mapped, not copied), as
    /// ``RunStore/RunImporter/importData(_:fileName:)``, handing its outcome to `each`.
    package func importData(_ data: Data, fileName: String, each: (String, Result<ImportResult, any Error>) throws -> Void) throws {
        let outcome = Result { try importer.importData(data, fileName: fileName) }
        note(outcome)
        try each(fileName, outcome)
    }

    /// Ends the import: reads the analysis settings again and, when they differ from those the
    /// runs were analysed with, recomputes the runs of this import whose stored parameters differ
    /// from the current ones (a run another process already recomputed is left as it is).
    /// - Parameter progress: as ``RunStore/Reanalysis/run(_:with:progress:)``.
    /// - Returns: what changed: nothing when the settings stayed.
    /// - Throws: what reading the settings throws; storage errors while recomputing (a run whose
    ///   original no longer reads is in ``ImportCompletion/reanalysis`` `failed`, not thrown).
    package func finish(progress: (_ position: Int, _ count: Int, _ id: Int64) -> Void = { _, _, _ in }) throws -> ImportCompletion {
        let current = try currentPreferences()
        guard current != importer.options.analysisPreferences else { return ImportCompletion() }
        let library = importer.library
        let reanalyzer = RunReanalyzer(library: library, preferences: current, currentPreferences: currentPreferences)
        let stale = storedRunIDs.filter { id in
            guard let stored = try? library.run(id: id) else { return false }
            return reanalyzer.isStale(stored.summary.parameters)
        }
        return ImportCompletion(settingsChanged: true, reanalysis: try Reanalysis.run(stale, with: reanalyzer, progress: progress))
    }

    private func note(_ outcome: Result<ImportResult, any Error>) {
        guard case .success(let result) = outcome else { return }
        for case .imported(let run) in result.outcomes { storedRunIDs.append(run.id) }
    }
}

/// How an import ended, beyond what each file's outcome says.
package struct ImportCompletion: Sendable, Equatable {
    /// Whether the analysis settings changed while the import ran.
    package var settingsChanged = false
    /// The runs of the import recomputed with the settings as they are now (empty when they did not change).
    package var reanalysis = Reanalysis()

    package init(settingsChanged: Bool = false, reanalysis: Reanalysis = Reanalysis()) {
        self.settingsChanged = settingsChanged
        self.reanalysis = reanalysis
    }

    /// The runs recomputed because the settings changed during the import.
    package var recomputedRunIDs: [Int64] { reanalysis.done }
}
