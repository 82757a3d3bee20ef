package import RunCore
package import RunStore

/// One stored run as its page, `runlog show` and `GET /api/v1/runs/{id}` show it: the record,
/// its analysis, and whether its numbers are stale.
package struct RunDetail: Sendable {
    package var record: RunRecord
    /// The stored analysis; nil for runs stored before analyses were kept.
    package var analysis: RunAnalysis?
    /// Whether the stored numbers come from an older method or other parameters than the
    /// settings' analysis preferences give now (`runlog reanalyze --stale` recomputes them).
    package var isStale: Bool

    /// The numbers shown: the analysis's summary, else the run's.
    package var summary: ActivitySummary { analysis?.summary ?? record.summary }
}

/// Reading, editing and deleting stored runs with the settings' analysis preferences, as both
/// front ends do it.
package struct Runs {
    package let library: any RunLibrary
    /// The analysis preferences of the profile the front end runs with.
    package let preferences: AnalysisPreferences
    /// The analysis preferences as the settings hold them when asked (read again from the store):
    /// a run recomputed by an edit follows a change of settings made meanwhile.
    package let currentPreferences: (() throws -> AnalysisPreferences)?

    package init(library: any RunLibrary, preferences: AnalysisPreferences,
                 currentPreferences: (() throws -> AnalysisPreferences)? = nil) {
        self.library = library
        self.preferences = preferences
        self.currentPreferences = currentPreferences
    }

    /// The run with its analysis and staleness.
    /// - Parameter splits: the units whose splits are read (a page shows one; the others are left empty).
    /// - Throws: ``LibraryError`` `.runNotFound`; storage errors.
    package func detail(id: Int64, splits: SplitUnits = .all) throws -> RunDetail {
        let (record, analysis) = try library.runWithAnalysis(id: id, splits: splits)
        let parameters = (analysis?.summary ?? record.summary).parameters
        let isStale = RunReanalyzer(library: library, preferences: preferences).isStale(parameters)
        return RunDetail(record: record, analysis: analysis, isStale: isStale)
    }

    /// Changes a run's name, notes or sport (``RunStore/RunEdit``); a new sport recomputes the run
    /// with the preferences.
    /// - Returns: the run as stored now.
    /// - Throws: as ``RunStore/RunEdit/apply(to:in:preferences:)``.
    @discardableResult
    package func edit(id: Int64, _ edit: RunEdit) throws -> RunRecord {
        try edit.apply(to: id, in: library, preferences: preferences, currentPreferences: currentPreferences)
    }

    /// Deletes a run (and its original when no other run was cut from it).
    /// - Returns: the run as it was.
    /// - Throws: ``LibraryError`` `.runNotFound`; storage errors.
    @discardableResult
    package func delete(id: Int64) throws -> RunRecord {
        let record = try library.run(id: id)
        try library.delete(id: id)
        return record
    }
}
