import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Why runlog's numbers differ from gpxpy's (REFERENCE.tsv, gpxpy 1.6.2): gpxpy's own rules,
/// re-implemented here from its source as ../shared/research/gpx-libs.md §2.1 describes them, give
/// back gpxpy's figures from the points runlog reads. So every difference between runlog and gpxpy
/// on the corpus comes from those rules — a flat-earth distance on the equatorial radius, 3D
/// distances and a 1 km/h threshold with no minimum stop for moving time, 3-point smoothing without
/// a threshold for the climb — and not from reading the files differently.
@Suite struct GpxpyDifferencesTests {
    static let reference = try! TSVTable.reference()

    /// gpxpy.geo.distance: haversine on R = 6,378,137 m beyond 0.2°, else an equirectangular
    /// approximation with 111,319.49 m per degree and the cosine of the later point's latitude
    /// (gpxpy calls `point.distance_2d(previous)`); 3D adds the elevation step by Pythagoras, except
    /// in the haversine branch.
    static func gpxpyDistance(_ a: TrackPoint, _ b: TrackPoint, threeD: Bool) -> Double {
        let oneDegree = 2 * Double.pi * 6_378_137 / 360
        let dLat = b.latitude - a.latitude, dLon = b.longitude - a.longitude
        var d: Double
        if abs(dLat) > 0.2 || abs(dLon) > 0.2 {
            let p1 = a.latitude * .pi / 180, p2 = b.latitude * .pi / 180
            let h = pow(sin((p2 - p1) / 2), 2) + cos(p1) * cos(p2) * pow(sin(dLon * .pi / 180 / 2), 2)
            d = 2 * 6_378_137 * asin(min(1, sqrt(h)))
        } else {
            let coef = cos(b.latitude * .pi / 180)
            d = sqrt(dLat * dLat + dLon * dLon * coef * coef) * oneDegree
            if threeD, let e1 = a.elevationMeters, let e2 = b.elevationMeters, e1 != 0, e2 != 0 {
                d = sqrt(d * d + (e2 - e1) * (e2 - e1))
            }
        }
        return d
    }

    /// gpxpy's length_2d, moving time (1 km/h, 3D where both elevations are non-zero, no minimum
    /// stop) and uphill (0.3/0.4/0.3 smoothing from raw neighbours, then positive steps), per segment.
    static func gpxpyNumbers(_ activity: Activity) -> (length2D: Double, moving: Double, uphill: Double) {
        var length = 0.0, moving = 0.0, uphill = 0.0
        for segment in activity.tracks.flatMap(\.segments) {
            let p = segment.points
            for (a, b) in zip(p, p.dropFirst()) {
                length += gpxpyDistance(a, b, threeD: false)
                guard let t1 = a.timeSeconds, let t2 = b.timeSeconds else { continue }
                let seconds = t2 - t1, distance = gpxpyDistance(a, b, threeD: true)
                if seconds > 0, distance > 0, distance / 1000 / (seconds / 3600) > 1 { moving += seconds }
            }
            let e = p.compactMap(\.elevationMeters)
            var smoothed = e
            if e.count > 2 { for i in 1..<(e.count - 1) { smoothed[i] = 0.3 * e[i - 1] + 0.4 * e[i] + 0.3 * e[i + 1] } }
            for (x, y) in zip(smoothed, smoothed.dropFirst()) where y > x { uphill += y - x }
        }
        return (length, moving, uphill)
    }

    static var files: [String] {
        SharedData.corpusGPXNames.filter { name in
            reference.row(where: "file", is: name)?["gpxpy_status"] == "ok" && CorpusTests.notWellFormed[name] == nil
                && CorpusTests.pauseMarkers[name] == nil
        }
    }

    @Test(arguments: files)
    func gpxpyRulesOnRunlogsPointsGiveGpxpysFigures(name: String) throws {
        let row = try #require(Self.reference.row(where: "file", is: name))
        let activity = try GPXReader().read(fileAt: SharedData.corpus(name)).activity
        let rebuilt = Self.gpxpyNumbers(activity)
        let length = Double(row["len2d_m"]!)!, moving = Double(row["moving_time_s"]!)!, uphill = Double(row["uphill_m"]!)!
        #expect(abs(rebuilt.length2D - length) <= max(0.01, 1e-6 * length), "length_2d \(rebuilt.length2D) vs \(length)")
        #expect(abs(rebuilt.moving - moving) <= 0.01, "moving time \(rebuilt.moving) vs \(moving)")
        #expect(abs(rebuilt.uphill - uphill) <= 0.01, "uphill \(rebuilt.uphill) vs \(uphill)")
    }
}
