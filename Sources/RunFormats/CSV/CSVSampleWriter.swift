package import RunCore
import Foundation

/// Writes a run's track points as CSV (RFC 4180): a header row, then one row per track point in
/// file order, CRLF line ends, fields quoted only when they must be (§2.6–2.7; numbers and times
/// never need it).
///
/// Columns (stable names, the unit in the name, like runlog's JSON keys): `trackIndex`,
/// `segmentIndex`, `pointIndex` (0-based, the point within its segment), `time` (ISO 8601 UTC),
/// `latitudeDegrees`, `longitudeDegrees` (WGS84), `elevationMeters`, `heartRateBeatsPerMinute`,
/// `cadenceRevolutionsPerMinute` (as the file states it), `airTemperatureCelsius`, `powerWatts`.
/// An absent value is an empty field. Numbers have at most 15 significant digits, as in the GPX
/// export.
package enum CSVSampleWriter {
    package static let columns = ["trackIndex", "segmentIndex", "pointIndex", "time", "latitudeDegrees", "longitudeDegrees",
                                 "elevationMeters", "heartRateBeatsPerMinute", "cadenceRevolutionsPerMinute",
                                 "airTemperatureCelsius", "powerWatts"]

    /// Writes the activity's track points.
    /// - Throws: what the output throws.
    /// - Complexity: O(points), streaming in 64 KiB pieces.
    package static func write(_ activity: Activity, to output: any ByteOutput) throws {
        var out = XMLByteWriter(output: output)
        row(&out, columns.map(field))
        for (t, track) in activity.tracks.enumerated() {
            for (s, segment) in track.segments.enumerated() {
                for (i, point) in segment.points.enumerated() {
                    out.raw("\(t),\(s),\(i),")
                    if let time = point.timeSeconds {
                        UTCDateTime.append(seconds: time, fractionDigits: min(Int(point.timeFractionDigits), GPXWriter.maximumFractionDigits),
                                           to: &out.buffer)
                    }
                    for value in [point.latitude, GPXWriter.writableLongitude(point.longitude), point.elevationMeters, point.heartRateBPM,
                                  point.cadenceRPM, point.airTemperatureCelsius, point.details?.powerWatts] {
                        out.raw(",")
                        if let value { DecimalText.append(value, to: &out.buffer) }
                    }
                    out.raw("\r\n")
                    try out.flushIfNeeded()
                }
            }
        }
        try out.flush()
    }

    private static func row(_ out: inout XMLByteWriter, _ fields: [String]) {
        out.raw(fields.joined(separator: ","))
        out.raw("\r\n")
    }

    /// A field as RFC 4180 writes it: in double quotes, its quotes doubled, when it holds a comma,
    /// a quote, a CR or an LF.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
