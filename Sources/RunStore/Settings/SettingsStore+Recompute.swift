import RunCore

extension SettingsStore {
    /// Makes a change of settings (a value, a reset, another active profile…) and, when it changed
    /// the active profile's analysis preferences, recomputes the library's runs whose stored
    /// parameters differ from the new ones — so every number follows the settings, whoever
    /// changed them (`runlog settings`, the web UI, the API).
    /// - Parameters:
    ///   - library: the library to recompute, or nil when there is none yet.
    ///   - progress: as ``Reanalysis/run(_:with:progress:)``.
    ///   - change: the change; its result is returned.
    /// - Returns: the change's result and what was recomputed.
    /// - Throws: what `change` throws (nothing is recomputed then); ``StoreError`` `.recomputeFailed`
    ///   when the change is stored but recomputing stopped (runs deleted meanwhile are skipped).
    public func change<T>(recomputing library: (any RunLibrary)?,
                          progress: (_ position: Int, _ count: Int, _ id: Int64) -> Void = { _, _, _ in },
                          _ change: () throws -> T) throws -> (result: T, reanalysis: Reanalysis) {
        let before = AnalysisPreferences(settings: try snapshot())
        let result = try change()
        let after = AnalysisPreferences(settings: try snapshot())
        guard before != after, let library else { return (result, Reanalysis()) }
        let reanalyzer = RunReanalyzer(library: library, preferences: after)
        do {
            return (result, try Reanalysis.run(try reanalyzer.staleRunIDs(), with: reanalyzer, progress: progress))
        } catch {
            // The change is stored: say so, and how to finish what is left.
            throw StoreError(.recomputeFailed, "the settings were changed, but recomputing the runs stopped: \(error); "
                             + "'runlog reanalyze --stale' recomputes the rest")
        }
    }
}
