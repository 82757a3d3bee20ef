/// Which part of a file's activity a run is: the track points it takes (ranges of points, in
/// file coordinates), the waypoints, whether the routes come with it, and whether it is a route
/// (tracks without times) rather than an activity. Stored with each run cut from a file that holds
/// several, so that the run is read again from the one stored original the same way, whatever the
/// settings say later.
package struct ActivitySelection: Sendable, Hashable, Codable {
    /// Points `from..<to` of segment `segment` of track `track` (0-based, as in the file).
    package struct Span: Sendable, Hashable, Codable {
        package var track: Int
        package var segment: Int
        package var from: Int
        package var to: Int

        package init(track: Int, segment: Int, from: Int, to: Int) {
            self.track = track
            self.segment = segment
            self.from = from
            self.to = to
        }
    }

    package var spans: [Span]
    /// Indices of the file's waypoints that go with this part.
    package var waypoints: [Int]
    /// Whether the file's routes (`<rte>`) go with this part (the first part).
    package var includesRoutes: Bool
    /// Tracks without any time: a plan, never counted as an activity.
    package var isRoute: Bool
    /// Tracks taken whole, with everything they hold (records without position, laps, device
    /// totals): the sessions of a FIT or TCX file. nil for parts cut from GPX tracks.
    package var wholeTracks: [Int]?
    /// This part's place among the file's parts (0-based) and their number.
    package var index: Int
    package var count: Int

    package init(spans: [Span], waypoints: [Int] = [], includesRoutes: Bool = false, isRoute: Bool = false, index: Int = 0, count: Int = 1) {
        self.spans = spans
        self.waypoints = waypoints
        self.includesRoutes = includesRoutes
        self.isRoute = isRoute
        self.index = index
        self.count = count
    }
}

extension Activity {
    /// The part of the activity `selection` takes: its tracks (each with the segments, or pieces of
    /// segments, the spans take, in order; track fields kept), waypoints and routes; the file's
    /// header and metadata. Spans out of range (a different file) are cut to what exists.
    /// - Complexity: O(points taken).
    package func selecting(_ selection: ActivitySelection) -> Activity {
        var part = self
        if let whole = selection.wholeTracks {
            part.tracks = whole.filter { tracks.indices.contains($0) }.map { tracks[$0] }
            part.waypoints = selection.waypoints.filter { waypoints.indices.contains($0) }.map { waypoints[$0] }
            part.routes = selection.includesRoutes ? routes : []
            return part
        }
        part.tracks = []
        part.waypoints = selection.waypoints.filter { waypoints.indices.contains($0) }.map { waypoints[$0] }
        part.routes = selection.includesRoutes ? routes : []
        var lastTrack: Int?
        for span in selection.spans {
            guard tracks.indices.contains(span.track), tracks[span.track].segments.indices.contains(span.segment) else { continue }
            let source = tracks[span.track].segments[span.segment]
            let from = max(0, min(span.from, source.points.count)), to = max(from, min(span.to, source.points.count))
            var segment = TrackSegment(points: Array(source.points[from..<to]))
            if from == 0 && to == source.points.count { segment.extensions = source.extensions }
            if span.track != lastTrack {
                var track = tracks[span.track]
                track.segments = []
                part.tracks.append(track)
                lastTrack = span.track
            }
            part.tracks[part.tracks.count - 1].segments.append(segment)
        }
        return part
    }
}
