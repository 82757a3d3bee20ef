package import RunCore

/// The outcome of reading a GPX file: the activity and what the reader noticed on the way.
package struct ActivityReadResult: Sendable {
    package var activity: Activity
    /// Assumptions made and values not used (zone-less times taken as UTC, longitudes normalised,
    /// points skipped on request …), merged by kind, each with the line of its first occurrence.
    package var diagnostics: [Diagnostic]

    package init(activity: Activity, diagnostics: [Diagnostic]) {
        self.activity = activity
        self.diagnostics = diagnostics
    }
}
