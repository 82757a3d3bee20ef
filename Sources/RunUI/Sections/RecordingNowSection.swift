package import RunCore

/// The run being recorded, on top of the runs screen while a recording is in progress (and on
/// the first page only): its state and source (or that the recorder stopped answering, and
/// since when), one row of live numbers — time, distance, pace, heart rate — and a link to the
/// web UI's live page. Builds nothing when no recording is in progress.
package struct RecordingNowSection: ListSection {
    let live: LivePresentation
    let formatter: DisplayFormatter
    let calendar: CalendarText

    /// The live numbers the row shows, by ``LivePresentation/Field/id``.
    static let fieldIDs: Set<String> = ["time", "distance", "pace", "heartRate"]

    private var fields: [LivePresentation.Field] {
        live.fields(formatter: formatter).filter { Self.fieldIDs.contains($0.id) }
    }

    package var id: String { "recording-now" }
    package var title: String { formatter.language.liveStrings.recordingNow }
    package var summary: String? { live.status(formatter.language.liveStrings, clock: calendar.clockTime) }
    package var columns: [ListColumn] { fields.map { ListColumn($0.label, isNumeric: true) } }
    package var rowCount: Int { 1 }
    package func row(at index: Int) -> ListRow {
        ListRow(id: "live-" + (live.state?.sessionID ?? ""), cells: fields.map(\.value), values: values)
    }
    /// The live state as `runlog live --json` writes it.
    package var values: [String: JSONValue] {
        guard case .object(let object) = live.json else { return [:] }
        return object
    }
    package var link: ListLink? { ListLink(title: formatter.language.liveStrings.followLive, path: "/live") }

    package static func sections(for context: RunListContext) -> [any ListSection] {
        guard context.page.isFirst, let live = context.live, live.isActive else { return [] }
        return [RecordingNowSection(live: live, formatter: context.formatter, calendar: context.calendar)]
    }
}
