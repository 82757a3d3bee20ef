import Foundation
import Testing
import TestSupport
@testable import RunCore

/// `TrackSimplifier.douglasPeuckerSignificance`: the points kept at any tolerance from the floor up
/// are those whose significance exceeds the tolerance squared — checked against
/// `douglasPeucker` itself (whose results `TrackSimplifierTests` check analytically) over shapes
/// and random walks, at tolerances at, just above and far above the floor.
@Suite struct DouglasPeuckerSignificanceTests {
    /// A random walk of `count` steps of up to ~`stepMeters` in each direction, from (46.5, 7.5).
    static func walk(count: Int, stepMeters: Double, seed: UInt64) -> [Coordinate] {
        var generator = SeededGenerator(state: seed)
        var latitude = 46.5, longitude = 7.5
        return (0..<count).map { _ in
            latitude += Double.random(in: -1...1, using: &generator) * stepMeters / 111_000
            longitude += Double.random(in: -1...1, using: &generator) * stepMeters / 76_000
            return Coordinate(latitude: latitude, longitude: longitude)
        }
    }

    static var shapes: [(String, [Coordinate])] {
        [("meridian", TrackSimplifierTests.meridianLine),
         ("corner", TrackSimplifierTests.corner(latitude: 46.5, longitude: 7.5)),
         ("corner across ±180", TrackSimplifierTests.corner(latitude: -16.8, longitude: 179.995)),
         ("zig-zag", TrackSimplifierTests.zigZag(amplitude: 0.0001)),
         ("out and back", TrackSimplifierTests.corner(latitude: 46.5, longitude: 7.5) + TrackSimplifierTests.corner(latitude: 46.5, longitude: 7.5).reversed()),
         ("walk of 3 m steps", walk(count: 2_000, stepMeters: 3, seed: 1)),
         ("walk of 30 m steps", walk(count: 700, stepMeters: 30, seed: 2)),
         ("one point", [Coordinate(latitude: 1, longitude: 2)]),
         ("two points", [Coordinate(latitude: 1, longitude: 2), Coordinate(latitude: 1.001, longitude: 2)])]
    }

    @Test(arguments: [0.0, 0.5, 4.0])
    func everyToleranceFromTheFloorUpKeepsWhatDouglasPeuckerKeeps(floor: Double) {
        for (name, points) in Self.shapes {
            let kept = TrackSimplifier.douglasPeuckerSignificance(points, floorMeters: floor)
            #expect(kept.map(\.index) == TrackSimplifier.douglasPeucker(points, toleranceMeters: floor), "\(name) at the floor \(floor)")
            for tolerance in [floor, floor.nextUp, floor * 1.5 + 0.1, 2, 5, 11.06, 20, 100, 1_000, 100_000] where tolerance >= floor {
                let limit = tolerance * tolerance
                let line = SketchLine(coordinates: kept.map { points[$0.index] }, significance: kept.map(\.squaredMeters))
                let expected = TrackSimplifier.douglasPeucker(points, toleranceMeters: tolerance).map { points[$0] }
                #expect(kept.filter { $0.squaredMeters > limit }.map { points[$0.index] } == expected, "\(name) at \(tolerance) m")
                #expect(line.points(toleranceMeters: tolerance) == expected, "\(name) at \(tolerance) m, as a line")
            }
        }
    }

    @Test func theEndsAreAlwaysKeptAndTheFloorLeavesOutWhatNoToleranceAboveItKeeps() {
        let points = Self.walk(count: 5_000, stepMeters: 3, seed: 7)
        let all = TrackSimplifier.douglasPeuckerSignificance(points, floorMeters: 0)
        let floored = TrackSimplifier.douglasPeuckerSignificance(points, floorMeters: 10)
        #expect(all.first?.squaredMeters == .infinity && all.last?.squaredMeters == .infinity)
        #expect(floored.first?.index == 0 && floored.last?.index == points.count - 1)
        // The floor keeps far fewer points, exactly those above it.
        #expect(floored.count < all.count / 4)
        #expect(floored.map(\.index) == all.filter { $0.squaredMeters > 100 }.map(\.index))
    }
}
