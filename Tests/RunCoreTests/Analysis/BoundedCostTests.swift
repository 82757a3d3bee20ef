import RunCore
import Testing

/// Damaged files read leniently (../shared/corpus-fit-tcx's kinds: times decades apart, positions
/// scattered over the globe) cost work bounded by their points, never by the distance they add up to.
@Suite struct BoundedCostTests {
    /// 400 points alternating between two places 20,000 km apart, a year between them: 8 million
    /// km at 0.6 m/s — plausible speeds, absurd distance. Before the bound: 8 million splits.
    @Test func anAbsurdDistanceGetsNoSplitsAndSaysSo() {
        var points: [TrackPoint] = []
        for k in 0..<400 {
            var point = TrackPoint(latitude: 0, longitude: k % 2 == 0 ? 0 : 179.9)
            point.timeSeconds = 1_600_000_000 + Double(k) * 365 * 86_400
            points.append(point)
        }
        let activity = Activity(tracks: [Track(name: "scattered", segments: [TrackSegment(points: points)])])
        let analysis = ActivityAnalyzer.analyze(activity, sport: .running)
        // Analytic: 399 steps of half the equator's geodesic across (≈ 20,000 km) — far past 10,000 km.
        #expect(analysis.summary.distanceMeters > Double(Splits.maximumCount) * 1000)
        #expect(analysis.splitsPerKilometer.isEmpty && analysis.splitsPerMile.isEmpty)
        #expect(analysis.notes.contains { $0.code == "splits.tooMany" })
    }

    /// A real distance keeps its splits (the bound is far above any activity).
    @Test func aLongButRealDistanceKeepsItsSplits() {
        var points: [TrackPoint] = []
        // 9 km along the equator, a point every 10 m at 3 m/s.
        for k in 0...900 {
            var point = TrackPoint(latitude: 0, longitude: Double(k) * 10 / 111_319.49)
            point.timeSeconds = 1_600_000_000 + Double(k) * 10 / 3
            points.append(point)
        }
        let activity = Activity(tracks: [Track(name: "equator", segments: [TrackSegment(points: points)])])
        let analysis = ActivityAnalyzer.analyze(activity, sport: .running)
        #expect(analysis.splitsPerKilometer.count == 9)
        #expect(!analysis.notes.contains { $0.code == "splits.tooMany" })
    }
}
