import RunCore

/// What the GPS clean-up left out of the numbers, and where. The places (`track 1, segment 1,
/// point 6 (2026-11-30T17:50:00Z)`) are RunCore's, written the same in every language.
package struct CleanupSection: ListSection {
    let report: CleanupReport
    let formatter: DisplayFormatter

    package var id: String { "cleanup" }
    package var title: String { formatter.strings.cleanup }
    package var summary: String? { formatter.strings.cleanupSummary }
    package var rowCount: Int { report.entries.count }

    package func row(at index: Int) -> ListRow {
        let entry = report.entries[index]
        var text = formatter.count(entry.count, formatter.strings.cleanupKind(entry.kind)) + ": " + entry.places.joined(separator: "; ")
        if entry.count > entry.places.count { text += "; …" }
        return ListRow(id: "cleanup-\(entry.kind.rawValue)", cells: [text],
                       values: ["kind": .string(entry.kind.rawValue), "count": .integer(Int64(entry.count)),
                                "places": .array(entry.places.map { .string($0) })])
    }

    static func sections(for context: RunDetailContext) -> [any ListSection] {
        context.analysis.cleanup.isEmpty ? [] : [CleanupSection(report: context.analysis.cleanup, formatter: context.formatter)]
    }
}
