package import RunCore
import RunFormats

/// Recomputes runs from their stored originals (read again the way they were imported), after the
/// analysis methods or their parameters changed; replaces samples, summary, analysis, best
/// efforts and the page's sketch in one transaction per run. The original, the run's number and name stay.
///
/// **The newest settings win.** With ``currentPreferences`` given, every run's write asks, under
/// the library's write lock, whether the settings still hold the preferences the run was computed
/// with. When another change of settings has come meanwhile, nothing is written: the reanalyzer
/// takes the newer preferences and computes the run again with them (and every later run), and
/// ``Reanalysis/run(_:with:progress:)`` finally recomputes the runs it wrote earlier. So a recompute
/// overtaken by a newer change never writes the older numbers after that change is stored, and
/// the runs it wrote before are made to follow the newer change by it or by this one (whichever
/// reads the library last).
package struct RunReanalyzer {
    package let library: any RunLibrary
    /// Parameters to use; nil chooses them from each run's sport and ``preferences``.
    package var parameters: AnalysisParameters?
    /// The analysis settings as they are now, read again inside each run's write (nil: the
    /// preferences given are used whatever the settings hold). Ignored with ``parameters``.
    package var currentPreferences: (() throws -> AnalysisPreferences)?
    /// The preferences and the original read last, shared by the copies of this reanalyzer.
    private let state: ReanalyzerState

    /// The user's analysis settings the runs are computed with: those given, or newer ones the
    /// settings held when a write found them changed.
    package var preferences: AnalysisPreferences { state.preferences }
    /// Whether a write found the settings changed since the preferences given (and the runs were
    /// computed with the newer ones from then on).
    package var preferencesChanged: Bool { state.preferencesChanged }

    package init(library: any RunLibrary, parameters: AnalysisParameters? = nil, preferences: AnalysisPreferences = AnalysisPreferences(),
                 currentPreferences: (() throws -> AnalysisPreferences)? = nil) {
        self.library = library
        self.parameters = parameters
        self.currentPreferences = currentPreferences
        state = ReanalyzerState(preferences: preferences)
    }

    /// Re-reads and re-analyses one run.
    /// - Returns: the new analysis.
    /// - Throws: ``LibraryError`` (no such run), ``StoredDataError`` (damaged original), ``ReadError`` (the original no longer
    ///   reads, e.g. after a reader change that refuses it), storage errors. Nothing changes then.
    /// - Parameter chosenSport: the runner's new choice of sport (`.some(nil)`: back to the file's
    ///   or the inferred one), stored with the new numbers; nil keeps the run's.
    @discardableResult
    package func reanalyze(id: Int64, chosenSport: Sport?? = nil) throws -> RunAnalysis {
        // Read again as import read it: streamed in pieces, never whole in memory; then the part
        // of the file the run is, with the sport the runner chose, if any.
        let record = try library.run(id: id)
        let (whole, diagnostics) = try original(of: record)
        let activity = record.part.map { whole.selecting($0) } ?? whole
        let sport = chosenSport ?? record.chosenSport
        while true {
            let used = state.preferences
            let (analysis, sketch) = ActivityAnalyzer.analyzeWithSketch(activity, parameters: parameters, preferences: used, sport: sport,
                                                                        fileName: record.sourceName)
            var newer: AnalysisPreferences?
            let isWritten = try library.replaceAnalysis(id: id, activity: activity, analysis: analysis, sketch: sketch,
                                                        diagnostics: diagnostics, chosenSport: chosenSport) {
                guard parameters == nil, let currentPreferences else { return true }
                let now = try currentPreferences()
                if now == used { return true }
                newer = now
                return false
            }
            if isWritten { return analysis }
            // Another change of settings came while this run was computed: compute it again with those.
            if let newer { state.adopt(newer) }
        }
    }

    /// Reads the settings again after a series of runs: when they hold other preferences than
    /// the ones used last, takes those (``preferencesChanged`` becomes true).
    /// - Returns: whether they changed (false without ``currentPreferences`` or with ``parameters``).
    package func adoptNewerPreferences() throws -> Bool {
        guard parameters == nil, let currentPreferences else { return false }
        let now = try currentPreferences()
        guard now != state.preferences else { return false }
        state.adopt(now)
        return true
    }

    /// The run's original read again (or the one read last, when the run was cut from it too).
    private func original(of record: RunRecord) throws -> (Activity, [Diagnostic]) {
        if let read = state.lastRead, read.originalID == record.originalID { return (read.activity, read.diagnostics) }
        let session = ActivityReadSession(fileName: record.sourceName,
                                          options: ReadOptions(isLenient: try library.skipsInvalidPoints(id: record.id)))
        try library.forEachOriginalChunk(id: record.id) { try session.feed($0) }
        let read = try session.finish()
        // Only a file cut into several runs is worth keeping for the next one.
        state.lastRead = record.part == nil ? nil : (record.originalID, read.activity, read.diagnostics)
        return (read.activity, read.diagnostics)
    }

    /// Runs whose stored numbers come from an older method version than this runlog's, or from
    /// other parameters than the current ones (settings changed since).
    package func staleRunIDs() throws -> [Int64] {
        try library.runs().filter { isStale($0.summary.parameters) }.map(\.id)
    }

    /// Whether results computed with `stored` differ from what this runlog computes now.
    package func isStale(_ stored: AnalysisParameters) -> Bool {
        stored != (parameters ?? AnalysisParameters(sport: stored.sport, preferences: preferences))
    }
}

/// What the copies of a ``RunReanalyzer`` share: the preferences in use and the original read
/// last, with what the reader said of it. One thread at a time, as the reanalyzer.
private final class ReanalyzerState {
    var preferences: AnalysisPreferences
    var preferencesChanged = false
    var lastRead: (originalID: Int64, activity: Activity, diagnostics: [Diagnostic])?

    init(preferences: AnalysisPreferences) { self.preferences = preferences }

    func adopt(_ newer: AnalysisPreferences) {
        preferences = newer
        preferencesChanged = true
    }
}
