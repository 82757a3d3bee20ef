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
    package var rowCount: Int { zones.secondsInZone.count }

    package func row(at index: Int) -> ListRow {
        let total = zones.secondsInZone.reduce(zones.secondsBelowZones, +)
        let low = zones.lowerBoundsBPM[index]
        let high = index + 1 < zones.lowerBoundsBPM.count ? formatter.whole(zones.lowerBoundsBPM[index + 1] - 1) : formatter.strings.zoneMaximum
        let seconds = zones.secondsInZone[index]
        return ListRow(
            id: "zone-\(index + 1)",
            cells: ["Z\(index + 1)", "\(formatter.whole(low))–\(high)", formatter.duration(seconds),
                    total > 0 ? "\(formatter.whole(seconds / total * 100)) %" : "–"],
            values: ["zone": .integer(Int64(index + 1)), "lowerBoundBeatsPerMinute": .number(low), "seconds": .number(seconds)])
    }

    static func sections(for context: RunDetailContext) -> [any ListSection] {
        guard let zones = context.analysis.heartRateZones else { return [] }
        return [HeartRateZonesSection(zones: zones, maximumHeartRate: context.analysis.parameters.maximumHeartRateBPM,
                                      formatter: context.formatter)]
    }
}
