import RunCore

/// What the GPS clean-up left out of the numbers, and where.
public struct CleanupSection: ListSection {
    let report: CleanupReport

    public var id: String { "cleanup" }
    public var title: String { "GPS clean-up" }
    public var summary: String? { "left out of the numbers, kept in the stored original" }
    public var rowCount: Int { report.entries.count }

    public func row(at index: Int) -> ListRow {
        let diagnostic = report.diagnostics[index]
        let entry = report.entries[index]
        return ListRow(id: "cleanup-\(entry.kind.rawValue)", cells: [diagnostic.message],
                       values: ["kind": .string(entry.kind.rawValue), "count": .integer(Int64(entry.count)),
                                "places": .array(entry.places.map { .string($0) })])
    }

    static func sections(for context: RunDetailContext) -> [any ListSection] {
        context.analysis.cleanup.isEmpty ? [] : [CleanupSection(report: context.analysis.cleanup)]
    }
}
