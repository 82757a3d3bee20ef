package import RunCore

/// The stored form of a run's ``RunCore/TrackSketch`` for any implementation: compact, lossless
/// (decoding gives back an equal sketch, so the page drawn from it is the page drawn from the
/// points), compressed with zlib.
///
/// Layout before compression (little-endian; `v` a LEB128 varint, `z` a zigzag varint, `d` a
/// Float64): `RSK1`; the line floor `d`; the lines — count `v`, then per line its point count `v`
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
    private static let magic: [UInt8] = Array("RSK1".utf8)

    /// Packs and compresses a sketch.
    package static func encode(_ sketch: TrackSketch) -> [UInt8] {
        var out = ByteWriter(magic)
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
            out.byte(place.symbol == nil ? 0 : 1)
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
        return Deflater.compress(out.bytes)
    }

    /// Decompresses and unpacks a sketch.
    /// - Throws: ``StoredDataError`` for bytes that are not a packed sketch.
    package static func decode(_ data: [UInt8]) throws -> TrackSketch {
        var input = ByteReader(try Inflater.decompress(data))
        guard try input.bytes(4) == magic else { throw StoredDataError("not a packed sketch") }
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
                unitMarks.append(TrackSketch.Mark(number: try input.int(), coordinate: try input.coordinate()))
            }
            marks.append(TrackSketch.DistanceMarks(unitMeters: unit, marks: unitMarks))
        }
        var pauses: [Coordinate] = []
        for _ in 0..<(try input.count()) { pauses.append(try input.coordinate()) }
        var places: [TrackSketch.Place] = []
        for _ in 0..<(try input.count()) {
            let coordinate = try input.coordinate(), name = try input.text()
            places.append(TrackSketch.Place(coordinate: coordinate, name: name, symbol: try input.byte() == 1 ? try input.text() : nil))
        }
        var region: RegionBasis?
        if try input.byte() == 1 {
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

/// Little-endian values and varints appended to a byte array.
private struct ByteWriter {
    var bytes: [UInt8]
    init(_ prefix: [UInt8]) { bytes = prefix }

    mutating func byte(_ value: UInt8) { bytes.append(value) }
    mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func double(_ value: Double) { uint64(value.bitPattern) }
    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
    mutating func zigzag(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }
    mutating func coordinate(_ c: Coordinate) {
        double(c.latitude)
        double(c.longitude)
    }
    mutating func optionalCoordinate(_ c: Coordinate?) {
        byte(c == nil ? 0 : 1)
        if let c { coordinate(c) }
    }
    mutating func text(_ value: String) {
        varint(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

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

/// Reads what ``ByteWriter`` wrote, each read checked against the end.
private struct ByteReader {
    let data: [UInt8]
    var offset = 0
    init(_ data: [UInt8]) { self.data = data }

    var isAtEnd: Bool { offset == data.count }
    var remaining: Int { data.count - offset }

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0, count <= data.count - offset else { throw StoredDataError("a packed sketch ends early") }
        defer { offset += count }
        return Array(data[offset..<(offset + count)])
    }
    mutating func byte() throws -> UInt8 {
        guard offset < data.count else { throw StoredDataError("a packed sketch ends early") }
        defer { offset += 1 }
        return data[offset]
    }
    mutating func uint64() throws -> UInt64 {
        guard data.count - offset >= 8 else { throw StoredDataError("a packed sketch ends early") }
        var value: UInt64 = 0
        for k in 0..<8 { value |= UInt64(data[offset + k]) << (8 * k) }
        offset += 8
        return value
    }
    mutating func double() throws -> Double { Double(bitPattern: try uint64()) }
    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            let b = try byte()
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return value }
        }
        throw StoredDataError("a packed sketch has a number too long")
    }
    /// A whole number that fits an `Int`.
    mutating func int() throws -> Int {
        let value = try varint()
        guard value <= UInt64(Int.max) else { throw StoredDataError("a packed sketch has a number too large") }
        return Int(value)
    }
    /// A count or index: a varint no larger than what the bytes left could hold.
    mutating func count() throws -> Int {
        let value = try varint()
        guard value <= UInt64(data.count) else { throw StoredDataError("a packed sketch has a count past its end") }
        return Int(value)
    }
    mutating func zigzag() throws -> Int64 {
        let value = try varint()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
    mutating func coordinate() throws -> Coordinate { Coordinate(latitude: try double(), longitude: try double()) }
    mutating func optionalCoordinate() throws -> Coordinate? { try byte() == 1 ? try coordinate() : nil }
    mutating func text() throws -> String { String(decoding: try bytes(try count()), as: UTF8.self) }

    mutating func series() throws -> ChartSeries? {
        guard try byte() == 1 else { return nil }
        let first = try double(), last = try double()
        let states = try bytes(try count())
        var means: [Double] = [], breaks: [Bool] = []
        means.reserveCapacity(states.count)
        breaks.reserveCapacity(states.count)
        var previous: Int64 = 0
        for state in states {
            guard state <= 4 else { throw StoredDataError("a packed sketch has an unknown column state \(state)") }
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
