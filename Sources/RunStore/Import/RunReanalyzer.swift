public import RunCore
import RunFormats

/// Recomputes runs from their stored originals (read again the way they were imported), after the
/// analysis methods or their parameters changed; replaces samples, summary, analysis and best
/// efforts in one transaction per run. The original, the run's number and name stay.
public struct RunReanalyzer {
    public let library: Library
    /// Parameters to use; nil chooses them from each run's sport and ``preferences``.
    public var parameters: AnalysisParameters?
    /// The user's analysis settings.
    public var preferences: AnalysisPreferences

    public init(library: Library, parameters: AnalysisParameters? = nil, preferences: AnalysisPreferences = AnalysisPreferences()) {
        self.library = library
        self.parameters = parameters
        self.preferences = preferences
    }

    /// Re-reads and re-analyses one run.
    /// - Returns: the new analysis.
    /// - Throws: ``StoreError`` (no such run, damaged original), ``GPXError`` (the original no longer
    ///   reads, e.g. after a reader change that refuses it), storage errors. Nothing changes then.
    /// - Parameter chosenSport: the runner's new choice of sport (`.some(nil)`: back to the file's
    ///   or the inferred one), stored with the new numbers; nil keeps the run's.
    @discardableResult
    public func reanalyze(id: Int64, chosenSport: Sport?? = nil) throws -> RunAnalysis {
        // Read again as import read it: streamed in pieces, never whole in memory; then the part
        // of the file the run is, with the sport the runner chose, if any.
        let record = try library.run(id: id)
        let builder = ActivityBuilder()
        let session = GPXReadSession(fileName: record.sourceName,
                                     options: GPXReader.Options(skipsInvalidPoints: try library.skipsInvalidPoints(id: id)),
                                     handler: builder)
        try library.forEachOriginalChunk(id: id) { try session.feed($0) }
        let diagnostics = try session.finish()
        let activity = record.part.map { builder.activity.selecting($0) } ?? builder.activity
        let sport = chosenSport ?? record.chosenSport
        let analysis = ActivityAnalyzer.analyze(activity, parameters: parameters, preferences: preferences, sport: sport,
                                                fileName: record.sourceName)
        try library.replaceAnalysis(id: id, activity: activity, analysis: analysis, diagnostics: diagnostics, chosenSport: chosenSport)
        return analysis
    }

    /// Runs whose stored numbers come from an older method version than this runlog's, or from
    /// other parameters than the current ones (settings changed since).
    public func staleRunIDs() throws -> [Int64] {
        try library.runs().filter { isStale($0.summary.parameters) }.map(\.id)
    }

    /// Whether results computed with `stored` differ from what this runlog computes now.
    public func isStale(_ stored: AnalysisParameters) -> Bool {
        stored != (parameters ?? AnalysisParameters(sport: stored.sport, preferences: preferences))
    }
}
