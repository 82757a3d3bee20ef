public import RunCore

/// A ``GPXContentHandler`` that keeps everything: builds the whole ``Activity``.
public final class ActivityBuilder: GPXContentHandler {
    /// The activity read so far; complete once the reader has finished.
    public private(set) var activity = Activity()
    private var segments: [TrackSegment] = []
    private var points: [TrackPoint] = []

    public init() {}

    public func gpxDidStart(version: GPXVersion, creator: String?) {
        activity.gpxVersion = version
        activity.creator = creator
    }

    public func gpxDidRead(metadata: Metadata) { activity.metadata = metadata }
    public func gpxDidRead(waypoint: Waypoint) { activity.waypoints.append(waypoint) }
    public func gpxDidRead(route: Route) { activity.routes.append(route) }
    public func gpxDidStartTrack() { segments = [] }
    public func gpxDidStartSegment(track: Track) { points = [] }
    public func gpxDidRead(trackPoint: TrackPoint) { points.append(trackPoint) }

    public func gpxDidEndSegment(extensions: [XMLFragment]) {
        var segment = TrackSegment(points: points)
        segment.extensions = extensions
        segments.append(segment)
        points = []
    }

    public func gpxDidEndTrack(_ track: Track) {
        var complete = track
        complete.segments = segments
        activity.tracks.append(complete)
        segments = []
    }

    public func gpxDidEnd(extensions: [XMLFragment]) { activity.extensions = extensions }
}
