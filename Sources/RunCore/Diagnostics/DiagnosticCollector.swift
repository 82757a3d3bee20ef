/// Collects ``Diagnostic``s, merging repeats of one kind into a single entry with a count and the
/// location of the first occurrence, so that a file with a million zone-less times gives one line.
package struct DiagnosticCollector: Sendable {
    private var entries: [Diagnostic] = []
    private var indexByCode: [String: Int] = [:]
    private var skippedLocations: [String] = []
    private var skippedCount = 0

    /// How many skipped points are listed one by one; beyond that only the count is kept.
    package static let skippedPointsListed = 20

    package init() {}

    /// Adds a diagnostic, or counts it when one with the same `code` was already added.
    package mutating func add(_ code: String, _ message: @autoclosure () -> String,
                             severity: Diagnostic.Severity = .warning, line: Int? = nil, column: Int? = nil) {
        if let index = indexByCode[code] {
            entries[index].count += 1
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

    /// The diagnostics in the order of their first occurrence; skipped points first.
    package var diagnostics: [Diagnostic] {
        guard skippedCount > 0 else { return entries }
        var list = skippedLocations.joined(separator: "; ")
        if skippedCount > skippedLocations.count { list += "; and \(skippedCount - skippedLocations.count) more" }
        // The locations are in the message, so the diagnostic itself carries no line.
        let skipped = Diagnostic(code: "invalidPointsSkipped",
                                 message: "\(skippedCount) invalid point\(skippedCount == 1 ? " was" : "s were") skipped as requested: \(list)")
        return [skipped] + entries
    }
}
