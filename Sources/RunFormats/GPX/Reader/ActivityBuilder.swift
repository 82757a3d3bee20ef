package import RunCore

/// A ``GPXContentHandler`` that keeps everything: builds the whole ``Activity``.
package final class ActivityBuilder: GPXContentHandler {
    /// The activity read so far; complete once the reader has finished.
    package private(set) var activity = Activity()
    private var segments: [TrackSegment] = []
    private var points: [TrackPoint] = []
    private var routePoints: [RoutePoint] = []

    package init() {}

    package func gpxDidStart(version: GPXVersion, creator: String?) {
        activity.sourceFormat = .gpx
        activity.gpxVersion = version
        activity.creator = creator
    }

    package func gpxDidRead(metadata: Metadata) { activity.metadata = metadata }
    package func gpxDidRead(waypoint: Waypoint) { activity.waypoints.append(waypoint) }
    package func gpxDidStartRoute() { routePoints = [] }
    package func gpxDidRead(routePoint: RoutePoint) { routePoints.append(routePoint) }
    package func gpxDidEndRoute(_ route: Route) {
        var complete = route
        complete.points = routePoints
        activity.routes.append(complete)
        routePoints = []
    }
    package func gpxDidStartTrack() { segments = [] }
    package func gpxDidStartSegment(track: Track) { points = [] }
    package func gpxDidRead(trackPoint: TrackPoint) { points.append(trackPoint) }

    package func gpxDidEndSegment(extensions: [XMLFragment]) {
        var segment = TrackSegment(points: points)
        segment.extensions = extensions
        segments.append(segment)
        points = []
    }

    package func gpxDidEndTrack(_ track: Track) {
        var complete = track
        complete.segments = segments
        activity.tracks.append(complete)
        segments = []
    }

    package func gpxDidEnd(extensions: [XMLFragment]) { activity.extensions = extensions }
}
