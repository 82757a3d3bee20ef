package import RunCore

/// Writes a run as GeoJSON (RFC 7946): a `FeatureCollection` with one `Point` feature per
/// waypoint, then one feature per route and per track.
///
/// - Geometry: a track of one segment is a `LineString`, of several (or one cut at the
///   antimeridian, §3.1.9) a `MultiLineString`; positions are `[longitude, latitude]` in WGS84
///   degrees (§3.1.1, §4), with the elevation in metres as a third number when every position of
///   the geometry has one. Segments of fewer than two points are left out (a LineString needs two
///   positions, §3.1.4) and reported. No `crs` member (§4).
/// - Numbers: at most 15 significant digits, no exponent, the same text as the GPX export writes.
/// - Properties: `kind` (`waypoint`, `route`, `track`), `name`, `description`, `type`, and for
///   waypoints `time` (ISO 8601 UTC). Lines carry **`coordTimes`**, the convention of Mapbox's
///   togeojson: the time of each position as ISO 8601 UTC text (null for a position without one),
///   an array for a LineString and an array of arrays, one per line, for a MultiLineString —
///   always the same shape as `coordinates`. Left out when no position has a time.
package enum GeoJSONWriter {
    /// Writes the activity.
    /// - Returns: what was left out (segments of fewer than two points).
    /// - Throws: what the output throws.
    @discardableResult
    package static func write(_ activity: Activity, to output: any ByteOutput) throws -> [Diagnostic] {
        var out = XMLByteWriter(output: output)
        var notes = DiagnosticCollector()
        out.raw("{\"type\":\"FeatureCollection\",\"features\":[")
        var first = true
        func begin() { out.raw(first ? "\n" : ",\n"); first = false }
        for waypoint in activity.waypoints {
            begin()
            out.raw("{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":")
            position(&out, GeoJSONLines.Position(longitude: GPXWriter.writableLongitude(waypoint.longitude), latitude: waypoint.latitude,
                                                  elevationMeters: waypoint.elevationMeters, timeSeconds: nil, timeFractionDigits: 0),
                     elevation: waypoint.elevationMeters != nil)
            out.raw("},\"properties\":{\"kind\":\"waypoint\"")
            text(&out, "name", waypoint.details?.name)
            text(&out, "description", waypoint.details?.description)
            text(&out, "type", waypoint.details?.type)
            if let time = waypoint.timeSeconds {
                out.raw(",\"time\":\"")
                UTCDateTime.append(seconds: time, fractionDigits: min(Int(waypoint.timeFractionDigits), GPXWriter.maximumFractionDigits),
                                   to: &out.buffer)
                out.raw("\"")
            }
            out.raw("}}")
            try out.flushIfNeeded()
        }
        for route in activity.routes {
            var lines = GeoJSONLines()
            lines.add(route.points)
            guard !lines.parts.isEmpty else { notes.add("shortRoute", "a route of fewer than two points is not a line; left out"); continue }
            begin()
            try feature(&out, lines, kind: "route", name: route.name, description: route.description, type: route.type)
        }
        for track in activity.tracks {
            var lines = GeoJSONLines()
            for segment in track.segments { lines.add(segment.points) }
            if lines.shortSegmentCount > 0 {
                for _ in 0..<lines.shortSegmentCount {
                    notes.add("shortSegment", "a track segment of fewer than two points is not a line; left out")
                }
            }
            guard !lines.parts.isEmpty else { continue }
            begin()
            try feature(&out, lines, kind: "track", name: track.name, description: track.description, type: track.type)
        }
        out.raw("\n]}\n")
        try out.flush()
        return notes.diagnostics
    }

    private static func feature(_ out: inout XMLByteWriter, _ lines: GeoJSONLines, kind: String, name: String?, description: String?,
                                type: String?) throws {
        let multi = lines.parts.count > 1
        let elevation = lines.hasElevations
        out.raw("{\"type\":\"Feature\",\"geometry\":{\"type\":\"")
        out.raw(multi ? "MultiLineString" : "LineString")
        out.raw("\",\"coordinates\":")
        try nested(&out, lines.parts, multi: multi) { out, p in position(&out, p, elevation: elevation) }
        out.raw("},\"properties\":{\"kind\":")
        out.raw(JSONValue.string(kind).text(pretty: false))
        text(&out, "name", name)
        text(&out, "description", description)
        text(&out, "type", type)
        if lines.hasTimes {
            out.raw(",\"coordTimes\":")
            try nested(&out, lines.parts, multi: multi) { out, p in
                guard let time = p.timeSeconds else { out.raw("null"); return }
                out.raw("\"")
                UTCDateTime.append(seconds: time, fractionDigits: p.timeFractionDigits, to: &out.buffer)
                out.raw("\"")
            }
        }
        out.raw("}}")
        try out.flushIfNeeded()
    }

    /// `[a,b,…]` for one part, `[[…],[…]]` for several.
    private static func nested(_ out: inout XMLByteWriter, _ parts: [[GeoJSONLines.Position]], multi: Bool,
                               _ item: (inout XMLByteWriter, GeoJSONLines.Position) -> Void) throws {
        if multi { out.raw("[") }
        for (p, part) in parts.enumerated() {
            if p > 0 { out.raw(",") }
            out.raw("[")
            for (i, position) in part.enumerated() {
                if i > 0 { out.raw(",") }
                item(&out, position)
                if i % 1024 == 1023 { try out.flushIfNeeded() }
            }
            out.raw("]")
        }
        if multi { out.raw("]") }
    }

    private static func position(_ out: inout XMLByteWriter, _ p: GeoJSONLines.Position, elevation: Bool) {
        out.raw("[")
        DecimalText.append(p.longitude, to: &out.buffer)
        out.raw(",")
        DecimalText.append(p.latitude, to: &out.buffer)
        if elevation, let ele = p.elevationMeters {
            out.raw(",")
            DecimalText.append(ele, to: &out.buffer)
        }
        out.raw("]")
    }

    private static func text(_ out: inout XMLByteWriter, _ key: StaticString, _ value: String?) {
        guard let value else { return }
        out.raw(",\"")
        out.raw(key)
        out.raw("\":")
        out.raw(JSONValue.string(value).text(pretty: false))  // runlog's one JSON string escaper
    }
}
