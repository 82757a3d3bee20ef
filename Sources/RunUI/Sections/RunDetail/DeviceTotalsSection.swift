import RunCore

/// The device's own numbers beside runlog's (FIT session, TCX laps): one row per quantity the
/// device stated — the device's value, runlog's, the difference and why they differ
/// (``DeviceComparison``).
package struct DeviceTotalsSection: ListSection {
    let comparison: DeviceComparison
    let distanceSource: DistanceSource?
    let formatter: DisplayFormatter

    package var id: String { "deviceTotals" }
    package var title: String { formatter.strings.deviceTotalsTitle }
    package var summary: String? { formatter.strings.deviceTotalsSummary }
    package var rowCount: Int { comparison.rows.count }
    package var columns: [ListColumn] {
        let titles = formatter.strings.deviceTotalsColumns
        return [ListColumn(titles[0]), ListColumn(titles[1], isNumeric: true), ListColumn(titles[2], isNumeric: true),
                ListColumn(titles[3], isNumeric: true), ListColumn(titles[4])]
    }

    package func row(at index: Int) -> ListRow {
        let row = comparison.rows[index]
        let t = formatter.strings
        return ListRow(id: "device-\(row.quantity.rawValue)",
                       cells: [t.deviceQuantity(row.quantity), DeviceComparison.text(row.device, row.quantity, formatter: formatter),
                               DeviceComparison.text(row.runlog, row.quantity, formatter: formatter),
                               DeviceComparison.differenceText(row, formatter: formatter), t.deviceDifferenceWhy(row.quantity, distanceSource)],
                       values: ["quantity": .string(row.quantity.rawValue), "device": .number(row.device), "runlog": .from(row.runlog),
                                "difference": .from(row.difference)])
    }

    static func sections(for context: RunDetailContext) -> [any ListSection] {
        let summary = context.analysis.summary
        guard let comparison = DeviceComparison(summary: summary) else { return [] }
        return [DeviceTotalsSection(comparison: comparison, distanceSource: summary.distanceSource, formatter: context.formatter)]
    }
}
