/// Collects ``Diagnostic``s, merging repeats of one kind into a single entry with a count and the
/// location of the first occurrence, so that a file with a million zone-less times gives one line.
package struct DiagnosticCollector: Sendable {
    private var entries: [Diagnostic] = []
    private var indexByCode: [String: Int] = [:]
    private var skippedLocations: [String] = []
    private var skippedCount = 0
    /// Diagnostics of kinds past ``distinctCodeLimit``: counted, not kept.
    private var unlistedCount = 0

    /// How many skipped points are listed one by one; beyond that only the count is kept.
    package static let skippedPointsListed = 20
    /// How many kinds (codes) of diagnostic are kept one by one; beyond that they are counted in a
    /// last entry, `moreDiagnostics`. Some codes name what they saw (`unknownElement.NAME`), so a
    /// file of a million differently named elements (`<a1/><a2/>…`, 6 bytes each) once kept a
    /// million diagnostics, 40 times the file's size in memory. Real files give a few dozen kinds.
    package static let distinctCodeLimit = 256

    package init() {}

    /// Adds a diagnostic, or counts it when one with the same `code` was already added.
    package mutating func add(_ code: String, _ message: @autoclosure () -> String,
                             severity: Diagnostic.Severity = .warning, line: Int? = nil, column: Int? = nil) {
        if let index = indexByCode[code] {
            entries[index].count += 1
            return
        }
        guard entries.count < Self.distinctCodeLimit else {
            unlistedCount += 1  // its code is not kept either: repeats of one such kind are not told apart
            return
        }
        indexByCode[code] = entries.count
        entries.append(Diagnostic(code: code, severity: severity, message: message(), line: line, column: column))
    }

    /// Records a point that was skipped because it was invalid (only on the user's request).
    package mutating func addSkippedPoint(_ reason: String, line: Int) {
        skippedCount += 1
        if skippedLocations.count < Self.skippedPointsListed { skippedLocations.append("line \(line): \(reason)") }
    }

    /// Number of points skipped as invalid.
    package var skippedPointCount: Int { skippedCount }

    /// The diagnostics in the order of their first occurrence; skipped points first, and last the
    /// count of those past ``distinctCodeLimit`` kinds, when there were any.
    package var diagnostics: [Diagnostic] {
        var entries = entries
        if unlistedCount > 0 {
            // The count is in the message (``Diagnostic/description`` would add "(N times)").
            entries.append(Diagnostic(code: "moreDiagnostics", message: "\(unlistedCount) more diagnostic\(unlistedCount == 1 ? "" : "s") "
                                      + "of kinds past the first \(Self.distinctCodeLimit) were counted but not kept"))
        }
        guard skippedCount > 0 else { return entries }
        var list = skippedLocations.joined(separator: "; ")
        if skippedCount > skippedLocations.count { list += "; and \(skippedCount - skippedLocations.count) more" }
        // The locations are in the message, so the diagnostic itself carries no line.
        let skipped = Diagnostic(code: "invalidPointsSkipped",
                                 message: "\(skippedCount) invalid point\(skippedCount == 1 ? " was" : "s were") skipped as requested: \(list)")
        return [skipped] + entries
    }
}
