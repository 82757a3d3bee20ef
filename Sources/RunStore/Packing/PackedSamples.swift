import Foundation
package import RunCore

/// The compact stored form of one segment's track points: one column per field (latitude,
/// longitude, elevation, time, heart rate, cadence, temperature, time details), columns that are
/// absent in every point left out, the rare per-point details as JSON, all compressed with zlib.
/// Lossless: decoding gives back equal ``TrackPoint``s.
///
/// Layout before compression (little-endian): `RLS1`, point count (UInt32), column mask (UInt16),
/// then each present column: Float64 × n (lat, lon, ele, time), Float32 × n (hr, cad, atemp),
/// UInt8 × n (fraction digits, bit 7 = zone assumed), and UInt32 length + JSON of the details.
package enum PackedSamples {
    private static let magic: [UInt8] = Array("RLS1".utf8)

    private struct Columns: OptionSet {
        let rawValue: UInt16
        static let elevation = Columns(rawValue: 1 << 0)
        static let time = Columns(rawValue: 1 << 1)
        static let heartRate = Columns(rawValue: 1 << 2)
        static let cadence = Columns(rawValue: 1 << 3)
        static let temperature = Columns(rawValue: 1 << 4)
        static let timeDetails = Columns(rawValue: 1 << 5)
        static let details = Columns(rawValue: 1 << 6)
    }

    private struct DetailsEntry: Codable {
        var index: Int
        var details: PointDetails
    }

    /// Packs and compresses points.
    package static func encode(_ points: [TrackPoint]) throws -> [UInt8] {
        var columns: Columns = []
        for p in points {
            if p.elevationMeters != nil { columns.insert(.elevation) }
            if p.timeSeconds != nil { columns.insert(.time) }
            if p.heartRateBPM != nil { columns.insert(.heartRate) }
            if p.cadenceRPM != nil { columns.insert(.cadence) }
            if p.airTemperatureCelsius != nil { columns.insert(.temperature) }
            if p.timeFractionDigits != 0 || p.isTimeZoneAssumed { columns.insert(.timeDetails) }
            if p.hasDetails { columns.insert(.details) }
        }
        var out: [UInt8] = magic
        out.reserveCapacity(16 + points.count * 48)
        appendInteger(UInt32(points.count), to: &out)
        appendInteger(columns.rawValue, to: &out)
        appendColumn(points.map(\.latitude), to: &out)
        appendColumn(points.map(\.longitude), to: &out)
        if columns.contains(.elevation) { appendColumn(points.map { $0.elevationMeters ?? .nan }, to: &out) }
        if columns.contains(.time) { appendColumn(points.map { $0.timeSeconds ?? .nan }, to: &out) }
        if columns.contains(.heartRate) { appendColumn(points.map { Float($0.heartRateBPM ?? .nan) }, to: &out) }
        if columns.contains(.cadence) { appendColumn(points.map { Float($0.cadenceRPM ?? .nan) }, to: &out) }
        if columns.contains(.temperature) { appendColumn(points.map { Float($0.airTemperatureCelsius ?? .nan) }, to: &out) }
        if columns.contains(.timeDetails) {
            out.append(contentsOf: points.map { $0.timeFractionDigits & 0x7F | ($0.isTimeZoneAssumed ? 0x80 : 0) })
        }
        if columns.contains(.details) {
            var entries: [DetailsEntry] = []
            for (i, p) in points.enumerated() { if let d = p.details { entries.append(DetailsEntry(index: i, details: d)) } }
            let json = Array(try JSONEncoder().encode(entries))
            appendInteger(UInt32(json.count), to: &out)
            out.append(contentsOf: json)
        }
        return Deflater.compress(out, level: 1)
    }

    /// Decompresses and unpacks points.
    /// - Throws: ``StoredDataError`` when the data is not a packed segment.
    package static func decode(_ stored: [UInt8]) throws -> [TrackPoint] {
        let bytes = try Inflater.decompress(stored)
        return try bytes.withUnsafeBytes { raw -> [TrackPoint] in
            var reader = ByteReader(raw)
            guard try reader.take(4).elementsEqual(magic) else { throw StoredDataError("stored samples have an unknown format") }
            let count = Int(try reader.integer(UInt32.self))
            let columns = Columns(rawValue: try reader.integer(UInt16.self))
            let lat = try reader.column(Double.self, count)
            let lon = try reader.column(Double.self, count)
            var points = (0..<count).map { TrackPoint(latitude: lat[$0], longitude: lon[$0]) }
            if columns.contains(.elevation) {
                let v = try reader.column(Double.self, count)
                for i in 0..<count where !v[i].isNaN { points[i].elevationMeters = v[i] }
            }
            if columns.contains(.time) {
                let v = try reader.column(Double.self, count)
                for i in 0..<count where !v[i].isNaN { points[i].timeSeconds = v[i] }
            }
            if columns.contains(.heartRate) {
                let v = try reader.column(Float.self, count)
                for i in 0..<count where !v[i].isNaN { points[i].heartRateBPM = Double(v[i]) }
            }
            if columns.contains(.cadence) {
                let v = try reader.column(Float.self, count)
                for i in 0..<count where !v[i].isNaN { points[i].cadenceRPM = Double(v[i]) }
            }
            if columns.contains(.temperature) {
                let v = try reader.column(Float.self, count)
                for i in 0..<count where !v[i].isNaN { points[i].airTemperatureCelsius = Double(v[i]) }
            }
            if columns.contains(.timeDetails) {
                let v = try reader.take(count)
                for i in 0..<count {
                    points[i].timeFractionDigits = v[v.startIndex + i] & 0x7F
                    points[i].isTimeZoneAssumed = v[v.startIndex + i] & 0x80 != 0
                }
            }
            if columns.contains(.details) {
                let length = Int(try reader.integer(UInt32.self))
                let json = Data(try reader.take(length))
                let entries = try JSONDecoder().decode([DetailsEntry].self, from: json)
                for entry in entries where entry.index < count { points[entry.index].details = entry.details }
            }
            return points
        }
    }

    private static func appendInteger<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }

    private static func appendColumn<T>(_ values: [T], to out: inout [UInt8]) {
        values.withUnsafeBytes { out.append(contentsOf: $0) }
    }
}

/// Reads fixed-size values from a byte buffer, checking bounds.
private struct ByteReader {
    let raw: UnsafeRawBufferPointer
    var offset = 0

    init(_ raw: UnsafeRawBufferPointer) { self.raw = raw }

    mutating func take(_ count: Int) throws -> Slice<UnsafeRawBufferPointer> {
        guard count >= 0, offset + count <= raw.count else { throw StoredDataError("stored samples are truncated") }
        defer { offset += count }
        return raw[offset..<offset + count]
    }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let bytes = try take(MemoryLayout<T>.size)
        return T(littleEndian: bytes.loadUnaligned(as: T.self))
    }

    mutating func column<T>(_ type: T.Type, _ count: Int) throws -> [T] {
        let bytes = try take(count * MemoryLayout<T>.stride)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes))
            initialized = count
        }
    }
}
