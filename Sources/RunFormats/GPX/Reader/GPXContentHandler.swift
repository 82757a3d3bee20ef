public import RunCore

/// Receives what the GPX reader finds, in document order, as it streams through the file.
///
/// Track points arrive one at a time, so a handler that does not keep them (a statistics pass)
/// uses memory independent of the file's size; so do route points. Metadata and waypoints arrive whole.
/// Every method has an empty default.
public protocol GPXContentHandler: AnyObject {
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
    public func gpxDidStart(version: GPXVersion, creator: String?) {}
    public func gpxDidRead(metadata: Metadata) {}
    public func gpxDidRead(waypoint: Waypoint) {}
    public func gpxDidStartRoute() {}
    public func gpxDidRead(routePoint: RoutePoint) {}
    public func gpxDidEndRoute(_ route: Route) {}
    public func gpxDidStartTrack() {}
    public func gpxDidStartSegment(track: Track) {}
    public func gpxDidRead(trackPoint: TrackPoint) {}
    public func gpxDidEndSegment(extensions: [XMLFragment]) {}
    public func gpxDidEndTrack(_ track: Track) {}
    public func gpxDidEnd(extensions: [XMLFragment]) {}
}
