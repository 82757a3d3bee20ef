import RunStore
import RunCore

/// The subject and body of a run shared by e-mail, in the formatter's language and units:
/// `Run: 10.02 km in 52:13 on Sat 2 May 2026` (moving time, else elapsed time; parts the run
/// lacks are left out), and a short body with the run's name and day, its key numbers
/// (distance, times, pace, climb, heart rate — the `runlog show` fields that have a value) and the
/// attachment's name.
package struct ShareText: Sendable {
    package var subject: String
    package var body: String

    /// The labels of the `runlog show` fields the body repeats.
    static func keyFields(_ t: UIStrings) -> [String] {
        [t.fieldDistance, t.fieldMovingTime, t.fieldElapsedTime, t.fieldAveragePace, t.fieldElevationGain, t.fieldHeartRate, t.fieldSport]
    }

    package init(presentation: RunPresentation, attachmentName: String, program: String, formatter: DisplayFormatter, calendar: CalendarText) {
        let s = presentation.summary
        let t = formatter.strings
        let duration = (s.movingTimeSeconds ?? s.elapsedTimeSeconds).map { formatter.duration($0) }
        subject = t.shareSubject(s.sport, formatter.distance(s.distanceMeters), duration, s.startTimeSeconds.map { calendar.dayWithWeekday($0) })
        var lines = [presentation.name]
        if let start = s.startTimeSeconds { lines.append(calendar.dayWithWeekday(start) + ", " + calendar.time(start)) }
        lines.append("")
        let wanted = Self.keyFields(t)
        let fields = presentation.fields(formatter: formatter, calendar: calendar).filter { wanted.contains($0.label) && $0.value != "–" }
        let width = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        lines += fields.map { DisplayWidth.pad($0.label, to: width) + "  " + $0.value }
        lines += ["", t.attachedFile(attachmentName), "", t.sentWith(program)]
        body = lines.joined(separator: "\n") + "\n"
    }
}
