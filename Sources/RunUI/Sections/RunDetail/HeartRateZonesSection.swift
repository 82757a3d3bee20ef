import RunCore

/// Time in each heart-rate zone.
package struct HeartRateZonesSection: ListSection {
    let zones: HeartRateZoneTimes
    let maximumHeartRate: Double
    let formatter: DisplayFormatter

    package var id: String { "heart-rate-zones" }
    package var title: String { formatter.strings.heartRateZones }
    package var summary: String? { formatter.strings.zonesFromMaximum(formatter.heartRate(maximumHeartRate)) }
    package var columns: [ListColumn] {
        let strings = formatter.strings
        return [ListColumn(strings.columnZone), ListColumn("bpm", isNumeric: true), ListColumn(strings.columnTime, isNumeric: true),
                ListColumn(strings.columnShare, isNumeric: true)]
    }
    /// Time below zone 1 gets a row of its own (first), so that the shares add up to 100 %.
    private var hasBelowRow: Bool { zones.secondsBelowZones > 0 }
    package var rowCount: Int { zones.secondsInZone.count + (hasBelowRow ? 1 : 0) }

    package func row(at position: Int) -> ListRow {
        let total = zones.secondsInZone.reduce(zones.secondsBelowZones, +)
        func share(_ seconds: Double) -> String { total > 0 ? "\(formatter.whole(seconds / total * 100)) %" : "–" }
        if hasBelowRow && position == 0 {
            let first = zones.lowerBoundsBPM[0]
            return ListRow(id: "below-zones", cells: ["< Z1", "< \(formatter.whole(first))", formatter.duration(zones.secondsBelowZones),
                                                      share(zones.secondsBelowZones)],
                           values: ["zone": .integer(0), "upperBoundBeatsPerMinute": .number(first), "seconds": .number(zones.secondsBelowZones)])
        }
        let index = position - (hasBelowRow ? 1 : 0)
        let low = zones.lowerBoundsBPM[index]
        let high = index + 1 < zones.lowerBoundsBPM.count ? formatter.whole(zones.lowerBoundsBPM[index + 1] - 1) : formatter.strings.zoneMaximum
        let seconds = zones.secondsInZone[index]
        return ListRow(
            id: "zone-\(index + 1)",
            cells: ["Z\(index + 1)", "\(formatter.whole(low))–\(high)", formatter.duration(seconds), share(seconds)],
            values: ["zone": .integer(Int64(index + 1)), "lowerBoundBeatsPerMinute": .number(low), "seconds": .number(seconds)])
    }

    static func sections(for context: RunDetailContext) -> [any ListSection] {
        guard let zones = context.analysis.heartRateZones else { return [] }
        return [HeartRateZonesSection(zones: zones, maximumHeartRate: context.analysis.parameters.maximumHeartRateBPM,
                                      formatter: context.formatter)]
    }
}
