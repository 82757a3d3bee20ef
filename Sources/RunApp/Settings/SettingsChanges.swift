package import RunCore
package import RunStore

/// Changes of settings as every front end makes them (`runlog settings`, the settings page,
/// `PUT /api/v1/settings`, a profile made active): values checked against the rules between
/// settings and against what they name outside them, stored all or none, and — when the active
/// profile's analysis preferences changed — the library's runs recomputed, so every number
/// follows the settings whoever changed them.
package struct SettingsChanges {
    package let settings: SettingsStore
    /// The library whose runs follow the analysis settings, or nil when there is none yet.
    package let library: (any RunLibrary)?
    /// When set, a change of the analysis preferences is stored and this is called instead of
    /// recomputing the runs here (a server's background worker recomputes them, ``recomputeStale(progress:)``):
    /// the change's ``RunStore/Reanalysis`` is then empty, with ``RunStore/Reanalysis/isQueued``.
    package let queueRecompute: (@Sendable () -> Void)?

    package init(settings: SettingsStore, library: (any RunLibrary)?, queueRecompute: (@Sendable () -> Void)? = nil) {
        self.settings = settings
        self.library = library
        self.queueRecompute = queueRecompute
    }

    /// Makes a change of settings (a value, a reset, another active profile…) and, when it changed
    /// the active profile's analysis preferences, recomputes the library's runs whose stored
    /// parameters differ from the new ones. When another change of the analysis settings comes
    /// while they are recomputed (in another process), the newest wins: no run is written with
    /// older preferences after a newer change is stored, and the runs end up following the
    /// settings as they are at the end (the result's `settingsChangedMeanwhile` says so).
    /// - Parameters:
    ///   - progress: as ``RunStore/Reanalysis/run(_:with:progress:)``.
    ///   - change: the change; its result is returned.
    /// - Returns: the change's result and what was recomputed.
    /// - Throws: what `change` throws (nothing is recomputed then); ``SettingsError`` `.recomputeFailed`
    ///   when the change is stored but recomputing stopped (runs deleted meanwhile are skipped).
    package func change<T>(progress: (_ position: Int, _ count: Int, _ id: Int64) -> Void = { _, _, _ in },
                          _ change: () throws -> T) throws -> (result: T, reanalysis: Reanalysis) {
        let before = AnalysisPreferences(settings: try settings.snapshot())
        let result = try change()
        let after = AnalysisPreferences(settings: try settings.snapshot())
        guard before != after, library != nil else { return (result, Reanalysis()) }
        if let queueRecompute {
            queueRecompute()
            var queued = Reanalysis()
            queued.isQueued = true
            return (result, queued)
        }
        do {
            return (result, try recomputeStale(preferences: after, progress: progress))
        } catch {
            // The change is stored: say so, and how to finish what is left.
            var failure = SettingsError(.recomputeFailed, "the settings were changed, but recomputing the runs stopped: \(error); "
                                        + "the rest are recomputed when the stale runs are")
            failure.reason = "\(error)"
            throw failure
        }
    }

    /// Recomputes the library's runs whose stored parameters differ from the analysis preferences
    /// the settings hold now (what a background worker does after ``queueRecompute`` was called).
    /// The newest settings win: a change made while these runs are recomputed is read in each
    /// run's write, and the runs follow it (``RunStore/RunReanalyzer``, ``RunStore/Reanalysis/run(_:with:progress:)``).
    /// - Parameters:
    ///   - preferences: the preferences to start from (nil: read from the settings now).
    ///   - progress: as ``RunStore/Reanalysis/run(_:with:progress:)``.
    /// - Returns: what was recomputed (empty without a library).
    /// - Throws: storage errors (runs recomputed before stay so).
    package func recomputeStale(preferences: AnalysisPreferences? = nil,
                                progress: (_ position: Int, _ count: Int, _ id: Int64) -> Void = { _, _, _ in }) throws -> Reanalysis {
        guard let library else { return Reanalysis() }
        let settings = settings
        let reanalyzer = RunReanalyzer(library: library, preferences: try preferences ?? AnalysisPreferences(settings: settings.snapshot()),
                                       currentPreferences: { AnalysisPreferences(settings: try settings.snapshot()) })
        return try Reanalysis.run(try reanalyzer.staleRunIDs(), with: reanalyzer, progress: progress)
    }

    /// Makes another profile the active one, recomputing the runs when its analysis settings differ.
    /// - Throws: ``SettingsError`` `.unknownProfile`; as ``change(progress:_:)``.
    package func useProfile(_ name: String) throws -> Reanalysis {
        try change { try settings.useProfile(name) }.reanalysis
    }

    /// What saving `values` in the active profile would change, and what refuses it — every
    /// problem at once (the rules between settings and the names of things outside them, over the
    /// values given), nothing written.
    package func check(_ values: [String: SettingValue]) throws -> SettingsCheck {
        let current = try settings.snapshot()
        let changed = values.filter { key, value in current.values[key] != value }
        var candidate = current
        for (key, value) in changed { candidate.values[key] = value }
        let violations = settings.schema.violations(of: candidate, changedKeys: Set(changed.keys))
        var references: [(key: String, problem: String)] = []
        if let checking = settings.references {
            for (key, value) in changed.sorted(by: { $0.key < $1.key }) {
                if let problem = checking.problem(key: key, value: value) { references.append((key, problem)) }
            }
        }
        return SettingsCheck(changed: changed, violations: violations, referenceProblems: references)
    }

    /// Stores the changed values of a check in the active profile, all or none, and recomputes
    /// the runs when the analysis settings changed (nothing to store: nothing happens).
    /// - Returns: what was recomputed.
    /// - Throws: ``SettingsError`` `.invalidSetting` when the store refuses them (a rule broken by
    ///   a value another process stored meanwhile: ``SettingsError/refusal`` says which); as ``change(progress:_:)``.
    package func save(_ check: SettingsCheck) throws -> Reanalysis {
        guard !check.changed.isEmpty else { return Reanalysis() }
        return try change { try settings.set(check.changed) }.reanalysis
    }
}

/// Values to save, checked against the settings they would change.
package struct SettingsCheck {
    /// The values that differ from the stored ones, by key (only these are written, so untouched
    /// settings keep their origin `default`).
    package var changed: [String: SettingValue]
    /// The rules between settings the changed values break.
    package var violations: [SettingsRuleViolation]
    /// Changed values that name something that is not there (a search set the library lacks), by key in order.
    package var referenceProblems: [(key: String, problem: String)]

    /// Whether nothing refuses the values.
    package var isAcceptable: Bool { violations.isEmpty && referenceProblems.isEmpty }
}
