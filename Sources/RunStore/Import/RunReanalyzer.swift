package import RunCore
import RunFormats

/// Recomputes runs from their stored originals (read again the way they were imported), after the
/// analysis methods or their parameters changed; replaces samples, summary, analysis and best
/// efforts in one transaction per run. The original, the run's number and name stay.
package struct RunReanalyzer {
    package let library: any RunLibrary
    /// Parameters to use; nil chooses them from each run's sport and ``preferences``.
    package var parameters: AnalysisParameters?
    /// The user's analysis settings.
    package var preferences: AnalysisPreferences
    /// The original read last: the runs cut from one file are recomputed from one reading of it.
    private let lastOriginal = LastOriginal()

    package init(library: any RunLibrary, parameters: AnalysisParameters? = nil, preferences: AnalysisPreferences = AnalysisPreferences()) {
        self.library = library
        self.parameters = parameters
        self.preferences = preferences
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
        let analysis = ActivityAnalyzer.analyze(activity, parameters: parameters, preferences: preferences, sport: sport,
                                                fileName: record.sourceName)
        try library.replaceAnalysis(id: id, activity: activity, analysis: analysis, diagnostics: diagnostics, chosenSport: chosenSport)
        return analysis
    }

    /// The run's original read again (or the one read last, when the run was cut from it too).
    private func original(of record: RunRecord) throws -> (Activity, [Diagnostic]) {
        if let read = lastOriginal.read, read.originalID == record.originalID { return (read.activity, read.diagnostics) }
        let session = ActivityReadSession(fileName: record.sourceName,
                                          options: ReadOptions(isLenient: try library.skipsInvalidPoints(id: record.id)))
        try library.forEachOriginalChunk(id: record.id) { try session.feed($0) }
        let read = try session.finish()
        // Only a file cut into several runs is worth keeping for the next one.
        lastOriginal.read = record.part == nil ? nil : (record.originalID, read.activity, read.diagnostics)
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

/// The original a ``RunReanalyzer`` read last, with what the reader said of it.
private final class LastOriginal {
    var read: (originalID: Int64, activity: Activity, diagnostics: [Diagnostic])?
}
