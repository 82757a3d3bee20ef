package import RunCore

/// Receives what the GPX reader finds, in document order, as it streams through the file.
///
/// Track points arrive one at a time, so a handler that does not keep them (a statistics pass)
/// uses memory independent of the file's size; so do route points. Metadata and waypoints arrive whole.
/// Every method has an empty default.
package protocol GPXContentHandler: AnyObject {
    /// The root element was read.
    func gpxDidStart(version: GPXVersion, creator: String?)
    func gpxDidRead(metadata: Metadata)
    func gpxDidRead(waypoint: Waypoint)
    /// A `<rte>` starts; its points follow one by one.
    func gpxDidStartRoute()
    func gpxDidRead(routePoint: RoutePoint)
    /// The current `<rte>` ends; `route` has its fields but no points (they were streamed).
    func gpxDidEndRoute(_ route: Route)
    /// A `<trk>` starts; its points follow.
    func gpxDidStartTrack()
    /// A `<trkseg>` starts; `track` has the fields of its `<trk>` read so far (GPX puts name, type
    /// and the rest before the segments).
    func gpxDidStartSegment(track: Track)
    func gpxDidRead(trackPoint: TrackPoint)
    /// The current `<trkseg>` ends; `extensions` are its extension elements.
    func gpxDidEndSegment(extensions: [XMLFragment])
    /// The current `<trk>` ends; `track` has its fields but no segments (they were streamed).
    func gpxDidEndTrack(_ track: Track)
    /// The document ends; `extensions` are the root's extension elements.
    func gpxDidEnd(extensions: [XMLFragment])
}

extension GPXContentHandler {
    package func gpxDidStart(version: GPXVersion, creator: String?) {}
    package func gpxDidRead(metadata: Metadata) {}
    package func gpxDidRead(waypoint: Waypoint) {}
    package func gpxDidStartRoute() {}
    package func gpxDidRead(routePoint: RoutePoint) {}
    package func gpxDidEndRoute(_ route: Route) {}
    package func gpxDidStartTrack() {}
    package func gpxDidStartSegment(track: Track) {}
    package func gpxDidRead(trackPoint: TrackPoint) {}
    package func gpxDidEndSegment(extensions: [XMLFragment]) {}
    package func gpxDidEndTrack(_ track: Track) {}
    package func gpxDidEnd(extensions: [XMLFragment]) {}
}
