import Foundation
import Testing
import TestSupport
@testable import RunCore

/// `TrackSimplifier`: Douglas–Peucker and Visvalingam–Whyatt on shapes whose answer is known
/// analytically. Scales used in the comments (WGS84): at the equator one degree of latitude is
/// 110 574 m and one degree of longitude 111 319 m, so 0.0001° of latitude is 11.06 m and 0.001° of
/// longitude 111.3 m.
@Suite struct TrackSimplifierTests {
    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    /// 1 000 points due north along the meridian 7.5°, 1.1 m apart.
    static let meridianLine = (0..<1000).map { point(46.5 + 0.00001 * Double($0), 7.5) }

    /// North 100 points, then east 100 points: an L with its corner at index 99.
    static func corner(latitude: Double, longitude: Double) -> [Coordinate] {
        let north = (0..<100).map { point(latitude + 0.0001 * Double($0), longitude) }
        let east = (1...100).map {
            point(latitude + 0.0099, Coordinate.normalizedLongitude(longitude + 0.0001 * Double($0)))
        }
        return north + east
    }

    /// 21 points along the equator 0.001° (111 m) apart, alternately on it and `amplitude`
    /// degrees north of it: a triangle wave starting and ending on the equator.
    static func zigZag(amplitude: Double) -> [Coordinate] {
        (0...20).map { point($0.isMultiple(of: 2) ? 0 : amplitude, 0.001 * Double($0)) }
    }

    // MARK: - Douglas–Peucker

    @Test func straightLineKeepsItsEnds() {
        #expect(TrackSimplifier.douglasPeucker(Self.meridianLine, toleranceMeters: 1) == [0, 999])
        // Along a meridian every point is exactly on the line: even tolerance 0 drops them.
        #expect(TrackSimplifier.douglasPeucker(Self.meridianLine, toleranceMeters: 0) == [0, 999])
        // A diagonal 0.01° long at 46.5° (1.1 km × 0.77 km): its bow in the tangent plane, from the
        // east scale changing with latitude, is under 2 cm.
        let diagonal = (0..<1000).map { Self.point(46.5 + 0.00001 * Double($0), 7.5 + 0.00001 * Double($0)) }
        #expect(TrackSimplifier.douglasPeucker(diagonal, toleranceMeters: 0.1) == [0, 999])
    }

    @Test func rightAngleCornerKeepsThreePoints() {
        // The corner is 1.1 km × 0.76 km / 1.34 km ≈ 0.63 km from the chord; every other point
        // lies on one of the two legs.
        #expect(TrackSimplifier.douglasPeucker(Self.corner(latitude: 46.5, longitude: 7.5), toleranceMeters: 1)
                == [0, 99, 199])
    }

    @Test func zigZagAboveTheToleranceKeepsEveryPoint() {
        // Amplitude 0.0001° = 11.06 m. Any chord between two points of the wave that skips a
        // point misses the skipped peak or trough by at least 2/3 of 11.06 m = 7.4 m (the chord
        // climbs at most 1/3 of the amplitude over that first step), more than 5 m: all stay.
        #expect(TrackSimplifier.douglasPeucker(Self.zigZag(amplitude: 0.0001), toleranceMeters: 5)
                == Array(0...20))
    }

    @Test func zigZagBelowTheToleranceKeepsItsEnds() {
        // Every point is within 11.06 m of the equator, the first chord: 15 m drops them all.
        #expect(TrackSimplifier.douglasPeucker(Self.zigZag(amplitude: 0.0001), toleranceMeters: 15) == [0, 20])
    }

    @Test func toleranceZeroKeepsEveryPointOffTheLine() {
        // Four points up the meridian 0 (exactly collinear), a corner, two points along the
        // parallel 0.003° (exactly collinear: the same latitude). Kept: the ends and the corner.
        let points = [Self.point(0, 0), Self.point(0.001, 0), Self.point(0.002, 0), Self.point(0.003, 0),
                      Self.point(0.003, 0.001), Self.point(0.003, 0.002)]
        #expect(TrackSimplifier.douglasPeucker(points, toleranceMeters: 0) == [0, 3, 5])
        // Points on a circle: none is on the line through two others, so all stay.
        let circle = (0..<50).map { step -> Coordinate in
            let angle = 2 * Double.pi * Double(step) / 50
            return Self.point(46.5 + 0.01 * sin(angle), 7.5 + 0.01 * cos(angle))
        }
        #expect(TrackSimplifier.douglasPeucker(circle, toleranceMeters: 0) == Array(0..<50))
    }

    @Test(arguments: [0.0, 1, 100, 1e9])
    func firstAndLastAreAlwaysKept(tolerance: Double) {
        for points in [Self.meridianLine, Self.corner(latitude: -33.9, longitude: 151.2), Self.zigZag(amplitude: 0.001)] {
            let kept = TrackSimplifier.douglasPeucker(points, toleranceMeters: tolerance)
            #expect(kept.first == 0 && kept.last == points.count - 1)
            #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test func shortInputsAreReturnedWhole() {
        let a = Self.point(1, 2), b = Self.point(3, 4)
        #expect(TrackSimplifier.douglasPeucker([], toleranceMeters: 5) == [])
        #expect(TrackSimplifier.douglasPeucker([a], toleranceMeters: 5) == [0])
        #expect(TrackSimplifier.douglasPeucker([a, b], toleranceMeters: 5) == [0, 1])
        #expect(TrackSimplifier.douglasPeucker([a, a, a], toleranceMeters: 0) == [0, 2])
    }

    @Test func outAndBackKeepsItsTurn() {
        // 1 km north and back on the same meridian: first and last coincide. The turn (index 100)
        // is 1.1 km from them and must stay; the distance to a segment of zero length is the
        // distance to its point.
        let out = (0...100).map { Self.point(46.5 + 0.0001 * Double($0), 7.5) }
        let track = out + out.reversed().dropFirst()
        #expect(TrackSimplifier.douglasPeucker(track, toleranceMeters: 5) == [0, 100, 200])
    }

    @Test func pointBeyondTheEndOfTheSegmentIsMeasuredToTheEnd() {
        // Out 0.002° north, on 0.001° further, back to 0.002°: the farthest point (index 2) lies
        // beyond the chord's end, 0.001° (110.6 m) away from it though on the chord's line.
        let points = [Self.point(0, 0), Self.point(0.001, 0), Self.point(0.003, 0), Self.point(0.002, 0)]
        #expect(TrackSimplifier.douglasPeucker(points, toleranceMeters: 100) == [0, 2, 3])
        #expect(TrackSimplifier.douglasPeucker(points, toleranceMeters: 120) == [0, 3])
    }

    /// North 100 points, then north-east 100 points: a bend at index 99.
    static func bend(latitude: Double, longitude: Double) -> [Coordinate] {
        let north = (0..<100).map { point(latitude + 0.0001 * Double($0), longitude) }
        let northEast = (1...100).map {
            point(latitude + 0.0099 + 0.0001 * Double($0), Coordinate.normalizedLongitude(longitude + 0.0001 * Double($0)))
        }
        return north + northEast
    }

    @Test func antimeridianCrossingKeepsTheShape() {
        // The bend starting at 179.995° runs north-east across ±180: its longitudes jump from
        // 180 − ε to −180 + ε. Unwrapped, it simplifies as the same shape at 0° does: the ends and
        // the bend (the north-east leg bows by under 2 cm in the tangent plane).
        let crossing = Self.bend(latitude: -16.8, longitude: 179.995)
        #expect(crossing.contains { $0.longitude < 0 } && crossing.contains { $0.longitude > 0 })
        let expected = TrackSimplifier.douglasPeucker(Self.bend(latitude: -16.8, longitude: -0.005), toleranceMeters: 1)
        #expect(expected == [0, 99, 199])
        #expect(TrackSimplifier.douglasPeucker(crossing, toleranceMeters: 1) == expected)
        // A straight diagonal across it: two points. Read as jumping 360°, it would keep many.
        let diagonal = (0..<200).map {
            Self.point(-16.8 + 0.0001 * Double($0), Coordinate.normalizedLongitude(179.99 + 0.0001 * Double($0)))
        }
        #expect(TrackSimplifier.douglasPeucker(diagonal, toleranceMeters: 0.1) == [0, 199])
    }

    @Test func droppedPointsStayWithinTheTolerance() {
        // A random walk of 5 000 steps; every dropped point must be within the tolerance of the
        // kept segment spanning it. Checked with an independent flat-earth measure (6 371 km
        // sphere, scale at the segment's start), so with 2 % slack.
        var generator = SeededGenerator(state: 11)
        var latitude = 46.5, longitude = 7.5
        let walk = (0..<5000).map { _ -> Coordinate in
            latitude += Double.random(in: -0.00005...0.00005, using: &generator)
            longitude += Double.random(in: -0.00005...0.00005, using: &generator)
            return Self.point(latitude, longitude)
        }
        for tolerance in [1.0, 5, 20] {
            let kept = TrackSimplifier.douglasPeucker(walk, toleranceMeters: tolerance)
            #expect(kept.count > 2 && kept.count < walk.count)
            for (start, end) in zip(kept, kept.dropFirst()) {
                for index in (start + 1)..<end {
                    let distance = Self.flatDistance(walk[index], toSegment: walk[start], walk[end])
                    #expect(distance <= tolerance * 1.02, "point \(index) is \(distance) m off")
                }
            }
        }
    }

    @Test func millionPointsComplete() {
        // A winding track of 1 000 000 points about 3 m apart. (Only completion and the result's
        // form are checked: this is a debug build; release timings are measured separately.)
        var generator = SeededGenerator(state: 5)
        var latitude = 46.5, longitude = 7.5, heading = 0.0
        let track = (0..<1_000_000).map { _ -> Coordinate in
            heading += Double.random(in: -0.2...0.2, using: &generator)
            latitude += 3 * cos(heading) / 111_000
            longitude += 3 * sin(heading) / 76_000
            return Self.point(latitude, longitude)
        }
        let kept = TrackSimplifier.douglasPeucker(track, toleranceMeters: 5)
        #expect(kept.first == 0 && kept.last == 999_999)
        #expect(kept.count > 1000 && kept.count < 200_000)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func splitsNestedAsDeepAsThePointCountNeedNoRecursion() {
        // A zig-zag whose amplitude shrinks along it (point i at x = i, y = ±(n − i), 1.1 m units):
        // against the chord from point i to the last, point i + 1 is always the farthest, so the
        // splits nest n deep (a recursive version's stack depth) and every point is kept.
        let count = 5000
        let points = (0..<count).map { index -> Coordinate in
            let amplitude = 0.00001 * Double(count - index)
            return Self.point(index.isMultiple(of: 2) ? amplitude : -amplitude, 0.00001 * Double(index))
        }
        #expect(TrackSimplifier.douglasPeucker(points, toleranceMeters: 0.5) == Array(0..<count))
    }

    // MARK: - Visvalingam–Whyatt

    @Test func visvalingamEliminatesByTriangleArea() {
        // Neighbours 0.002° of longitude apart on the equator (222.6 m), the middle point 0.0001°
        // north (11.06 m): a triangle of 222.6 × 11.06 / 2 = 1 231 m².
        let points = [Self.point(0, 0), Self.point(0.0001, 0.001), Self.point(0, 0.002)]
        #expect(TrackSimplifier.visvalingamWhyatt(points, minimumAreaSquareMeters: 1200) == [0, 1, 2])
        #expect(TrackSimplifier.visvalingamWhyatt(points, minimumAreaSquareMeters: 1260) == [0, 2])
    }

    @Test func visvalingamAnalyticCases() {
        #expect(TrackSimplifier.visvalingamWhyatt(Self.meridianLine, minimumAreaSquareMeters: 0.01) == [0, 999])
        #expect(TrackSimplifier.visvalingamWhyatt(Self.meridianLine, minimumAreaSquareMeters: 0) == Array(0..<1000))
        // The corner's triangle is about 1.1 km × 0.76 km / 2 (420 000 m²) at the end; the points
        // on the legs have area 0.
        #expect(TrackSimplifier.visvalingamWhyatt(Self.corner(latitude: 46.5, longitude: 7.5), minimumAreaSquareMeters: 1)
                == [0, 99, 199])
        // Across the antimeridian, as at 0°: the bend's legs have areas under 0.1 m² (their bow),
        // the bend itself about 100 000 m² once its legs are gone.
        #expect(TrackSimplifier.visvalingamWhyatt(Self.bend(latitude: -16.8, longitude: 179.995), minimumAreaSquareMeters: 1)
                == [0, 99, 199])
        // Zig-zag: each inner point's triangle is 222.6 m × 11.06 m / 2 = 1 231 m².
        #expect(TrackSimplifier.visvalingamWhyatt(Self.zigZag(amplitude: 0.0001), minimumAreaSquareMeters: 1000)
                == Array(0...20))
        #expect(TrackSimplifier.visvalingamWhyatt([], minimumAreaSquareMeters: 1) == [])
        #expect(TrackSimplifier.visvalingamWhyatt([Self.point(1, 1)], minimumAreaSquareMeters: 1) == [0])
    }

    @Test func visvalingamKeepsTheEndsAndOrder() {
        var generator = SeededGenerator(state: 13)
        var latitude = 0.0, longitude = 179.9
        let walk = (0..<20_000).map { _ -> Coordinate in
            latitude += Double.random(in: -0.0001...0.0001, using: &generator)
            longitude += Double.random(in: -0.0001...0.0001, using: &generator)
            return Self.point(latitude, Coordinate.normalizedLongitude(longitude))
        }
        for area in [10.0, 1_000, 1e12] {
            let kept = TrackSimplifier.visvalingamWhyatt(walk, minimumAreaSquareMeters: area)
            #expect(kept.first == 0 && kept.last == walk.count - 1)
            #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
        }
        #expect(TrackSimplifier.visvalingamWhyatt(walk, minimumAreaSquareMeters: 1e12) == [0, walk.count - 1])
    }

    // MARK: - Helpers

    /// Distance in metres from `point` to the segment `a`–`b` on a flat map about `a` (sphere of
    /// 6 371 km): an independent, rougher measure than the simplifier's.
    static func flatDistance(_ point: Coordinate, toSegment a: Coordinate, _ b: Coordinate) -> Double {
        let metersPerDegree = 6_371_000 * Double.pi / 180
        let east = metersPerDegree * cos(a.latitude * .pi / 180)
        func project(_ c: Coordinate) -> (x: Double, y: Double) {
            ((c.longitude - a.longitude) * east, (c.latitude - a.latitude) * metersPerDegree)
        }
        let p = project(point), e = project(b)
        let lengthSquared = e.x * e.x + e.y * e.y
        let t = lengthSquared > 0 ? min(max((p.x * e.x + p.y * e.y) / lengthSquared, 0), 1) : 0
        let dx = p.x - t * e.x, dy = p.y - t * e.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
