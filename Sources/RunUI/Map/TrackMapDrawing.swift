package import RunCore

/// A run's map drawn as SVG on the server: the track simplified to the drawing's resolution
/// (Douglas–Peucker with a tolerance of one pixel in metres), in Web Mercator over the region,
/// the markers by category, and a scale bar. No tiles: it works offline. Colours come from the
/// page's style sheet (class names `map`, `track`, `marker-…`, `scale`), so light and dark
/// themes apply.
package struct TrackMapDrawing: Sendable {
    package let svg: String
    /// The marker categories drawn, in order of first appearance, with their legend titles.
    package let legend: [(category: String, title: String)]
    /// How many track points the line has after simplification.
    package let drawnPointCount: Int

    /// - Parameters:
    ///   - region: the map's view (from ``RunCore/RegionFitter/fitTrack(_:)``).
    ///   - width, height: the drawing's size in pixels (SVG user units; it scales with the page).
    /// - Complexity: O(n log n) for the simplification of n points, typical tracks.
    package init(track: RunTrack, region: MapRegion, width: Double = TrackSketch.mapWidthPixels,
                 height: Double = TrackSketch.mapHeightPixels, formatter: DisplayFormatter) {
        let projection = MapProjection(region: region, width: width, height: height)
        let tolerance = projection.metersPerPixel
        let lines = track.pieces.filter { $0.count > 1 }.map { piece in
            let coordinates = piece.map(track.coordinate(at:))
            return TrackSimplifier.douglasPeucker(coordinates, toleranceMeters: tolerance).map { coordinates[$0] }
        }
        self.init(lines: lines, markers: track.markers(units: formatter.units), projection: projection, formatter: formatter)
    }

    /// The same drawing from a run's stored sketch, without its points: nil when the sketch does
    /// not hold what this drawing needs — its lines' floor above this map's pixel (a smaller
    /// region or map than it was made for), or no distance markers for the units.
    /// - Complexity: O(k) in the sketch's stored points.
    package init?(sketch: TrackSketch, region: MapRegion, width: Double = TrackSketch.mapWidthPixels,
                  height: Double = TrackSketch.mapHeightPixels, formatter: DisplayFormatter) {
        let projection = MapProjection(region: region, width: width, height: height)
        let tolerance = projection.metersPerPixel
        guard sketch.lines.isEmpty || tolerance >= sketch.lineFloorMeters, let markers = sketch.markers(units: formatter.units) else {
            return nil
        }
        self.init(lines: sketch.lines.map { $0.points(toleranceMeters: tolerance) }, markers: markers, projection: projection,
                  formatter: formatter)
    }

    /// Draws lines already simplified to the projection's pixel, and the markers.
    private init(lines: [[Coordinate]], markers: [MapMarker], projection: MapProjection, formatter: DisplayFormatter) {
        let width = projection.width, height = projection.height
        let strings = formatter.strings
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
            + "role=\"img\" aria-label=\"\(MarkupText.escape(strings.map))\">"
        svg += "<rect class=\"map-background\" width=\"\(Int(width))\" height=\"\(Int(height))\"/>"
        // The line, piece by piece, simplified to a pixel, and the markers: hundreds of points, written as bytes.
        var drawn = 0
        var out = MarkupWriter(capacity: lines.reduce(0) { $0 + $1.count } * 14 + markers.count * 200 + 1024)
        out.append(markup: svg)
        out.append("<g class=\"track\">")
        for line in lines {
            drawn += line.count
            out.append("<polyline points=\"")
            for (n, coordinate) in line.enumerated() {
                let p = projection.point(coordinate)
                if n > 0 { out.append(byte: UInt8(ascii: " ")) }
                out.append(number: p.x)
                out.append(byte: UInt8(ascii: ","))
                out.append(number: p.y)
            }
            out.append("\"/>")
        }
        out.append("</g>")
        // Markers, by category.
        var legend: [(String, String)] = []
        out.append("<g class=\"markers\">")
        let points = markers.map { projection.point($0.coordinate) }
        func isShown(_ p: (x: Double, y: Double)) -> Bool { p.x >= -10 && p.x <= width + 10 && p.y >= -10 && p.y <= height + 10 }
        for (marker, p) in zip(markers, points) where isShown(p) && !legend.contains(where: { $0.0 == marker.category }) {
            legend.append((marker.category, Self.legendTitle(marker, formatter: formatter)))
        }
        // The start on top: on a loop the finish and the last distance marker land on it.
        let order = markers.indices.filter { markers[$0].kind != .start } + markers.indices.filter { markers[$0].kind == .start }
        for index in order where isShown(points[index]) {
            let marker = markers[index], p = points[index]
            out.append("<g class=\"marker marker-")
            out.append(text: marker.category)
            out.append("\" transform=\"translate(")
            out.append(number: p.x)
            out.append(byte: UInt8(ascii: ","))
            out.append(number: p.y)
            out.append(")\"><title>")
            out.append(text: Self.title(marker, formatter: formatter))
            out.append("</title>")
            out.append(markup: Self.shape(marker))
            out.append("</g>")
        }
        out.append("</g>")
        // Scale bar, bottom left.
        let bar = ScaleBar(metersPerPixel: projection.metersPerPixel, maximumPixels: width / 4, units: formatter.units, formatter: formatter)
        out.append(markup: "<g class=\"scale\" transform=\"translate(16,\(Int(height) - 16))\">"
            + "<path d=\"M0 -6 V0 H\(MarkupText.number(bar.pixels)) V-6\"/><text x=\"0\" y=\"-10\">\(MarkupText.escape(bar.label))</text></g>")
        out.append("</svg>")
        self.svg = out.text
        self.legend = legend
        drawnPointCount = drawn
    }

    private static func shape(_ marker: MapMarker) -> String {
        switch marker.kind {
        case .start: return "<circle r=\"7\"/><path d=\"M-2 -4 L4 0 L-2 4 Z\" class=\"glyph\"/>"
        case .finish: return "<rect x=\"-7\" y=\"-7\" width=\"14\" height=\"14\"/><path d=\"M-7 -7 h7 v7 h7 v7 h-7 v-7 h-7 Z\" class=\"glyph\"/>"
        case .distance: return "<circle r=\"9\"/><text y=\"3.5\">\(MarkupText.escape(marker.label))</text>"
        case .pause: return "<circle r=\"7\"/><path d=\"M-3 -4 V4 M3 -4 V4\" class=\"glyph\"/>"
        case .waypoint:
            let glyph = WaypointSymbol(gpxSymbol: marker.symbol).glyph
            return "<path d=\"M0 -10 L8 0 L0 10 L-8 0 Z\"/><text y=\"3.5\">\(MarkupText.escape(glyph))</text>"
        }
    }

    private static func title(_ marker: MapMarker, formatter: DisplayFormatter) -> String {
        switch marker.kind {
        case .start: return formatter.strings.markerStart
        case .finish: return formatter.strings.markerFinish
        case .distance: return "\(marker.label) \(formatter.units.distanceUnitSymbol)"
        case .pause: return formatter.strings.markerPause
        case .waypoint:
            let name = marker.label.isEmpty ? formatter.strings.markerWaypoint : marker.label
            return marker.symbol.map { "\(name) (\($0))" } ?? name
        }
    }

    private static func legendTitle(_ marker: MapMarker, formatter: DisplayFormatter) -> String {
        switch marker.kind {
        case .start: return formatter.strings.markerStart
        case .finish: return formatter.strings.markerFinish
        case .distance: return formatter.strings.markerEachDistance(formatter.units.distanceUnitSymbol)
        case .pause: return formatter.strings.markerPause
        case .waypoint: return formatter.strings.markerWaypoint + (marker.symbol.map { " (\($0))" } ?? "")
        }
    }
}
