import Foundation
import Testing
@testable import RunCore

/// One row of `geodesic-reference.tsv`: a pair of points and GeographicLib's inverse solution.
struct GeodesicReferencePair: Sendable, CustomTestStringConvertible {
    let line: Int
    let group: String
    let latitude1: Double
    let longitude1: Double
    let latitude2: Double
    let longitude2: Double
    /// GeographicLib `Geodesic.WGS84.Inverse`: s12 in metres, azi1 and azi2 in degrees.
    let distanceMeters: Double
    let initialAzimuthDegrees: Double
    let finalAzimuthDegrees: Double

    var testDescription: String {
        "\(group), line \(line): (\(latitude1), \(longitude1)) → (\(latitude2), \(longitude2))"
    }
}

/// The WGS84 reference table written by `make-geodesic-reference.py` from GeographicLib 2.0.
enum GeodesicReference {
    static let fileURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("geodesic-reference.tsv")

    /// Every pair in the table; empty if it cannot be read (``loadsCompleteTable()`` then fails).
    static let pairs: [GeodesicReferencePair] = (try? load()) ?? []

    struct FormatError: Error, CustomStringConvertible {
        let line: Int
        let text: String
        var description: String { "geodesic-reference.tsv line \(line) is malformed: \(text)" }
    }

    static func load() throws -> [GeodesicReferencePair] {
        let text = try String(contentsOf: fileURL, encoding: .utf8)
        var pairs: [GeodesicReferencePair] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("group\t") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let numbers = fields.dropFirst().compactMap { Double($0) }
            guard fields.count == 8, numbers.count == 7 else {
                throw FormatError(line: index + 1, text: String(line))
            }
            pairs.append(GeodesicReferencePair(
                line: index + 1, group: String(fields[0]),
                latitude1: numbers[0], longitude1: numbers[1], latitude2: numbers[2], longitude2: numbers[3],
                distanceMeters: numbers[4], initialAzimuthDegrees: numbers[5], finalAzimuthDegrees: numbers[6]))
        }
        return pairs
    }

    /// The pairs whose geodesic is at most 10 km long: the track-point range.
    static var shortPairs: [GeodesicReferencePair] { pairs.filter { $0.distanceMeters <= 10_000 } }
}

/// The absolute floor of the comparisons, in metres: 10 nm.
///
/// GeographicLib's Newton iteration (`Geodesic::GenInverse`) stops once λ12 is within ε = 2.2e-16 rad
/// of its target (8ε after a step that came within 16ε), about 1.4 nm (up to 11 nm) on the ground; its
/// stated accuracy is 15 nm. A last-bit difference between glibc's `hypot` (used here, as in
/// GeographicLib's C++) and Python's own `math.hypot` moves the end of the iteration by that much, which
/// for lines under a few metres is more than 1e-9 relative: a 0.51 m line differs by 1.06e-9 m, a 1 m
/// line's azimuth by 4.7e-8°. (Against a 50-digit evaluation, GeographicLib's own distance for a 0.59 m
/// pair in the table is 1.3 nm off.)
private let positionFloorMeters = 1e-8

/// The allowed difference between two distances: 1e-9 relative, but at least 10 nm.
private func distanceTolerance(_ meters: Double) -> Double {
    max(1e-9 * abs(meters), positionFloorMeters)
}

/// The allowed difference between two azimuths, in degrees: 1e-9°, or for lines so short that this is
/// less than 10 nm sideways at the far end, the angle 10 nm subtends there. Coincident points must follow
/// GeographicLib's conventions to 1e-9°.
private func azimuthTolerance(_ meters: Double) -> Double {
    meters > 0 ? max(1e-9, positionFloorMeters / meters * 180 / Double.pi) : 1e-9
}

/// The difference between two azimuths in degrees, so that −180 and 180 are 0° apart.
private func azimuthDifference(_ x: Double, _ y: Double) -> Double {
    abs((x - y).remainder(dividingBy: 360))
}

@Suite("Geodesic (WGS84, against GeographicLib)")
struct GeodesicTests {
    let geodesic = Geodesic.wgs84

    @Test("the reference table loads and covers every group")
    func loadsCompleteTable() throws {
        let pairs = try GeodesicReference.load()
        #expect(pairs.count >= 300)
        let groups = Set(pairs.map(\.group))
        for group in ["short", "cardinal", "antimeridian", "pole", "equator", "coincident", "long", "antipodal",
                      "case13", "case02"] {
            #expect(groups.contains(group), "no \(group) pairs in geodesic-reference.tsv")
        }
        #expect(GeodesicReference.shortPairs.count >= 250)
        #expect(pairs.contains { $0.distanceMeters > 19_000_000 })
    }

    @Test("inverse matches GeographicLib: distance and both azimuths", arguments: GeodesicReference.pairs)
    func inverseMatchesGeographicLib(_ pair: GeodesicReferencePair) {
        let result = geodesic.inverse(latitude1: pair.latitude1, longitude1: pair.longitude1,
                                      latitude2: pair.latitude2, longitude2: pair.longitude2)
        #expect(abs(result.distanceMeters - pair.distanceMeters) <= distanceTolerance(pair.distanceMeters),
                "s12 \(result.distanceMeters) m, GeographicLib \(pair.distanceMeters) m")
        let azimuthTolerance = azimuthTolerance(pair.distanceMeters)
        #expect(azimuthDifference(result.initialAzimuthDegrees, pair.initialAzimuthDegrees) <= azimuthTolerance,
                "azi1 \(result.initialAzimuthDegrees)°, GeographicLib \(pair.initialAzimuthDegrees)°")
        #expect(azimuthDifference(result.finalAzimuthDegrees, pair.finalAzimuthDegrees) <= azimuthTolerance,
                "azi2 \(result.finalAzimuthDegrees)°, GeographicLib \(pair.finalAzimuthDegrees)°")
        #expect((-180...180).contains(result.initialAzimuthDegrees))
        #expect((-180...180).contains(result.finalAzimuthDegrees))
    }

    @Test("distanceMeters matches GeographicLib for pairs up to 10 km", arguments: GeodesicReference.shortPairs)
    func fastDistanceMatchesGeographicLib(_ pair: GeodesicReferencePair) {
        let distance = geodesic.distanceMeters(latitude1: pair.latitude1, longitude1: pair.longitude1,
                                               latitude2: pair.latitude2, longitude2: pair.longitude2)
        #expect(abs(distance - pair.distanceMeters) <= distanceTolerance(pair.distanceMeters),
                "distanceMeters \(distance) m, GeographicLib \(pair.distanceMeters) m")
    }

    @Test("distanceMeters agrees with inverse for every pair", arguments: GeodesicReference.pairs)
    func fastDistanceMatchesInverse(_ pair: GeodesicReferencePair) {
        let distance = geodesic.distanceMeters(latitude1: pair.latitude1, longitude1: pair.longitude1,
                                               latitude2: pair.latitude2, longitude2: pair.longitude2)
        let inverse = geodesic.inverse(latitude1: pair.latitude1, longitude1: pair.longitude1,
                                       latitude2: pair.latitude2, longitude2: pair.longitude2).distanceMeters
        #expect(abs(distance - inverse) <= distanceTolerance(inverse),
                "distanceMeters \(distance) m, inverse \(inverse) m")
    }

    @Test("distanceMeters and inverse are symmetric in the two points", arguments: GeodesicReference.pairs)
    func symmetric(_ pair: GeodesicReferencePair) {
        let forward = geodesic.distanceMeters(latitude1: pair.latitude1, longitude1: pair.longitude1,
                                              latitude2: pair.latitude2, longitude2: pair.longitude2)
        let backward = geodesic.distanceMeters(latitude1: pair.latitude2, longitude1: pair.longitude2,
                                               latitude2: pair.latitude1, longitude2: pair.longitude1)
        #expect(forward == backward)
        let inverseForward = geodesic.inverse(latitude1: pair.latitude1, longitude1: pair.longitude1,
                                              latitude2: pair.latitude2, longitude2: pair.longitude2)
        let inverseBackward = geodesic.inverse(latitude1: pair.latitude2, longitude1: pair.longitude2,
                                               latitude2: pair.latitude1, longitude2: pair.longitude1)
        #expect(inverseForward.distanceMeters == inverseBackward.distanceMeters)
    }

    @Test("coincident points are 0 m apart",
          arguments: [(0.0, 0.0), (40.0, -105.0), (-33.8688, 151.2093), (89.9999999, 17.0), (90.0, 0.0),
                      (-90.0, 45.0), (45.0, 180.0), (-16.5, -180.0), (1e-10, 1e-10)])
    func coincidentPoints(_ point: (latitude: Double, longitude: Double)) {
        #expect(geodesic.distanceMeters(latitude1: point.latitude, longitude1: point.longitude,
                                        latitude2: point.latitude, longitude2: point.longitude) == 0)
        #expect(geodesic.inverse(latitude1: point.latitude, longitude1: point.longitude,
                                 latitude2: point.latitude, longitude2: point.longitude).distanceMeters == 0)
    }

    @Test("the same place spelled with another longitude is 0 m away")
    func sameMeridianOtherSpelling() {
        #expect(geodesic.distanceMeters(latitude1: -16.5, longitude1: 180, latitude2: -16.5, longitude2: -180) == 0)
        #expect(geodesic.distanceMeters(latitude1: 10, longitude1: 20, latitude2: 10, longitude2: 380) == 0)
        #expect(geodesic.distanceMeters(latitude1: 90, longitude1: 0, latitude2: 90, longitude2: 123) == 0)
        #expect(geodesic.distanceMeters(latitude1: -90, longitude1: -45, latitude2: -90, longitude2: 60) == 0)
    }

    @Test("case 13: the track drawn across the antimeridian is 8 589.79 m, not ~8 000 km")
    func caseAntimeridianTrack() {
        let distance = geodesic.distanceMeters(latitude1: 66.51326, longitude1: -180.096474,
                                               latitude2: 66.518733, longitude2: -179.90387)
        #expect(abs(distance - 8_589.79) < 0.005)
    }

    @Test("case 02: three 0.0009° steps due north at 40° N are 299.79 m")
    func caseNorthwardTrack() {
        let latitudes = [40.0, 40.0009, 40.0018, 40.0027]
        let length = zip(latitudes, latitudes.dropFirst()).reduce(0.0) { sum, step in
            sum + geodesic.distanceMeters(latitude1: step.0, longitude1: -105, latitude2: step.1, longitude2: -105)
        }
        #expect(abs(length - 299.79) < 0.005)
    }

    @Test("latitudes beyond the poles and non-finite input give NaN",
          arguments: [(90.5, 0.0), (-91.0, 10.0), (Double.nan, 0.0), (0.0, Double.nan), (0.0, Double.infinity)])
    func invalidInput(_ point: (latitude: Double, longitude: Double)) {
        #expect(geodesic.distanceMeters(latitude1: point.latitude, longitude1: point.longitude,
                                        latitude2: 1, longitude2: 1).isNaN)
        #expect(geodesic.inverse(latitude1: 1, longitude1: 1,
                                 latitude2: point.latitude, longitude2: point.longitude).distanceMeters.isNaN)
    }
}

/// On a sphere (f = 0) geodesics are great circles: analytic truth for the f = 0 paths.
@Suite("Geodesic on a sphere")
struct GeodesicSphereTests {
    let radius = 6_371_008.8
    var geodesic: Geodesic { Geodesic(ellipsoid: Ellipsoid(equatorialRadiusMeters: radius, flattening: 0)) }

    /// The central angle by the haversine formula, in radians.
    func centralAngle(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let degree = Double.pi / 180
        let h = pow(sin((lat2 - lat1) * degree / 2), 2)
            + cos(lat1 * degree) * cos(lat2 * degree) * pow(sin((lon2 - lon1) * degree / 2), 2)
        return 2 * asin(min(1, h.squareRoot()))
    }

    @Test("distances are R times the central angle",
          arguments: [(0.0, 0.0, 0.0, 90.0), (0.0, 0.0, 90.0, 0.0), (10.0, 20.0, 10.001, 20.001),
                      (-45.0, 170.0, 30.0, -100.0), (51.5, -0.1, 40.7, -74.0)])
    func greatCircle(_ pair: (Double, Double, Double, Double)) {
        let expected = radius * centralAngle(pair.0, pair.1, pair.2, pair.3)
        let inverse = geodesic.inverse(latitude1: pair.0, longitude1: pair.1, latitude2: pair.2, longitude2: pair.3)
        let fast = geodesic.distanceMeters(latitude1: pair.0, longitude1: pair.1, latitude2: pair.2, longitude2: pair.3)
        #expect(abs(inverse.distanceMeters - expected) <= 1e-9 * expected)
        #expect(abs(fast - expected) <= 1e-9 * expected)
    }

    @Test("due east along the equator the azimuth is 90° at both ends")
    func equatorAzimuths() {
        let result = geodesic.inverse(latitude1: 0, longitude1: 10, latitude2: 0, longitude2: 40)
        #expect(result.initialAzimuthDegrees == 90)
        #expect(result.finalAzimuthDegrees == 90)
        #expect(abs(result.distanceMeters - radius * Double.pi / 6) <= 1e-9 * result.distanceMeters)
    }
}
