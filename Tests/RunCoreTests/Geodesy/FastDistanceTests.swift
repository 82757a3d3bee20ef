import Foundation
@testable import RunCore
import Testing

/// `fastDistanceMeters` (the tangent-plane formula for short lines) against GeographicLib's
/// distances (the reference table made by make-geodesic-reference.py) and against the full inverse.
@Suite struct FastDistanceTests {
    let geodesic = Geodesic.wgs84

    @Test func withinTwoE8OfGeographicLibForEveryPair() {
        for pair in GeodesicReference.pairs where pair.distanceMeters > 0 {
            let d = geodesic.fastDistanceMeters(latitude1: pair.latitude1, longitude1: pair.longitude1,
                                                latitude2: pair.latitude2, longitude2: pair.longitude2)
            #expect(abs(d - pair.distanceMeters) <= max(2e-8 * pair.distanceMeters, 1e-8), "line \(pair.line)")
        }
    }

    /// Random short lines (0.1–150 m, any direction, |latitude| ≤ 85°, across the antimeridian too)
    /// against the full inverse (itself checked to 1e-9 against GeographicLib).
    @Test func shortLinesEverywhere() {
        var generator = SystemRandomNumberGenerator()
        var worst = 0.0
        for _ in 0..<100_000 {
            let lat = Double.random(in: -85...85, using: &generator)
            let lon = Double.random(in: -180..<180, using: &generator)
            let meters = Double.random(in: 0.1...150, using: &generator)
            let azimuth = Double.random(in: 0..<(2 * .pi), using: &generator)
            // A second point roughly `meters` away (spherical step; the exact length does not matter).
            let lat2 = max(-89.9, min(89.9, lat + meters * cos(azimuth) / 111_320))
            var lon2 = lon + meters * sin(azimuth) / (111_320 * cos(lat * .pi / 180))
            if lon2 >= 180 { lon2 -= 360 }
            let fast = geodesic.fastDistanceMeters(latitude1: lat, longitude1: lon, latitude2: lat2, longitude2: lon2)
            let full = geodesic.inverse(latitude1: lat, longitude1: lon, latitude2: lat2, longitude2: lon2).distanceMeters
            guard full > 0 else { continue }
            worst = max(worst, abs(fast - full) / full)
        }
        #expect(worst < 2e-8, "worst relative error \(worst)")
    }
}
