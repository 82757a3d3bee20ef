public import RunCore

/// The outcome of reading a GPX file: the activity and what the reader noticed on the way.
public struct ActivityReadResult: Sendable {
    public var activity: Activity
    /// Assumptions made and values not used (zone-less times taken as UTC, longitudes normalised,
    /// points skipped on request …), merged by kind, each with the line of its first occurrence.
    public var diagnostics: [Diagnostic]

    public init(activity: Activity, diagnostics: [Diagnostic]) {
        self.activity = activity
        self.diagnostics = diagnostics
    }
}
