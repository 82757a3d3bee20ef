public import RunCore

/// The library's best effort at one distance, with the run it came from.
public struct LibraryRecord: Sendable, Equatable {
    public init(effort: BestEffort, runID: Int64, runName: String, runStartTimeSeconds: Double?) {
        self.effort = effort
        self.runID = runID
        self.runName = runName
        self.runStartTimeSeconds = runStartTimeSeconds
    }

    public var effort: BestEffort
    public var runID: Int64
    public var runName: String
    /// Start of the run, seconds since 1970 UTC.
    public var runStartTimeSeconds: Double?
}

