package import RunCore

/// The stored form of a run's ``RunCore/RunAnalysis`` beside its JSON, for any implementation:
/// what a run's page reads of the analysis on every uncached request, without parsing JSON, and
/// the splits of one unit without the other's. Lossless: decoding gives back an equal analysis.
///
/// The summary is not in it: it is the run's own summary (`summary_json`, ``RunRecord/summary``),
/// written from the same ``RunCore/RunAnalysis/summary`` in the same statement; the reader puts it
/// back (``decode(_:summary:splits:)``).
///
/// Layout (little-endian; `v` a LEB128 varint, `z` a zigzag varint, `d` a Float64, `b` a byte
/// 0/1, `t` a text — see `PackedBytes.swift`): `RAN1`; per unit, kilometre then mile, the byte
/// length of its splits `v` (so the other unit is skipped unread), their count `v` and per split
/// index `z`, distance, elapsed and moving time `d d d`, elevation change and heart rate each
/// `b` (and `d` when 1), partial `b`; best efforts: count `v`, then `d d d d` each (distance,
/// elapsed time, start distance, start time); heart-rate zones `b`, then lower bounds and seconds
/// in zone (count `v`, `d` each) and seconds below `d`; the clean-up's entries: count `v`, then kind
/// `t` (its raw value), count `z`, places (count `v`, `t` each); the notes: count `v`, then code,
/// severity and message `t t t`, line and column (`b`, then `z` when 1), count `z`.
///
/// A 96 km run's analysis: 37 kB of JSON, 2.7 million instructions to decode; packed, 7.3 kB read in under 0.1 million.
package enum PackedAnalysis {
    private static let magic: [UInt8] = Array("RAN1".utf8)
    private static let what = "a packed analysis"
    /// The version of this layout: a stored one of another version is not used (the JSON is read).
    package static let version = 1

    /// Packs an analysis (all but its summary).
    package static func encode(_ analysis: RunAnalysis) -> [UInt8] {
        var out = PackedBytesWriter(magic, capacity: 64 * (analysis.splitsPerKilometer.count + analysis.splitsPerMile.count) + 1024)
        for splits in [analysis.splitsPerKilometer, analysis.splitsPerMile] {
            var part = PackedBytesWriter([], capacity: 64 * splits.count + 8)
            part.count(splits.count)
            for split in splits { part.split(split) }
            out.count(part.bytes.count)
            out.bytes += part.bytes
        }
        out.count(analysis.bestEfforts.count)
        for effort in analysis.bestEfforts {
            for value in [effort.distanceMeters, effort.elapsedTimeSeconds, effort.startDistanceMeters, effort.startTimeSeconds] { out.double(value) }
        }
        out.bool(analysis.heartRateZones != nil)
        if let zones = analysis.heartRateZones {
            out.doubles(zones.lowerBoundsBPM)
            out.doubles(zones.secondsInZone)
            out.double(zones.secondsBelowZones)
        }
        out.count(analysis.cleanup.entries.count)
        for entry in analysis.cleanup.entries {
            out.text(entry.kind.rawValue)
            out.int(entry.count)
            out.count(entry.places.count)
            for place in entry.places { out.text(place) }
        }
        out.count(analysis.notes.count)
        for note in analysis.notes {
            out.text(note.code)
            out.text(note.severity.rawValue)
            out.text(note.message)
            out.optionalInt(note.line)
            out.optionalInt(note.column)
            out.int(note.count)
        }
        return out.bytes
    }

    /// Unpacks an analysis.
    /// - Parameters:
    ///   - summary: the run's summary (the analysis' own, stored beside it).
    ///   - splits: the units whose splits are read; the others are left empty, unread.
    /// - Throws: ``StoredDataError`` for bytes that are not a packed analysis.
    /// - Complexity: O(*k*) in the values read.
    package static func decode(_ data: [UInt8], summary: ActivitySummary, splits units: SplitUnits = .all) throws -> RunAnalysis {
        var input = PackedBytesReader(data, what: what)
        guard data.starts(with: magic) else { throw StoredDataError("not a packed analysis") }
        try input.skip(magic.count)
        var analysis = RunAnalysis(summary: summary)
        for unit in [SplitUnits.perKilometer, .perMile] {
            let length = try input.count()
            guard units.contains(unit) else { try input.skip(length); continue }
            let end = input.offset + length
            var splits: [Split] = []
            let count = try input.count()
            guard count <= length / 28 else { throw input.failure("has more splits than bytes") }
            splits.reserveCapacity(count)
            for _ in 0..<count { splits.append(try input.split()) }
            guard input.offset == end else { throw input.failure("has splits of another length than it says") }
            if unit == .perKilometer { analysis.splitsPerKilometer = splits } else { analysis.splitsPerMile = splits }
        }
        for _ in 0..<(try input.count()) {
            analysis.bestEfforts.append(BestEffort(distanceMeters: try input.double(), elapsedTimeSeconds: try input.double(),
                                                   startDistanceMeters: try input.double(), startTimeSeconds: try input.double()))
        }
        if try input.bool() {
            analysis.heartRateZones = HeartRateZoneTimes(lowerBoundsBPM: try input.doubles(), secondsInZone: try input.doubles(),
                                                         secondsBelowZones: try input.double())
        }
        var entries: [CleanupReport.Entry] = []
        for _ in 0..<(try input.count()) {
            let name = try input.text()
            guard let kind = CleanupReport.Kind(rawValue: name) else { throw input.failure("has an unknown clean-up kind \(name)") }
            let count = try input.int()
            let places = try (0..<(try input.count())).map { _ in try input.text() }
            entries.append(CleanupReport.Entry(kind: kind, count: count, places: places))
        }
        analysis.cleanup = CleanupReport(entries: entries)
        for _ in 0..<(try input.count()) {
            let code = try input.text(), severityName = try input.text(), message = try input.text()
            guard let severity = Diagnostic.Severity(rawValue: severityName) else {
                throw input.failure("has an unknown severity \(severityName)")
            }
            analysis.notes.append(Diagnostic(code: code, severity: severity, message: message, line: try input.optionalInt(),
                                             column: try input.optionalInt(), count: try input.int()))
        }
        guard input.isAtEnd else { throw input.failure("has bytes after its end") }
        return analysis
    }
}

extension PackedBytesWriter {
    mutating func split(_ split: Split) {
        int(split.index)
        double(split.distanceMeters)
        double(split.elapsedTimeSeconds)
        double(split.movingTimeSeconds)
        optionalDouble(split.elevationChangeMeters)
        optionalDouble(split.averageHeartRateBPM)
        bool(split.isPartial)
    }

    mutating func doubles(_ values: [Double]) {
        count(values.count)
        for value in values { double(value) }
    }

    mutating func optionalInt(_ value: Int?) {
        bool(value != nil)
        if let value { int(value) }
    }
}

extension PackedBytesReader {
    mutating func split() throws -> Split {
        Split(index: try int(), distanceMeters: try double(), elapsedTimeSeconds: try double(), movingTimeSeconds: try double(),
              elevationChangeMeters: try optionalDouble(), averageHeartRateBPM: try optionalDouble(), isPartial: try bool())
    }

    mutating func doubles() throws -> [Double] {
        let count = try count()
        guard count <= remaining / 8 else { throw failure("ends early") }
        return try (0..<count).map { _ in try double() }
    }

    mutating func optionalInt() throws -> Int? { try bool() ? try int() : nil }
}
