import Foundation
import Testing
import TestSupport
@testable import RunCore

/// `RegionBasis`: the region fitted from a track's basis is the region `fitTrack` fits to the
/// track's points, for every gap threshold at least the basis' widest gap and any padding — and
/// the basis declines (nil) below that gap. The fitter itself is the reference
/// (`RegionFitterTests` checks it by hand).
@Suite struct RegionBasisTests {
    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A loop of `count` points of radius `radius`° round a centre (longitudes normalised).
    static func loop(_ latitude: Double, _ longitude: Double, radius: Double, count: Int) -> [Coordinate] {
        (0..<count).map { step in
            let angle = 2 * Double.pi * Double(step) / Double(count)
            return point(latitude + radius * sin(angle), Coordinate.normalizedLongitude(longitude + radius * cos(angle)))
        }
    }

    static var sets: [(String, [Coordinate])] {
        var generator = SeededGenerator(state: 11)
        let cloud = (0..<3_000).map { _ in
            point(47 + Double.random(in: -0.05...0.05, using: &generator), 8 + Double.random(in: -0.05...0.05, using: &generator))
        }
        let spread = (0..<400).map { _ in
            point(Double.random(in: -60...60, using: &generator), Double.random(in: -180..<180, using: &generator))
        }
        return [
            ("one point", [point(46.5, 7.5)]),
            ("a loop", loop(46.5, 7.5, radius: 0.02, count: 500)),
            ("a loop across ±180", loop(-16.8, 180, radius: 0.01, count: 100)),
            ("a random cloud", cloud),
            ("a far fix", loop(46.5, 7.5, radius: 0.02, count: 200) + [point(51.5, 7.5)]),
            // Two loops 0.5° apart (55 km): too near to be left out as far fixes, apart at gaps under 0.46°.
            ("two loops", loop(46.5, 7.5, radius: 0.02, count: 300) + loop(46.5, 8.0, radius: 0.02, count: 200)),
            ("across ±180, two loops", loop(0, 179.8, radius: 0.05, count: 100) + loop(0, -179.8, radius: 0.05, count: 100)),
            ("ringing the globe", (0..<720).map { point(0, -180 + 0.5 * Double($0)) }),
            ("spread over the globe", spread),
            ("near the pole", loop(89.99, 0, radius: 0.005, count: 100)),
        ]
    }

    static let gaps = [0.001, 0.01, 0.1, 0.45, 0.5, 1, 2, 45, 180, .infinity]
    static let paddings = [0.0, 0.1, 0.37, 1]

    @Test func aBasisGivesFitTracksRegionWheneverTheGapIsWideEnough() throws {
        for (name, points) in Self.sets {
            let basis = try RegionFitter().basis(ofTrack: points)
            var fitted = 0
            for gap in Self.gaps {
                for padding in Self.paddings {
                    let fitter = RegionFitter(gapThresholdDegrees: gap, paddingFraction: padding)
                    let region = fitter.region(from: basis)
                    #expect((region != nil) == (gap >= basis.largestGapDegrees), "\(name): gap \(gap), widest \(basis.largestGapDegrees)")
                    guard let region else { continue }
                    fitted += 1
                    #expect(region == (try fitter.fitTrack(points)), "\(name): gap \(gap), padding \(padding)")
                }
            }
            #expect(fitted > 0, "\(name): the basis never served")
        }
    }

    @Test func theWidestGapIsTheOneInsideTheKeptPoints() throws {
        // A grid 0.01° apart: its widest gap is 0.01°.
        let grid = (0..<3).flatMap { row in (0..<3).map { column in Self.point(46.5 + 0.01 * Double(row), 7.5 + 0.01 * Double(column)) } }
        #expect(abs(try RegionFitter().basis(ofTrack: grid).largestGapDegrees - 0.01) < 1e-9)
        // Two loops of radius 0.02° whose centres are 0.5° apart in longitude: 0.46° between them.
        let two = Self.loop(46.5, 7.5, radius: 0.02, count: 300) + Self.loop(46.5, 8.0, radius: 0.02, count: 200)
        #expect(abs(try RegionFitter().basis(ofTrack: two).largestGapDegrees - 0.46) < 1e-9)
        // Across ±180 the gap through it is inside; the wide gap round the other side is where the circle is cut.
        let across = try RegionFitter().basis(ofTrack: [Self.point(0, 179.9), Self.point(0, -179.9), Self.point(0.01, 179.95)])
        #expect(abs(across.largestGapDegrees - 0.15) < 1e-9 && across.longitudeWest == 179.9 && across.longitudeEast == -179.9)
        // A fix 5° away is left out as far (fitTrack's step 4) before the gaps are measured.
        let far = try RegionFitter().basis(ofTrack: Self.loop(46.5, 7.5, radius: 0.02, count: 200) + [Self.point(51.5, 7.5)])
        #expect(far.latitudeHigh < 46.53 && far.largestGapDegrees < 0.01)
        #expect(try RegionFitter().basis(ofTrack: [Self.point(1, 2)]).largestGapDegrees == 0)
    }

    @Test func otherOutlierParametersOrInvalidOnesDecline() throws {
        let points = Self.loop(46.5, 7.5, radius: 0.02, count: 100)
        let basis = try RegionFitter().basis(ofTrack: points)
        #expect(RegionFitter(outlierDistanceFactor: 5).region(from: basis) == nil)
        #expect(RegionFitter(minimumOutlierRadiusMeters: 10).region(from: basis) == nil)
        #expect(RegionFitter(paddingFraction: -1).region(from: basis) == nil)
        #expect(throws: RegionFitError.self) { try RegionFitter().basis(ofTrack: [Coordinate]()) }
        #expect(throws: RegionFitError.self) { try RegionFitter().basis(ofTrack: [Self.point(91, 0)]) }
    }

    @Test func corpusTracksFitTheSameFromTheirBasis() throws {
        var served = 0, files = 0
        for name in SharedData.corpusGPXNames {
            // Files under 1 MB (all but a few), to keep the test quick.
            guard let data = FileManager.default.contents(atPath: SharedData.corpus(name)), data.count < 1_000_000 else { continue }
            // Coordinates from the file's text (trkpt lat/lon), without runlog's reader.
            let text = String(decoding: data, as: UTF8.self)
            let points = CorpusCoordinates.trackPoints(in: text)
            guard !points.isEmpty, let basis = try? RegionFitter().basis(ofTrack: points) else { continue }
            files += 1
            for (gap, padding) in [(1.0, 0.1), (0.001, 0.0), (180, 1)] {
                let fitter = RegionFitter(gapThresholdDegrees: gap, paddingFraction: padding)
                guard let region = fitter.region(from: basis) else { continue }
                if gap == 1 { served += 1 }
                #expect(region == (try fitter.fitTrack(points)), "\(name): gap \(gap), padding \(padding)")
            }
        }
        // With the default settings a run's basis nearly always serves (a track with a gap over 1° inside it is rare).
        #expect(files > 30 && served * 10 >= files * 9, "\(served) of \(files)")
    }
}

/// Track point coordinates read from GPX text with a regular expression (not runlog's reader).
enum CorpusCoordinates {
    static func trackPoints(in text: String) -> [Coordinate] {
        let pattern = try! NSRegularExpression(pattern: #"<(?:\w+:)?trkpt\b[^>]*>"#)
        let latitude = try! NSRegularExpression(pattern: #"\blat\s*=\s*["']([^"']+)["']"#)
        let longitude = try! NSRegularExpression(pattern: #"\blon\s*=\s*["']([^"']+)["']"#)
        let whole = text as NSString
        return pattern.matches(in: text, range: NSRange(location: 0, length: whole.length)).compactMap { match in
            let tag = whole.substring(with: match.range)
            let tagText = tag as NSString
            guard let lat = latitude.firstMatch(in: tag, range: NSRange(location: 0, length: tagText.length)),
                  let lon = longitude.firstMatch(in: tag, range: NSRange(location: 0, length: tagText.length)),
                  let φ = Double(tagText.substring(with: lat.range(at: 1)).trimmingCharacters(in: .whitespaces)),
                  let λ = Double(tagText.substring(with: lon.range(at: 1)).trimmingCharacters(in: .whitespaces)),
                  φ.isFinite, λ.isFinite, abs(φ) <= 90 else { return nil }
            return Coordinate(latitude: φ, longitude: λ)
        }
    }
}
