package import RunCore

/// The library's best effort at one distance, with the run it came from.
package struct LibraryRecord: Sendable, Equatable {
    package init(effort: BestEffort, runID: Int64, runName: String, runStartTimeSeconds: Double?) {
        self.effort = effort
        self.runID = runID
        self.runName = runName
        self.runStartTimeSeconds = runStartTimeSeconds
    }

    package var effort: BestEffort
    package var runID: Int64
    package var runName: String
    /// Start of the run, seconds since 1970 UTC.
    package var runStartTimeSeconds: Double?
}

