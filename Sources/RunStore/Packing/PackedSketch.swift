package import RunCore

/// The stored form of a run's ``RunCore/TrackSketch`` for any implementation: compact and lossless
/// (decoding gives back an equal sketch, so the page drawn from it is the page drawn from the
/// points). Not compressed: zlib took a 50,000-point run's sketch from 22.1 to 17.0 kB but cost
/// 0.66 million instructions on every read of it, a fifteenth of an uncached run page
/// (docs/BENCHMARKS.md, "Cache misses"). Sketches stored compressed (`RSK1` in a zlib stream,
/// before) are still read.
///
/// Layout (little-endian; `v` a LEB128 varint, `z` a zigzag varint, `d` a Float64, see
/// `PackedBytes.swift`): `RSK2`; the line floor `d`; the lines — count `v`, then per line its point count `v`
/// and three columns of `d`: latitudes and longitudes each XORed with the previous value's bits
/// (so neighbours share their leading bytes, which compress), significances; start and finish
/// (a byte 0/1, then `d d`); per marker unit the unit `d`, count `v` and `v d d` per mark;
/// pauses (`v`, then `d d` each); waypoints (`v`, then `d d`, name, a byte 0/1 and the symbol —
/// texts as `v` length and UTF-8); the region basis (a byte 0/1 and eight `d`); the pace,
/// elevation and heart-rate series (a byte 0/1, first and last distance `d`, column count `v`,
/// a state byte per column — 0 no value, 1 a value, 2 a value after a break, +2 for a value
/// stored whole — then the values in order: thousandths as `z` differences from the previous
/// value's, or `d`).
///
/// A sketch is small: for a 50,000-point run about 10–30 kB (a few hundred points per line, the
/// charts' 718 columns), where its packed points take about 1 MB.
package enum PackedSketch {
    private static let magic: [UInt8] = Array("RSK2".utf8)
    /// The magic of a sketch stored compressed, before the uncompressed form.
    private static let compressedMagic: [UInt8] = Array("RSK1".utf8)
    private static let what = "a packed sketch"

    /// Packs a sketch.
    package static func encode(_ sketch: TrackSketch) -> [UInt8] {
        var out = PackedBytesWriter(magic, capacity: 4096)
        out.double(sketch.lineFloorMeters)
        out.varint(UInt64(sketch.lines.count))
        for line in sketch.lines {
            out.varint(UInt64(line.coordinates.count))
            var previous: UInt64 = 0
            for c in line.coordinates { out.uint64(c.latitude.bitPattern ^ previous); previous = c.latitude.bitPattern }
            previous = 0
            for c in line.coordinates { out.uint64(c.longitude.bitPattern ^ previous); previous = c.longitude.bitPattern }
            for s in line.significance { out.double(s) }
        }
        for end in [sketch.start, sketch.finish] { out.optionalCoordinate(end) }
        out.varint(UInt64(sketch.distanceMarks.count))
        for unit in sketch.distanceMarks {
            out.double(unit.unitMeters)
            out.varint(UInt64(unit.marks.count))
            for mark in unit.marks {
                out.varint(UInt64(max(0, mark.number)))
                out.coordinate(mark.coordinate)
            }
        }
        out.varint(UInt64(sketch.pauses.count))
        for pause in sketch.pauses { out.coordinate(pause) }
        out.varint(UInt64(sketch.waypoints.count))
        for place in sketch.waypoints {
            out.coordinate(place.coordinate)
            out.text(place.name)
            out.bool(place.symbol != nil)
            if let symbol = place.symbol { out.text(symbol) }
        }
        if let region = sketch.region {
            out.byte(1)
            for value in [region.latitudeLow, region.latitudeHigh, region.longitudeWest, region.longitudeEast, region.largestGapDegrees,
                          region.trackSizeQuantile, region.outlierDistanceFactor, region.minimumOutlierRadiusMeters] { out.double(value) }
        } else {
            out.byte(0)
        }
        for series in [sketch.pace, sketch.elevation, sketch.heartRate] { out.series(series) }
        return out.bytes
    }

    /// Unpacks a sketch (one stored compressed, `RSK1` in zlib, too).
    /// - Throws: ``StoredDataError`` for bytes that are not a packed sketch.
    package static func decode(_ data: [UInt8]) throws -> TrackSketch {
        var input = PackedBytesReader(data, what: what)
        if data.starts(with: magic) {
            try input.skip(magic.count)
        } else {
            input = PackedBytesReader(try Inflater.decompress(data), what: what)
            guard try input.bytes(4) == compressedMagic else { throw StoredDataError("not a packed sketch") }
        }
        let floor = try input.double()
        var lines: [SketchLine] = []
        for _ in 0..<(try input.count()) {
            let count = try input.count()
            guard count <= input.remaining / 24 else { throw StoredDataError("a packed sketch ends early") }
            var coordinates = [Coordinate](repeating: Coordinate(latitude: 0, longitude: 0), count: count)
            var significance: [Double] = []
            significance.reserveCapacity(count)
            var previous: UInt64 = 0
            for k in 0..<count { previous ^= try input.uint64(); coordinates[k].latitude = Double(bitPattern: previous) }
            previous = 0
            for k in 0..<count { previous ^= try input.uint64(); coordinates[k].longitude = Double(bitPattern: previous) }
            for _ in 0..<count { significance.append(try input.double()) }
            lines.append(SketchLine(coordinates: coordinates, significance: significance))
        }
        let start = try input.optionalCoordinate(), finish = try input.optionalCoordinate()
        var marks: [TrackSketch.DistanceMarks] = []
        for _ in 0..<(try input.count()) {
            let unit = try input.double()
            var unitMarks: [TrackSketch.Mark] = []
            for _ in 0..<(try input.count()) {
                // A mark's number is no count: after a jump of the track it can exceed the bytes there are.
                unitMarks.append(TrackSketch.Mark(number: try input.whole(), coordinate: try input.coordinate()))
            }
            marks.append(TrackSketch.DistanceMarks(unitMeters: unit, marks: unitMarks))
        }
        var pauses: [Coordinate] = []
        for _ in 0..<(try input.count()) { pauses.append(try input.coordinate()) }
        var places: [TrackSketch.Place] = []
        for _ in 0..<(try input.count()) {
            let coordinate = try input.coordinate(), name = try input.text()
            places.append(TrackSketch.Place(coordinate: coordinate, name: name, symbol: try input.bool() ? try input.text() : nil))
        }
        var region: RegionBasis?
        if try input.bool() {
            let v = try (0..<8).map { _ in try input.double() }
            region = RegionBasis(latitudeLow: v[0], latitudeHigh: v[1], longitudeWest: v[2], longitudeEast: v[3], largestGapDegrees: v[4],
                                 trackSizeQuantile: v[5], outlierDistanceFactor: v[6], minimumOutlierRadiusMeters: v[7])
        }
        let pace = try input.series(), elevation = try input.series(), heartRate = try input.series()
        guard input.isAtEnd else { throw StoredDataError("a packed sketch has bytes after its end") }
        return TrackSketch(lines: lines, lineFloorMeters: floor, start: start, finish: finish, distanceMarks: marks, pauses: pauses,
                           waypoints: places, region: region, pace: pace, elevation: elevation, heartRate: heartRate)
    }
}

/// The chart series, as ``PackedSketch`` writes them.
extension PackedBytesWriter {
    /// A series: its states first, then its values (thousandths as differences where exact).
    mutating func series(_ series: ChartSeries?) {
        guard let series else { byte(0); return }
        byte(1)
        double(series.firstDistanceMeters)
        double(series.lastDistanceMeters)
        varint(UInt64(series.means.count))
        let thousandths = series.means.map(Self.thousandths)
        for (k, mean) in series.means.enumerated() {
            guard !mean.isNaN else { byte(0); continue }
            byte((series.breaksBefore[k] ? 2 : 1) + (thousandths[k] == nil ? 2 : 0))
        }
        var previous: Int64 = 0
        for (k, mean) in series.means.enumerated() where !mean.isNaN {
            if let value = thousandths[k] {
                zigzag(value &- previous)
                previous = value
            } else {
                double(mean)
            }
        }
    }

    /// The value as a whole number of thousandths when it is exactly one (what ``ChartSeries`` keeps).
    static func thousandths(_ value: Double) -> Int64? {
        let scaled = (value * 1000).rounded()
        guard scaled.isFinite, abs(scaled) < 0x1p50, scaled / 1000 == value else { return nil }
        return Int64(scaled)
    }
}

extension PackedBytesReader {
    mutating func series() throws -> ChartSeries? {
        guard try bool() else { return nil }
        let first = try double(), last = try double()
        let states = try bytes(try count())
        var means: [Double] = [], breaks: [Bool] = []
        means.reserveCapacity(states.count)
        breaks.reserveCapacity(states.count)
        var previous: Int64 = 0
        for state in states {
            guard state <= 4 else { throw failure("has an unknown column state \(state)") }
            breaks.append(state == 2 || state == 4)
            switch state {
            case 0: means.append(.nan)
            case 1, 2:
                previous = previous &+ (try zigzag())
                means.append(Double(previous) / 1000)
            default: means.append(try double())
            }
        }
        return ChartSeries(firstDistanceMeters: first, lastDistanceMeters: last, means: means, breaksBefore: breaks)
    }
}
