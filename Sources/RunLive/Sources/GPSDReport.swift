package import RunCore
import Foundation

/// One TPV ("time-position-velocity") report of gpsd's JSON protocol (gpsd_json(5)), reduced to
/// what a recording keeps.
package struct GPSDReport: Sendable {
    /// 0 unknown, 1 no fix, 2 two-dimensional fix, 3 three-dimensional fix.
    package var mode: Int
    /// The epoch's time (the receiver's), seconds since 1970 UTC.
    package var timeSeconds: Double?
    /// The fix as a track point (position, elevation above mean sea level when `mode` is 3,
    /// time), or nil when the report has no fix.
    package var point: TrackPoint?

    package init(mode: Int, timeSeconds: Double?, point: TrackPoint?) {
        self.mode = mode
        self.timeSeconds = timeSeconds
        self.point = point
    }

    /// Reads one line of gpsd's output; nil for anything but a TPV report.
    ///
    /// A report with `mode` ≥ 2 and a position in range has a point: `lat`, `lon` (180° is written
    /// as −180°), elevation from `altMSL` (else `alt`, gpsd's older name for it; never `altHAE`,
    /// which is above the ellipsoid) only for a 3D fix, and `time` with its fraction digits.
    package init?(line: some StringProtocol) {
        guard line.contains("\"TPV\""), let report = try? JSONDecoder().decode(TPV.self, from: Data(line.utf8)),
              report.class == "TPV" else { return nil }
        mode = report.mode ?? 0
        let parsedTime = report.time.flatMap { DateTimeText.parse($0) }
        timeSeconds = parsedTime?.seconds
        guard mode >= 2, let lat = report.lat, let lon = report.lon,
              lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
            point = nil
            return
        }
        var fix = TrackPoint(latitude: lat, longitude: lon == 180 ? -180 : lon)
        if mode >= 3, let elevation = report.altMSL ?? report.alt, elevation.isFinite { fix.elevationMeters = elevation }
        if let parsedTime {
            fix.timeSeconds = parsedTime.seconds
            fix.timeFractionDigits = UInt8(clamping: min(parsedTime.fractionDigits, 6))
        }
        point = fix
    }

    private struct TPV: Decodable {
        var `class`: String
        var mode: Int?
        var time: String?
        var lat: Double?
        var lon: Double?
        var alt: Double?
        var altMSL: Double?
    }
}
