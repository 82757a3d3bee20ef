public import RunCore

/// A ``GPXContentHandler`` that keeps everything: builds the whole ``Activity``.
public final class ActivityBuilder: GPXContentHandler {
    /// The activity read so far; complete once the reader has finished.
    public private(set) var activity = Activity()
    private var segments: [TrackSegment] = []
    private var points: [TrackPoint] = []
    private var routePoints: [RoutePoint] = []

    public init() {}

    public func gpxDidStart(version: GPXVersion, creator: String?) {
        activity.sourceFormat = .gpx
        activity.gpxVersion = version
        activity.creator = creator
    }

    public func gpxDidRead(metadata: Metadata) { activity.metadata = metadata }
    public func gpxDidRead(waypoint: Waypoint) { activity.waypoints.append(waypoint) }
    public func gpxDidStartRoute() { routePoints = [] }
    public func gpxDidRead(routePoint: RoutePoint) { routePoints.append(routePoint) }
    public func gpxDidEndRoute(_ route: Route) {
        var complete = route
        complete.points = routePoints
        activity.routes.append(complete)
        routePoints = []
    }
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
