import Foundation
import RunCore
import RunFormats
import RunStore
import Testing
import TestSupport

/// `PackedSketch`: lossless (a sketch comes back equal, bit for bit), an order of magnitude
/// smaller than the run's packed points, the compressed form of before still read, and damaged
/// bytes are refused with `StoredDataError`, never guessed at.
@Suite struct PackedSketchTests {
    static let files = ["samples/runs/morning-10k.gpx", "samples/runs/trail-hill-run.gpx"].map(SharedData.repository)
        + ["sportslib-7555261629.gpx", "gpsbabel-dg100.gpx", "sportslib-movescount.gpx", "gpswizard-0470_2022-07-16-1202.gpx"].map(SharedData.corpus)

    static func sketches() throws -> [(name: String, activity: Activity, sketch: TrackSketch)] {
        try files.map { path in
            let activity = try ActivityReadSession.read(fileAt: path, options: ReadOptions(isLenient: true)).activity
            return ((path as NSString).lastPathComponent, activity, ActivityAnalyzer.analyzeWithSketch(activity).sketch)
        }
    }

    /// Every kind of value a sketch holds, the odd ones too.
    static var handMade: TrackSketch {
        let series = ChartSeries(firstDistanceMeters: 0, lastDistanceMeters: 1e6, means: [.nan, 1.5, -0.001, 1e300, .nan, 3600, 0x1p51],
                                 breaksBefore: [false, false, true, false, false, true, false])
        let line = SketchLine(coordinates: [Coordinate(latitude: -89.999_999_9, longitude: 179.999_999_999),
                                            Coordinate(latitude: 0.1 + 0.2, longitude: -180), Coordinate(latitude: 1e-300, longitude: 0)],
                              significance: [.infinity, 12.345_678_901_234, .infinity])
        return TrackSketch(lines: [line, line], lineFloorMeters: 0.1, start: Coordinate(latitude: 1, longitude: 2), finish: nil,
                           distanceMarks: [.init(unitMeters: 1000, marks: [.init(number: 1, coordinate: Coordinate(latitude: 3, longitude: 4))]),
                                           .init(unitMeters: 1609.344, marks: [])],
                           pauses: [Coordinate(latitude: 5, longitude: 6)],
                           waypoints: [.init(coordinate: Coordinate(latitude: 7, longitude: 8), name: "Brunnen \u{202E} 💧 <b>", symbol: nil),
                                       .init(coordinate: Coordinate(latitude: 9, longitude: 10), name: "", symbol: "Summit")],
                           region: RegionBasis(latitudeLow: 1, latitudeHigh: 2, longitudeWest: 179, longitudeEast: -179, largestGapDegrees: 0.5,
                                               trackSizeQuantile: 0.9, outlierDistanceFactor: 3, minimumOutlierRadiusMeters: 1000),
                           pace: series, elevation: nil, heartRate: series)
    }

    @Test func sketchesComeBackEqual() throws {
        #expect(try PackedSketch.decode(PackedSketch.encode(Self.handMade)) == Self.handMade)
        var empty = Self.handMade
        (empty.lines, empty.start, empty.distanceMarks, empty.pauses, empty.waypoints, empty.region, empty.pace, empty.heartRate) =
            ([], nil, [], [], [], nil, nil, nil)
        #expect(try PackedSketch.decode(PackedSketch.encode(empty)) == empty)
        for (name, _, sketch) in try Self.sketches() {
            #expect(try PackedSketch.decode(PackedSketch.encode(sketch)) == sketch, "\(name)")
        }
    }

    @Test func aSketchIsSmallBesideThePoints() throws {
        for (name, activity, sketch) in try Self.sketches() where activity.trackPointCount > 10_000 {
            let points = try activity.tracks.flatMap(\.segments).reduce(0) { $0 + (try PackedSamples.encode($1.points)).count }
            let packed = PackedSketch.encode(sketch).count
            // An order of magnitude less (its charts are a fixed size, its lines grow slowly with the points).
            #expect(packed * 10 < points, "\(name): the sketch takes \(packed) bytes, the points \(points)")
        }
    }

    @Test func damagedBytesAreRefused() throws {
        let plain = PackedSketch.encode(Self.handMade)
        for length in 0..<plain.count {
            #expect(throws: StoredDataError.self, "cut at \(length)") { try PackedSketch.decode(Array(plain[..<length])) }
        }
        #expect(throws: StoredDataError.self) { try PackedSketch.decode(plain + [0]) }
        #expect(throws: StoredDataError.self) { try PackedSketch.decode(Array("not zlib at all".utf8)) }
        var wrongMagic = plain
        wrongMagic[0] = UInt8(ascii: "X")
        #expect(throws: StoredDataError.self) { try PackedSketch.decode(wrongMagic) }
        // A count far past the end is refused before anything is allocated for it.
        let hugeCount = Array("RSK2".utf8) + [UInt8](repeating: 0, count: 8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]
        #expect(throws: StoredDataError.self) { try PackedSketch.decode(hugeCount) }
        // The compressed form of before, damaged in the same ways.
        let compressed = Deflater.compress(Array("RSK1".utf8) + plain.dropFirst(4))
        #expect(throws: StoredDataError.self) { try PackedSketch.decode(Array(compressed.dropLast(9))) }
        #expect(throws: StoredDataError.self) { try PackedSketch.decode(Deflater.compress(plain)) }
    }

    /// Sketches were stored compressed with zlib (`RSK1`) before: they read back as they were.
    @Test func aSketchStoredCompressedStillReads() throws {
        for (name, _, sketch) in try Self.sketches() + [("hand-made", Activity(), Self.handMade)] {
            let plain = PackedSketch.encode(sketch)
            #expect(plain.starts(with: Array("RSK2".utf8)), "\(name)")
            let compressed = Deflater.compress(Array("RSK1".utf8) + plain.dropFirst(4))
            #expect(try PackedSketch.decode(compressed) == sketch, "\(name)")
        }
    }

    /// A mark's number is not bounded by the sketch's size: after a jump of the track (two fixes
    /// thousands of kilometres apart) the next mark is numbered past the jump. The decoder read it
    /// as a count and refused it past the bytes there were, so such a run's stored sketch could not
    /// be read (FuzzAnalysis, in a brief run, on a 16 KB FIT file: the file, as found, below).
    @Test func aMarkNumberedPastTheBytesComesBack() throws {
        var sketch = Self.handMade
        sketch.distanceMarks = [.init(unitMeters: 1000, marks: [.init(number: 1, coordinate: Coordinate(latitude: 3, longitude: 4)),
                                                                 .init(number: 12_345_678, coordinate: Coordinate(latitude: -3, longitude: 4))])]
        #expect(try PackedSketch.decode(PackedSketch.encode(sketch)) == sketch)
    }

    @Test func theFITFileFuzzAnalysisFoundStoresASketchThatReadsBack() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: SharedData.repository("Fuzz/seeds/FuzzAnalysis/found-far-distance-mark.fit"))))
        var options = ImportOptions(skipsInvalidPoints: true)
        options.splitsActivities = bytes.count % 2 == 0  // as the fuzz target chose
        let prepared = try RunImporter.prepareBytes(bytes, fileName: "crash-8ea19a75.fit", options: options)
        #expect(prepared.partCount >= 1)
        for part in prepared.parts {
            let sketch = try PackedSketch.decode(part.content.sketch)
            #expect(PackedSketch.encode(sketch) == part.content.sketch)
            let plainSize = part.content.sketch.count
            #expect(sketch.distanceMarks.flatMap { $0.marks }.contains { $0.number > plainSize }, "the case this file holds")
        }
    }
}
