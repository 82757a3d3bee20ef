import Foundation
import Testing
import TestSupport
@testable import RunCore

/// `RegionFitter` and `MapRegion`. Expected regions are worked out by hand in the comments: the
/// clusters from the gaps between sorted values, then extent × (1 + 2 × padding), at least the
/// minimum span, clamped at the poles.
@Suite struct RegionFitterTests {
    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    /// No padding, so a region is exactly the extent of the kept points (or the minimum span).
    static let unpadded = RegionFitter(paddingFraction: 0)

    /// A 3 × 3 grid 0.01° apart with its south-west corner at (latitude, longitude).
    static func grid(_ latitude: Double, _ longitude: Double) -> [Coordinate] {
        (0..<3).flatMap { row in (0..<3).map { column in
            point(latitude + 0.01 * Double(row), longitude + 0.01 * Double(column))
        } }
    }

    /// `points` in a shuffled order that is the same on every run.
    static func shuffled(_ points: [Coordinate], seed: UInt64) -> [Coordinate] {
        var generator = SeededGenerator(state: seed)
        return points.shuffled(using: &generator)
    }

    static func expectClose(_ actual: Double, _ expected: Double, within tolerance: Double = 1e-9,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(actual - expected) <= tolerance, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
    }

    /// The difference of two longitudes round the circle, in [0, 180].
    static func longitudeDistance(_ a: Double, _ b: Double) -> Double {
        abs(Coordinate.normalizedLongitude(a - b))
    }

    // MARK: - Errors

    @Test func noPointsThrows() throws {
        let error = #expect(throws: RegionFitError.self) { try RegionFitter().fit([Coordinate]()) }
        #expect(error?.code == .noCoordinates)
        #expect(error?.description.contains("no coordinates") == true)
        let trackError = #expect(throws: RegionFitError.self) { try RegionFitter().fitTrack([Coordinate]()) }
        #expect(trackError?.code == .noCoordinates)
    }

    @Test(arguments: [point(91, 0), point(-90.5, 0), point(.nan, 0), point(0, .nan), point(0, .infinity)])
    func invalidCoordinateThrowsWithItsPosition(bad: Coordinate) throws {
        let points = [Self.point(46.5, 7.5), Self.point(46.6, 7.6), bad, Self.point(46.7, 7.7)]
        let error = #expect(throws: RegionFitError.self) { try RegionFitter().fit(points) }
        #expect(error?.code == .invalidCoordinate)
        #expect(error?.index == 2)
        #expect(error?.description.contains("coordinate 2") == true)
    }

    @Test(arguments: [
        RegionFitter(gapThresholdDegrees: -1), RegionFitter(gapThresholdDegrees: .nan),
        RegionFitter(paddingFraction: -0.1), RegionFitter(paddingFraction: .infinity),
        RegionFitter(minimumSpanDegrees: -1), RegionFitter(minimumSpanDegrees: 181),
        RegionFitter(trackSizeQuantile: 0), RegionFitter(trackSizeQuantile: 1.5),
        RegionFitter(outlierDistanceFactor: 0.5), RegionFitter(minimumOutlierRadiusMeters: -1),
    ])
    func invalidParameterThrows(fitter: RegionFitter) throws {
        let error = #expect(throws: RegionFitError.self) { try fitter.fit([Self.point(0, 0)]) }
        #expect(error?.code == .invalidParameter)
        #expect(throws: RegionFitError.self) { try fitter.fitTrack([Self.point(0, 0)]) }
    }

    @Test func longitudesOutsideTheRangeAreNormalised() throws {
        // 190° is −170°: one point, minimum span round it.
        let region = try RegionFitter().fit([Self.point(10, 190)])
        Self.expectClose(region.center.longitude, -170)
    }

    // MARK: - One and two points, padding

    @Test func onePointGetsTheMinimumSpanCentredOnIt() throws {
        // Extent 0 → padded 0 → the minimum span 0.005° on both axes, centred on the point.
        let region = try RegionFitter().fit([Self.point(46.5, 7.5)])
        Self.expectClose(region.center.latitude, 46.5)
        Self.expectClose(region.center.longitude, 7.5)
        Self.expectClose(region.latitudeSpanDegrees, 0.005)
        Self.expectClose(region.longitudeSpanDegrees, 0.005)
        Self.expectClose(region.minLatitude, 46.4975)
        Self.expectClose(region.maxLatitude, 46.5025)
        Self.expectClose(region.westLongitude, 7.4975)
        Self.expectClose(region.eastLongitude, 7.5025)
    }

    @Test func twoPointsSpanBothWithPadding() throws {
        // Extents 0.2° and 0.4°; 10 % on each side: 0.24° and 0.48°, centred on (46.1, 7.2).
        let region = try RegionFitter().fit([Self.point(46.0, 7.0), Self.point(46.2, 7.4)])
        Self.expectClose(region.center.latitude, 46.1)
        Self.expectClose(region.center.longitude, 7.2)
        Self.expectClose(region.latitudeSpanDegrees, 0.24)
        Self.expectClose(region.longitudeSpanDegrees, 0.48)
    }

    @Test(arguments: [0.0, 0.1, 0.25, 1.0])
    func paddingWidensEachSideByTheFraction(padding: Double) throws {
        // Extents 0.02° × 0.02° (the grid): spans 0.02 × (1 + 2 × padding).
        let region = try RegionFitter(paddingFraction: padding).fit(Self.grid(46.5, 7.5))
        Self.expectClose(region.latitudeSpanDegrees, 0.02 * (1 + 2 * padding))
        Self.expectClose(region.longitudeSpanDegrees, 0.02 * (1 + 2 * padding))
        Self.expectClose(region.center.latitude, 46.51)
        Self.expectClose(region.center.longitude, 7.51)
        Self.expectClose(region.minLatitude, 46.5 - 0.02 * padding)
    }

    @Test func minimumSpanAppliesPerAxis() throws {
        // A north–south line 0.02° long: latitude span 0.024 (padded), longitude span the minimum.
        let points = (0...4).map { Self.point(46.5 + 0.005 * Double($0), 7.5) }
        let region = try RegionFitter().fit(points)
        Self.expectClose(region.latitudeSpanDegrees, 0.024)
        Self.expectClose(region.longitudeSpanDegrees, 0.005)
        let wide = try RegionFitter(minimumSpanDegrees: 0.1).fit(points)
        Self.expectClose(wide.latitudeSpanDegrees, 0.1)
    }

    // MARK: - Clusters

    @Test func clusterStartingRightAfterAGapCountsItsFirstPoint() throws {
        // Sorted latitudes: 10.0 10.1 10.2 | gap 9.8° | 20.0 20.1 20.2 20.3. The second cluster
        // has 4 points. The naive loop resets its counter to 0 at the gap and counts it as 3, a
        // tie with the first cluster, which it then keeps (and so would the tie rule: the first
        // cluster holds the first point). Correct: the 4-point cluster, latitudes [20.0, 20.3].
        let points = [10.0, 10.1, 10.2, 20.0, 20.1, 20.2, 20.3].map { Self.point($0, 5.0) }
        let region = try Self.unpadded.fit(points)
        Self.expectClose(region.minLatitude, 20.0)
        Self.expectClose(region.maxLatitude, 20.3)
        Self.expectClose(region.center.longitude, 5.0)
        Self.expectClose(region.longitudeSpanDegrees, 0.005)  // one longitude: the minimum span
    }

    @Test func largerClusterWinsWhateverTheOrder() throws {
        // 9 points at 46.5–46.52 (the grid) and 2 at 40.0–40.01: the 9-point cluster, [46.50, 46.52].
        let small = [Self.point(40.0, 7.5), Self.point(40.01, 7.51)]
        for points in [small + Self.grid(46.5, 7.5), Self.grid(46.5, 7.5) + small] {
            let region = try Self.unpadded.fit(points)
            Self.expectClose(region.minLatitude, 46.5)
            Self.expectClose(region.maxLatitude, 46.52)
            Self.expectClose(region.westLongitude, 7.5)
            Self.expectClose(region.eastLongitude, 7.52)
        }
    }

    @Test func gapOfExactlyTheThresholdJoins() throws {
        // 10.0 and 11.0 are 1.0° apart, not more: one cluster. 12.5 is 1.5° further: its own.
        let region = try Self.unpadded.fit([Self.point(10, 0), Self.point(11, 0), Self.point(12.5, 0)])
        Self.expectClose(region.minLatitude, 10)
        Self.expectClose(region.maxLatitude, 11)
    }

    @Test func tieGoesToTheClusterHoldingTheFirstPoint() throws {
        // Two clusters of 3 points: A at latitudes 10.0–10.2, B at 20.0–20.2 (longitude 5).
        let a = [10.0, 10.1, 10.2].map { Self.point($0, 5) }
        let b = [20.0, 20.1, 20.2].map { Self.point($0, 5) }
        let aFirst = try Self.unpadded.fit(a + b)
        Self.expectClose(aFirst.minLatitude, 10.0)
        Self.expectClose(aFirst.maxLatitude, 10.2)
        let bFirst = try Self.unpadded.fit(b + a)
        Self.expectClose(bFirst.minLatitude, 20.0)
        // Interleaved, starting with a point of B: B.
        let interleaved = try Self.unpadded.fit([b[1], a[0], a[1], b[0], a[2], b[2]])
        Self.expectClose(interleaved.minLatitude, 20.0)
        Self.expectClose(interleaved.maxLatitude, 20.2)
    }

    @Test func tieOnLongitudeGoesToTheClusterHoldingTheFirstPoint() throws {
        // Same latitude band, two longitude clusters of 2 points: 30.0–30.1 and 40.0–40.1.
        let west = [Self.point(0, 30.0), Self.point(0.1, 30.1)]
        let east = [Self.point(0, 40.0), Self.point(0.1, 40.1)]
        Self.expectClose(try Self.unpadded.fit(east + west).westLongitude, 40.0)
        Self.expectClose(try Self.unpadded.fit(west + east).eastLongitude, 30.1)
    }

    @Test func shuffledInputGivesTheSameRegionWhenThereIsNoTie() throws {
        // The grid (9), 3 points 3° north, 2 points 20° east, 1 point 5° south: no tie for the
        // largest cluster, so every order gives the grid's region, to the bit.
        let points = Self.grid(46.5, 7.5)
            + [Self.point(49.5, 7.5), Self.point(49.51, 7.5), Self.point(49.52, 7.51)]
            + [Self.point(46.5, 27.5), Self.point(46.51, 27.5), Self.point(41.5, 7.5)]
        let expected = try RegionFitter().fit(points)
        Self.expectClose(expected.center.latitude, 46.51)
        Self.expectClose(expected.latitudeSpanDegrees, 0.024)
        // Any collection: a reversed view has no contiguous storage and takes the copying path.
        #expect(try RegionFitter().fit(points.reversed()) == expected)
        #expect(try RegionFitter().fit(Set(points)) == expected)
        for seed in 1...20 as ClosedRange<UInt64> {
            let shuffled = Self.shuffled(points, seed: seed)
            #expect(try RegionFitter().fit(shuffled) == expected)
            #expect(try RegionFitter().fitTrack(shuffled) == expected)
        }
    }

    @Test func shuffledInputWithATieFollowsTheFirstPoint() throws {
        let a = Self.grid(10, 10), b = Self.grid(30, 30)
        for seed in 1...20 as ClosedRange<UInt64> {
            let shuffled = Self.shuffled(a + b, seed: seed)
            let region = try Self.unpadded.fit(shuffled)
            let expected = shuffled[0].latitude < 20 ? 10.0 : 30.0
            Self.expectClose(region.minLatitude, expected)
            Self.expectClose(region.westLongitude, expected)
        }
    }

    @Test func tinyThresholdTakesTheSortingPathWithTheSameRule() throws {
        // Threshold 0.0001°: 40° of range needs 400 000 buckets, more than 2n + 1024, so the
        // values are sorted. Cluster A: 5 points 0.00005° apart at 10°; B: 3 points at 50°.
        let a = (0..<5).map { Self.point(10 + 0.00005 * Double($0), 0) }
        let b = (0..<3).map { Self.point(50 + 0.00005 * Double($0), 0) }
        let fitter = RegionFitter(gapThresholdDegrees: 0.0001, paddingFraction: 0, minimumSpanDegrees: 0)
        let region = try fitter.fit(b + a)
        Self.expectClose(region.minLatitude, 10)
        Self.expectClose(region.maxLatitude, 10.0002)
        // A tie on that path: the first point's cluster.
        let tie = try fitter.fit(Array(b) + Array(a.prefix(3)))
        Self.expectClose(tie.minLatitude, 50)
    }

    // MARK: - Outliers

    @Test func outlierFiveDegreesAwayIsLeftOut() throws {
        // The grid and one fix 5° north: gap 4.98° > 1°, the fix is its own cluster of one.
        let outlier = Self.point(51.5, 7.5)
        let region = try RegionFitter().fit(Self.grid(46.5, 7.5) + [outlier])
        #expect(!region.contains(outlier))
        Self.expectClose(region.center.latitude, 46.51)
        Self.expectClose(region.latitudeSpanDegrees, 0.024)
    }

    @Test func outlierFarInLongitudeIsLeftOutOfBothAxes() throws {
        // The fix at (46.9, 12.0): its latitude is within 0.38° of the grid's (46.50–46.52), so
        // the latitude cluster holds it, but its longitude is 4.48° east of the grid's, so the
        // longitude cluster does not. Left out as a point, it no longer stretches the latitude
        // span: latitudes [46.50, 46.52], not [46.50, 46.90] as an axis-by-axis fit gives.
        let outlier = Self.point(46.9, 12.0)
        let region = try Self.unpadded.fit([outlier] + Self.grid(46.5, 7.5))
        Self.expectClose(region.minLatitude, 46.5)
        Self.expectClose(region.maxLatitude, 46.52)
        Self.expectClose(region.westLongitude, 7.5)
        Self.expectClose(region.eastLongitude, 7.52)
        #expect(!region.contains(outlier))
    }

    @Test func leavingAPointOutCanOpenAGapOnTheOtherAxis() throws {
        // Latitudes 0, 0.8, 1.6 chain into one cluster only through the middle point, whose
        // longitude (50) is far from the others' (10). Round 1: latitude keeps all three,
        // longitude leaves the middle point out. Round 2: latitudes 0 and 1.6 are now 1.6° apart,
        // two clusters of one; the tie goes to the first point, latitude 0.
        let points = [Self.point(0, 10), Self.point(0.8, 50), Self.point(1.6, 10.1)]
        let region = try Self.unpadded.fit(points)
        Self.expectClose(region.center.latitude, 0)
        Self.expectClose(region.center.longitude, 10)
        Self.expectClose(region.latitudeSpanDegrees, 0.005)
    }

    // MARK: - Antimeridian and poles

    @Test func pointsEitherSideOfTheAntimeridianAreOneCluster() throws {
        // 179.9 and −179.9 are 0.2° apart across ±180; the naive sort puts them 359.8° apart.
        let points = [Self.point(-17, 179.9), Self.point(-17.1, -179.9)]
        let region = try Self.unpadded.fit(points)
        #expect(region.crossesAntimeridian)
        #expect(Self.longitudeDistance(region.center.longitude, 180) < 1e-9)
        Self.expectClose(region.longitudeSpanDegrees, 0.2)
        Self.expectClose(region.westLongitude, 179.9)
        Self.expectClose(region.eastLongitude, -179.9)
        #expect(region.eastLongitude < region.westLongitude)
        #expect(points.allSatisfy(region.contains))
        #expect(!region.contains(Self.point(-17, 0)))
        #expect(!region.contains(Self.point(-17, 179.8)))
    }

    @Test func fijiLoopAcrossTheAntimeridianStaysWhole() throws {
        // A loop of radius 0.01° round (−16.8, 180): half its points at longitudes near 179.99,
        // half near −179.99. Extents 0.02° × 0.02° (the samples include the four extremes), so
        // with 10 % padding 0.024° × 0.024° centred on (−16.8, ±180).
        let points = (0..<100).map { step -> Coordinate in
            let angle = 2 * Double.pi * Double(step) / 100
            return Self.point(-16.8 + 0.01 * sin(angle), Coordinate.normalizedLongitude(180 + 0.01 * cos(angle)))
        }
        let fits: [([Coordinate]) throws -> MapRegion] = [{ try RegionFitter().fit($0) }, { try RegionFitter().fitTrack($0) }]
        for fit in fits {
            let region = try fit(points)
            Self.expectClose(region.center.latitude, -16.8)
            #expect(Self.longitudeDistance(region.center.longitude, 180) < 1e-9)
            Self.expectClose(region.latitudeSpanDegrees, 0.024)
            Self.expectClose(region.longitudeSpanDegrees, 0.024)
            #expect(region.crossesAntimeridian)
            #expect(points.allSatisfy(region.contains))
        }
    }

    @Test func clusterEndingAtMinus180JoinsAcrossTheAntimeridian() throws {
        // −180 and 179.5 are 0.5° apart: one cluster from 179.5 eastward to −180 (0.5°).
        let region = try Self.unpadded.fit([Self.point(0, -180), Self.point(0, 179.5), Self.point(0, 90)])
        Self.expectClose(region.longitudeSpanDegrees, 0.5)
        Self.expectClose(region.westLongitude, 179.5)
        #expect(region.contains(Self.point(0, 180)))
    }

    @Test func pointsRingingTheGlobeAreCutAtTheFirstLargestGap() throws {
        // Every 0.5° round the equator: no gap over 1°, so one cluster; all 720 gaps (the one
        // through ±180 too) are 0.5°, and the first from −180, between −180 and −179.5, is where
        // the circle is cut: the arc from −179.5 eastward to −180, 359.5° wide, centred on 0.25.
        let points = (0..<720).map { Self.point(0, -180 + 0.5 * Double($0)) }
        let region = try Self.unpadded.fit(points)
        #expect(region.longitudeSpanDegrees == 359.5)
        #expect(region.center.longitude == 0.25)
        #expect(region.westLongitude == -179.5)
        #expect(points.allSatisfy(region.contains))
        #expect(!region.contains(Self.point(0, -179.75)))
        // Padded, the span is capped at the whole circle.
        let padded = try RegionFitter().fit(points)
        #expect(padded.longitudeSpanDegrees == 360)
        #expect(padded.contains(Self.point(0, -179.75)))
        #expect(Self.longitudeDistance(padded.eastLongitude, padded.westLongitude) == 0)
    }

    @Test func infiniteThresholdGivesTheSmallestRegionHoldingEveryPoint() throws {
        // One cluster whatever the gaps. Sorted longitudes −179, 170, 179: gaps 349° and 9°, and
        // 2° through ±180. Cut at the 349° gap: the arc from 170 eastward to −179, 11° wide,
        // centred on 175.5. Latitudes 0 to 50: all of them.
        let points = [Self.point(0, 179), Self.point(50, -179), Self.point(10, 170)]
        let region = try RegionFitter(gapThresholdDegrees: .infinity, paddingFraction: 0).fit(points)
        Self.expectClose(region.longitudeSpanDegrees, 11)
        Self.expectClose(region.center.longitude, 175.5)
        Self.expectClose(region.minLatitude, 0)
        Self.expectClose(region.maxLatitude, 50)
        #expect(points.allSatisfy(region.contains))
        // Without a gap through ±180 the largest gap may be the one through it: 10 and 20 → [10, 20].
        let plain = try RegionFitter(gapThresholdDegrees: .infinity, paddingFraction: 0)
            .fit([Self.point(0, 10), Self.point(0, 20)])
        Self.expectClose(plain.westLongitude, 10)
        Self.expectClose(plain.eastLongitude, 20)
    }

    @Test func regionIsClampedAtTheNorthPole() throws {
        // Latitudes 89.95, 89.99, 89.999: extent 0.049 → padded 0.0588 round 89.9745, whose
        // north edge 90.0039 is cut to 90. South edge 89.9745 − 0.0294 = 89.9451.
        let points = [Self.point(89.95, 10), Self.point(89.99, 10.5), Self.point(89.999, 11)]
        let region = try RegionFitter().fit(points)
        #expect(region.maxLatitude == 90)
        Self.expectClose(region.minLatitude, 89.9451)
        Self.expectClose(region.latitudeSpanDegrees, 90 - 89.9451)
        Self.expectClose(region.center.latitude, (89.9451 + 90) / 2)
        #expect(points.allSatisfy(region.contains))
    }

    @Test(arguments: [(90.0, 89.9975), (89.99, 89.9875), (-90.0, -90.0)])
    func onePointNearAPoleKeepsItsRegionOnTheGlobe(latitude: Double, expectedSouth: Double) throws {
        // Minimum span 0.005 round the point, cut at ±90: at 90 it is [89.9975, 90]; at 89.99
        // [89.9875, 89.9925] needs no cut; at −90 [−90, −89.9975].
        let region = try RegionFitter().fit([Self.point(latitude, 0)])
        Self.expectClose(region.minLatitude, expectedSouth)
        #expect(region.minLatitude >= -90 && region.maxLatitude <= 90)
        #expect(region.contains(Self.point(latitude, 0)))
    }

    // MARK: - fitTrack

    /// A loop of radius `radius` degrees round (46.5, 7.5), `count` points.
    static func loop(count: Int, radius: Double) -> [Coordinate] {
        (0..<count).map { step in
            let angle = 2 * Double.pi * Double(step) / Double(count)
            return point(46.5 + radius * sin(angle), 7.5 + radius * cos(angle))
        }
    }

    @Test func fitTrackLeavesOutASingleFarFix() throws {
        // A 600-point loop of radius 0.005° (≤ 556 m from its centre) and one fix 0.3° (33 km)
        // north. `fit` keeps the fix (0.3° < the 1° gap); `fitTrack` measures it 33 km from the
        // median location, beyond max(3 × the 90th-percentile distance ≤ 556 m, 1 km) ≤ 1.7 km.
        var track = Self.loop(count: 600, radius: 0.005)
        let fix = Self.point(46.8, 7.5)
        track.insert(fix, at: 300)
        #expect(try RegionFitter().fit(track).contains(fix))
        let region = try RegionFitter().fitTrack(track)
        #expect(!region.contains(fix))
        #expect(try region == RegionFitter().fit(Self.loop(count: 600, radius: 0.005)))
    }

    @Test func fitTrackKeepsACompactTrackWhole() throws {
        // A 10 km out-and-back due north (0.045° ≈ 5 km out): the median is halfway out, the
        // distances are spread evenly over 0–2.5 km, the 90th percentile is about 2.25 km and the
        // radius 6.75 km: nothing is left out, the region is `fit`'s.
        let out = (0...500).map { Self.point(46.5 + 0.045 * Double($0) / 500, 7.5) }
        let track = out + out.reversed()
        #expect(try RegionFitter().fitTrack(track) == RegionFitter().fit(track))
        // A loop within 1 km: the minimum radius keeps it whole.
        let loop = Self.loop(count: 300, radius: 0.004)
        #expect(try RegionFitter().fitTrack(loop) == RegionFitter().fit(loop))
    }

    @Test func fitTrackKeepsARunAfterALongStand() throws {
        // 3 000 fixes standing at the start, then 1 000 running 5 km north (0.045°). The median
        // location is the start and the median distance 0: a "k × median" rule would cut the run
        // at its minimum radius. The 90th percentile is the 600th running fix, 3 km out, so the
        // radius is 9 km and the whole run stays.
        let start = Self.point(46.5, 7.5)
        let run = (1...1000).map { Self.point(46.5 + 0.045 * Double($0) / 1000, 7.5) }
        let track = Array(repeating: start, count: 3000) + run
        let region = try RegionFitter().fitTrack(track)
        #expect(region.contains(run.last!))
        #expect(try region == RegionFitter().fit(track))
    }

    @Test func fitTrackWorksAcrossTheAntimeridian() throws {
        // The loop moved to 180°, and a fix 0.3° east of it (across the line): left out.
        let loop = Self.loop(count: 400, radius: 0.005).map {
            Self.point($0.latitude, Coordinate.normalizedLongitude($0.longitude - 7.5 + 180))
        }
        let fix = Self.point(46.5, -179.7)
        let region = try RegionFitter().fitTrack(loop + [fix])
        #expect(!region.contains(fix))
        #expect(loop.allSatisfy(region.contains))
        #expect(Self.longitudeDistance(region.center.longitude, 180) < 1e-9)
    }

    @Test func screeningDistanceAgreesWithTheGeodesic() {
        // The tangent-plane distance used by `fitTrack` is within 0.3 % of GeographicLib's
        // geodesic distance for points up to 50 km from the centre, at latitudes up to 60°, as
        // `fitTrack`'s documentation says.
        for centerLatitude in [0.0, 30, 46.5, 60, -60] {
            let center = Self.point(centerLatitude, 179.9)
            let scale = MetersPerDegree(latitude: centerLatitude)
            for bearing in stride(from: 0.0, to: 360, by: 15) {
                for distance in [100.0, 5_000, 50_000] {
                    let radians = bearing * .pi / 180
                    let latitude = centerLatitude + distance * cos(radians) / scale.north
                    let longitude = 179.9 + distance * sin(radians) / scale.east
                    let screening = RegionFitter.squaredDistance(latitude, Coordinate.normalizedLongitude(longitude),
                                                                 from: center, scale: scale).squareRoot()
                    let geodesic = Geodesic.wgs84.distanceMeters(latitude1: centerLatitude, longitude1: 179.9,
                                                                 latitude2: latitude, longitude2: longitude)
                    #expect(abs(screening - geodesic) / geodesic < 0.003, "\(centerLatitude) \(bearing) \(distance)")
                }
            }
        }
    }

    @Test func quickSelectFindsEveryRank() {
        // Against sorting, with many repeated values.
        var generator = SeededGenerator(state: 7)
        let values = (0..<1001).map { _ in Double(Int.random(in: 0..<50, using: &generator)) }
        let sorted = values.sorted()
        for rank in [0, 1, 250, 500, 999, 1000] {
            var scratch = values
            let selected = scratch.withUnsafeMutableBufferPointer { QuickSelect.value(atRank: rank, in: $0) }
            #expect(selected == sorted[rank])
        }
    }

    @Test func largeInputIsFitted() throws {
        // 1 000 000 points in a 0.1° square and 10 far fixes; here only the result is checked
        // (the time is measured in a release build).
        var generator = SeededGenerator(state: 3)
        var points = (0..<1_000_000).map { _ in
            Self.point(46.5 + Double.random(in: 0...0.1, using: &generator),
                       7.5 + Double.random(in: 0...0.1, using: &generator))
        }
        for index in 0..<10 { points[index * 99_991] = Self.point(-10, -70 + Double(index)) }
        for region in [try RegionFitter().fit(points), try RegionFitter().fitTrack(points)] {
            #expect(abs(region.center.latitude - 46.55) < 0.001)
            #expect(abs(region.center.longitude - 7.55) < 0.001)
            #expect(!region.contains(Self.point(-10, -70)))
        }
    }

    // MARK: - MapRegion

    @Test func mapRegionNormalisesItsValues() {
        let region = MapRegion(center: Self.point(10, 190), latitudeSpanDegrees: -1, longitudeSpanDegrees: 400)
        #expect(region.center.longitude == -170)
        #expect(region.latitudeSpanDegrees == 0)
        #expect(region.longitudeSpanDegrees == 360)
        let nan = MapRegion(center: Self.point(0, 0), latitudeSpanDegrees: .nan, longitudeSpanDegrees: .nan)
        #expect(nan.latitudeSpanDegrees == 0 && nan.longitudeSpanDegrees == 0)
    }

    @Test func mapRegionEdgesAndContains() {
        // Centre (0, 179), 4° wide: west 177, east 181 → −179, crossing the antimeridian.
        let region = MapRegion(center: Self.point(0, 179), latitudeSpanDegrees: 2, longitudeSpanDegrees: 4)
        #expect(region.minLatitude == -1 && region.maxLatitude == 1)
        #expect(region.westLongitude == 177 && region.eastLongitude == -179)
        #expect(region.crossesAntimeridian)
        #expect(region.contains(Self.point(0.5, -179.5)))
        #expect(region.contains(Self.point(1, 177)))  // edges are inclusive
        #expect(region.contains(Self.point(0, 180)))  // 180 is −180
        #expect(!region.contains(Self.point(0, -178.9)))
        #expect(!region.contains(Self.point(1.1, 178)))
        #expect(!region.contains(Self.point(.nan, 178)))
        let plain = MapRegion(center: Self.point(46.5, 7.5), latitudeSpanDegrees: 1, longitudeSpanDegrees: 1)
        #expect(!plain.crossesAntimeridian)
        #expect(plain.westLongitude == 7 && plain.eastLongitude == 8)
        #expect(!plain.contains(Self.point(46.5, -172.5)))
    }

    @Test func mapRegionRoundTripsThroughJSON() throws {
        let region = try RegionFitter().fit(Self.grid(-17, 179.99))
        let data = try JSONEncoder().encode(region)
        #expect(try JSONDecoder().decode(MapRegion.self, from: data) == region)
        // Decoding normalises like the initialiser.
        let text = #"{"center":{"latitude":1,"longitude":540},"latitudeSpanDegrees":2,"longitudeSpanDegrees":-3}"#
        let decoded = try JSONDecoder().decode(MapRegion.self, from: Data(text.utf8))
        #expect(decoded.center.longitude == -180 && decoded.longitudeSpanDegrees == 0)
    }
}
