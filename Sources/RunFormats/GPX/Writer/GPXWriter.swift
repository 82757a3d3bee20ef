package import RunCore

/// Writes GPX 1.1 that validates against the official schema (`gpx.xsd`) and Garmin's extension
/// schemas, streaming: the document goes out in pieces as the caller hands over its parts.
///
/// - Deterministic: the same activity gives the same bytes (nothing is added from the clock).
/// - Numbers: at most 15 significant digits, `.` as decimal point, no exponent; longitudes in
///   [-180, 180). Times: UTC, `Z`, with a fraction only where the source had one (at most milliseconds).
/// - Heart rate, cadence, temperatures, depth, and GPX 1.0's speed and course go into Garmin's
///   TrackPointExtension v2; power into Garmin's PowerExtension v1. Other extension elements are
///   written back verbatim with their namespaces.
/// - A value the schema cannot hold (a `fix` of "something", a heart rate of 0, an extension
///   element in the GPX namespace) is left out and reported in ``diagnostics``; it stays in the
///   stored original.
///
/// Call order: ``begin(_:)``, then waypoints, routes, and tracks (``beginTrack(_:)``,
/// ``beginSegment()``, ``write(trackPoint:)``…, ``endSegment(extensions:)``, ``endTrack()``), then
/// ``end(extensions:)``. Or ``write(_:to:)`` for a whole activity.
package final class GPXWriter {
    private var out: XMLByteWriter
    private var notes = DiagnosticCollector()

    package static let trackPointExtensionURI = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
    package static let powerExtensionURI = "http://www.garmin.com/xmlschemas/PowerExtension/v1"

    package init(output: any ByteOutput) {
        out = XMLByteWriter(output: output)
    }

    /// Values that could not be written validly and were left out.
    package var diagnostics: [Diagnostic] { notes.diagnostics }

    /// Writes a whole activity.
    /// - Returns: what was left out (see ``diagnostics``).
    /// - Throws: what the output throws.
    @discardableResult
    package static func write(_ activity: Activity, to output: any ByteOutput) throws -> [Diagnostic] {
        let writer = GPXWriter(output: output)
        try writer.begin(activity)
        for waypoint in activity.waypoints { try writer.write(waypoint: waypoint) }
        for route in activity.routes { try writer.write(route: route) }
        for track in activity.tracks {
            try writer.beginTrack(track)
            for segment in track.segments {
                writer.beginSegment()
                for point in segment.points { try writer.write(trackPoint: point) }
                try writer.endSegment(extensions: segment.extensions)
            }
            try writer.endTrack()
        }
        try writer.end(extensions: activity.extensions)
        return writer.diagnostics
    }

    // MARK: - Document

    /// Writes the XML declaration, the `<gpx>` root and `<metadata>` (waypoints, routes and tracks
    /// of `activity` are not written: pass them separately).
    package func begin(_ activity: Activity) throws {
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\"")
        out.attribute("creator", activity.creator.flatMap { $0.isEmpty ? nil : $0 } ?? "runlog")
        out.raw(" xmlns=\"http://www.topografix.com/GPX/1/1\"")
        out.raw(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        out.raw(" xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\"")
        out.raw(" xmlns:gpxpx=\"http://www.garmin.com/xmlschemas/PowerExtension/v1\"")
        out.raw(" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd")
        out.raw(" http://www.garmin.com/xmlschemas/TrackPointExtension/v2 http://www.garmin.com/xmlschemas/TrackPointExtensionv2.xsd")
        out.raw(" http://www.garmin.com/xmlschemas/PowerExtension/v1 http://www.garmin.com/xmlschemas/PowerExtensionv1.xsd\">\n")
        writeMetadata(activity.metadata)
        try out.flushIfNeeded()
    }

    /// Writes the root's extensions and closes the document; flushes the output.
    package func end(extensions: [XMLFragment]) throws {
        writeExtensions(extensions, indent: " ")
        out.raw("</gpx>\n")
        try out.flush()
    }

    private func writeMetadata(_ metadata: Metadata) {
        guard !metadata.isEmpty else { return }
        out.raw(" <metadata>")
        if let name = metadata.name { out.element("name", text: name) }
        if let desc = metadata.description { out.element("desc", text: desc) }
        if let author = metadata.author {
            out.raw("<author>")
            if let name = author.name { out.element("name", text: name) }
            if let email = author.email {
                let parts = email.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
                out.raw("<email")
                out.attribute("id", String(parts[0]))
                out.attribute("domain", parts.count > 1 ? String(parts[1]) : "")
                out.raw("/>")
            }
            if let link = author.link { writeLink(link) }
            out.raw("</author>")
        }
        if let copyright = metadata.copyright {
            out.raw("<copyright")
            out.attribute("author", copyright.author)
            out.raw(">")
            if let year = copyright.year {
                if (1...9999).contains(year) {
                    out.raw("<year>")
                    let digits = String(year)
                    out.raw(String(repeating: "0", count: max(0, 4 - digits.count)) + digits)
                    out.raw("</year>")
                } else {
                    notes.add("copyrightYear", "a copyright year of \(year) cannot be written as xsd:gYear; left out")
                }
            }
            if let license = copyright.license { out.element("license", text: license) }
            out.raw("</copyright>")
        }
        for link in metadata.links { writeLink(link) }
        if let time = metadata.timeSeconds { out.element("time", time: time, fractionDigits: fractionDigits(of: time)) }
        if let keywords = metadata.keywords { out.element("keywords", text: keywords) }
        if let b = metadata.bounds {
            if (-90...90).contains(b.minLatitude), (-90...90).contains(b.maxLatitude) {
                out.raw("<bounds")
                out.attribute("minlat", number: b.minLatitude)
                out.attribute("minlon", number: Self.writableLongitude(b.minLongitude))
                out.attribute("maxlat", number: b.maxLatitude)
                out.attribute("maxlon", number: Self.writableLongitude(b.maxLongitude))
                out.raw("/>")
            } else {
                notes.add("bounds", "metadata bounds with a latitude outside [-90, 90] cannot be written; left out")
            }
        }
        writeExtensions(metadata.extensions, indent: "")
        out.raw("</metadata>\n")
    }

    // MARK: - Waypoints and routes

    /// Writes a `<wpt>`.
    package func write(waypoint: Waypoint) throws {
        out.raw(" ")
        writePoint(waypoint, element: "wpt")
        out.raw("\n")
        try out.flushIfNeeded()
    }

    /// Writes a `<rte>` with its points.
    package func write(route: Route) throws {
        out.raw(" <rte>")
        writeHeader(name: route.name, comment: route.comment, description: route.description, source: route.source,
                    links: route.links, number: route.number, type: route.type, extensions: route.extensions)
        out.raw("\n")
        for point in route.points {
            out.raw("  ")
            writePoint(point, element: "rtept")
            out.raw("\n")
            try out.flushIfNeeded()
        }
        out.raw(" </rte>\n")
    }

    // MARK: - Tracks

    /// Opens a `<trk>` and writes its fields (its segments are not written: pass them separately).
    package func beginTrack(_ track: Track) throws {
        out.raw(" <trk>")
        writeHeader(name: track.name, comment: track.comment, description: track.description, source: track.source,
                    links: track.links, number: track.number, type: track.type, extensions: track.extensions)
        out.raw("\n")
    }

    package func beginSegment() {
        out.raw("  <trkseg>\n")
    }

    /// Writes one `<trkpt>`.
    package func write(trackPoint: TrackPoint) throws {
        out.raw("   ")
        writePoint(trackPoint, element: "trkpt")
        out.raw("\n")
        try out.flushIfNeeded()
    }

    package func endSegment(extensions: [XMLFragment]) throws {
        writeExtensions(extensions, indent: "   ")
        out.raw("  </trkseg>\n")
        try out.flushIfNeeded()
    }

    package func endTrack() throws {
        out.raw(" </trk>\n")
        try out.flushIfNeeded()
    }

    // MARK: - Pieces

    private func writeHeader(name: String?, comment: String?, description: String?, source: String?, links: [Link],
                             number: Int?, type: String?, extensions: [XMLFragment]) {
        if let name { out.element("name", text: name) }
        if let comment { out.element("cmt", text: comment) }
        if let description { out.element("desc", text: description) }
        if let source { out.element("src", text: source) }
        for link in links { writeLink(link) }
        if let number {
            if number >= 0 { out.element("number", integer: number) } else { notes.add("number", "a negative <number> (\(number)) cannot be written; left out") }
        }
        if let type { out.element("type", text: type) }
        writeExtensions(extensions, indent: "")
    }

    private func writeLink(_ link: Link) {
        out.raw("<link")
        out.attribute("href", URIText.anyURI(link.href))
        out.raw(">")
        if let text = link.text { out.element("text", text: text) }
        if let type = link.type { out.element("type", text: type) }
        out.raw("</link>")
    }

    /// Times keep at most milliseconds: a `Double` holds present-day instants to about 0.24 µs, so
    /// a sixth digit would not always be the source's.
    static let maximumFractionDigits = 3

    private static let fixValues: Set<String> = ["none", "2d", "3d", "dgps", "pps"]

    private func writePoint(_ point: TrackPoint, element: StaticString) {
        out.raw("<"); out.raw(element)
        out.attribute("lat", number: point.latitude)
        out.attribute("lon", number: Self.writableLongitude(point.longitude))
        out.raw(">")
        if let ele = point.elevationMeters { out.element("ele", number: ele) }
        if let time = point.timeSeconds {
            out.element("time", time: time, fractionDigits: min(Int(point.timeFractionDigits), Self.maximumFractionDigits))
        }
        let details = point.details
        if let d = details {
            if let magvar = d.magneticVariationDegrees {
                let value = Self.roundedForWriting(magvar)
                if value >= 0 && value < 360 {
                    out.element("magvar", number: value)
                } else if value == 360 {
                    out.element("magvar", number: 0)
                } else {
                    notes.add("magvar", "a <magvar> outside [0, 360) cannot be written; left out")
                }
            }
            if let geoid = d.geoidHeightMeters { out.element("geoidheight", number: geoid) }
            if let name = d.name { out.element("name", text: name) }
            if let cmt = d.comment { out.element("cmt", text: cmt) }
            if let desc = d.description { out.element("desc", text: desc) }
            if let src = d.source { out.element("src", text: src) }
            for link in d.links { writeLink(link) }
            if let sym = d.symbol { out.element("sym", text: sym) }
            if let type = d.type { out.element("type", text: type) }
            if let fix = d.fix {
                if Self.fixValues.contains(fix) { out.element("fix", text: fix) } else { notes.add("fix", "a <fix> of \"\(fix)\" is not one of none, 2d, 3d, dgps, pps; left out") }
            }
            if let sat = d.satellites {
                if sat >= 0 { out.element("sat", integer: sat) } else { notes.add("sat", "a negative <sat> cannot be written; left out") }
            }
            if let hdop = d.hdop { out.element("hdop", number: hdop) }
            if let vdop = d.vdop { out.element("vdop", number: vdop) }
            if let pdop = d.pdop { out.element("pdop", number: pdop) }
            if let age = d.ageOfDGPSDataSeconds { out.element("ageofdgpsdata", number: age) }
            if let id = d.dgpsStationID {
                if (0...1023).contains(id) { out.element("dgpsid", integer: id) } else { notes.add("dgpsid", "a <dgpsid> outside 0…1023 cannot be written; left out") }
            }
        }
        writePointExtensions(point, details)
        out.raw("</"); out.raw(element); out.raw(">")
    }

    private func writePointExtensions(_ point: TrackPoint, _ details: PointDetails?) {
        // TrackPointExtension v2 children in schema order: atemp, wtemp, depth, hr, cad, speed, course.
        var tpe: [UInt8] = []
        func add(_ name: StaticString, _ text: () -> Void) {
            tpe.append(contentsOf: "<gpxtpx:".utf8)
            tpe.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            tpe.append(UInt8(ascii: ">"))
            text()
            tpe.append(contentsOf: "</gpxtpx:".utf8)
            tpe.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            tpe.append(UInt8(ascii: ">"))
        }
        // Temperatures are held as 32-bit floats: printed with the 7 digits they keep (21.3, not 21.2999992370605).
        if let t = point.airTemperatureCelsius { add("atemp") { DecimalText.append(t, significantDigits: 7, to: &tpe) } }
        if let t = details?.waterTemperatureCelsius { add("wtemp") { DecimalText.append(t, to: &tpe) } }
        if let depth = details?.depthMeters { add("depth") { DecimalText.append(depth, to: &tpe) } }
        if let hr = point.heartRateBPM {
            let value = hr.rounded()
            if value != hr { notes.add("roundedToInteger", "heart rate, cadence or power values with a fraction were rounded to whole numbers (the extension schemas hold integers)") }
            if value >= 1 && value <= 255 {
                add("hr") { tpe.append(contentsOf: String(Int(value)).utf8) }
            } else {
                notes.add("heartRate", "a heart rate of \(DecimalText.format(hr)) bpm is outside TrackPointExtension's 1…255; left out")
            }
        }
        if let cad = point.cadenceRPM {
            let value = cad.rounded()
            if value != cad { notes.add("roundedToInteger", "heart rate, cadence or power values with a fraction were rounded to whole numbers (the extension schemas hold integers)") }
            if value >= 0 && value <= 254 {
                add("cad") { tpe.append(contentsOf: String(Int(value)).utf8) }
            } else {
                notes.add("cadence", "a cadence of \(DecimalText.format(cad)) is outside TrackPointExtension's 0…254; left out")
            }
        }
        if let speed = details?.speedMetersPerSecond { add("speed") { DecimalText.append(speed, to: &tpe) } }
        if let course = details?.courseDegrees {
            if course >= 0 && course <= 360 {
                add("course") { DecimalText.append(course, to: &tpe) }
            } else {
                notes.add("course", "a course outside [0, 360] cannot be written; left out")
            }
        }
        var power: Int?
        if let watts = details?.powerWatts {
            let value = watts.rounded()
            if value != watts { notes.add("roundedToInteger", "heart rate, cadence or power values with a fraction were rounded to whole numbers (the extension schemas hold integers)") }
            if value >= 0 && value <= 65_535 { power = Int(value) } else { notes.add("power", "a power of \(DecimalText.format(watts)) W is outside 0…65535; left out") }
        }
        let fragments = details?.extensions ?? []
        let writable = fragments.filter(isWritable)
        guard !tpe.isEmpty || power != nil || !writable.isEmpty else { return }
        out.raw("<extensions>")
        if !tpe.isEmpty {
            out.raw("<gpxtpx:TrackPointExtension>")
            out.raw(bytes: tpe)
            out.raw("</gpxtpx:TrackPointExtension>")
        }
        if let power {
            out.raw("<gpxpx:PowerInWatts>")
            out.raw(String(power))
            out.raw("</gpxpx:PowerInWatts>")
        }
        for fragment in writable { out.raw(fragment.xml) }
        out.raw("</extensions>")
    }

    private func writeExtensions(_ fragments: [XMLFragment], indent: StaticString) {
        let writable = fragments.filter(isWritable)
        guard !writable.isEmpty else { return }
        out.raw(indent)
        out.raw("<extensions>")
        for fragment in writable { out.raw(fragment.xml) }
        out.raw("</extensions>")
        if indent.utf8CodeUnitCount > 0 { out.raw("\n") }
    }

    /// GPX 1.1 allows only elements from other namespaces inside `<extensions>`, and a validator
    /// checks any GPX 1.1 element and any Garmin TrackPointExtension or PowerExtension element it
    /// meets inside one against their own schemas: a fragment holding them anywhere (misplaced
    /// copies; runlog writes these values itself, where they belong) is left out.
    private func isWritable(_ fragment: XMLFragment) -> Bool {
        let uri = fragment.namespaceURI ?? ""
        if uri.isEmpty || uri == "http://www.topografix.com/GPX/1/1" {
            notes.add("extensionInGPXNamespace.\(fragment.localName)",
                      "an extension element <\(fragment.localName)> \(uri.isEmpty ? "without a namespace" : "in the GPX 1.1 namespace") cannot be written in valid GPX 1.1; left out")
            return false
        }
        for reserved in Self.namespacesWrittenByRunlog where fragment.xml.contains(reserved) {
            notes.add("extensionWithReservedNamespace.\(fragment.localName)",
                      "an extension element <\(fragment.localName)> holds elements of \(reserved) out of place; left out")
            return false
        }
        return true
    }

    private static let namespacesWrittenByRunlog = [
        "http://www.topografix.com/GPX/1/1", trackPointExtensionURI, powerExtensionURI,
        "http://www.garmin.com/xmlschemas/TrackPointExtension/v1",
    ]

    /// A value rounded to the 15 significant digits the writer prints.
    static func roundedForWriting(_ value: Double) -> Double {
        DecimalText.parse(DecimalText.format(value)) ?? value
    }

    /// A longitude in [-180, 180) after rounding to the printed digits (179.9999999999999 prints as
    /// 180, which GPX 1.1 does not allow: it is −180).
    static func writableLongitude(_ longitude: Double) -> Double {
        let value = roundedForWriting(Coordinate.normalizedLongitude(longitude))
        return value >= 180 ? value - 360 : value
    }

    private func fractionDigits(of seconds: Double) -> Int {
        seconds == seconds.rounded(.down) ? 0 : 3
    }
}
