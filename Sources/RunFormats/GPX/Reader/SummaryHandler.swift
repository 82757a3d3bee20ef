public import RunCore

/// A ``GPXContentHandler`` that computes the ``ActivitySummary`` as the points stream past,
/// keeping none of them: memory stays constant whatever the file's size.
public final class SummaryHandler: GPXContentHandler {
    private var accumulator: SummaryAccumulator
    private var routes: [Route] = []
    private var waypointCount = 0
    /// The GPX `creator`.
    public private(set) var creator: String?
    /// The first non-empty track name, else the metadata name.
    public private(set) var name: String?
    private var metadataName: String?

    public init(parameters: AnalysisParameters = AnalysisParameters()) {
        accumulator = SummaryAccumulator(parameters: parameters)
    }

    public func gpxDidStart(version: GPXVersion, creator: String?) { self.creator = creator }
    public func gpxDidRead(metadata: Metadata) { metadataName = metadata.name }
    public func gpxDidRead(waypoint: Waypoint) { waypointCount += 1 }
    public func gpxDidRead(route: Route) { routes.append(route) }
    public func gpxDidStartTrack() { accumulator.beginTrack() }
    public func gpxDidStartSegment() { accumulator.beginSegment() }
    public func gpxDidRead(trackPoint: TrackPoint) { accumulator.add(trackPoint) }
    public func gpxDidEndSegment(extensions: [XMLFragment]) { accumulator.endSegment() }
    public func gpxDidEndTrack(_ track: Track) {
        if name == nil, let n = track.name, !n.isEmpty { name = n }
    }

    /// The summary of the document read.
    public var summary: ActivitySummary {
        var copy = accumulator
        copy.add(routes: routes, waypointCount: waypointCount)
        return copy.result()
    }

    /// The name of the run: first track's name, else metadata name, else first route's name.
    public var displayName: String? {
        name ?? metadataName.flatMap { $0.isEmpty ? nil : $0 } ?? routes.lazy.compactMap(\.name).first
    }
}
