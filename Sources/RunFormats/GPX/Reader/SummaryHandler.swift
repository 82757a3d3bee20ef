public import RunCore

/// A ``GPXContentHandler`` that analyses a run as its points stream past, keeping only the
/// columns the analysis needs (``TimelineBuilder``), never the model or the file's text.
public final class SummaryHandler: GPXContentHandler {
    private var builder: TimelineBuilder?
    private var parameters: AnalysisParameters?
    private let preferences: AnalysisPreferences
    /// Tracks started before the first segment (empty tracks count as tracks too).
    private var pendingTracks = 0
    private var routeTotals = RouteTotals()
    private var firstRouteName: String?
    private var waypointCount = 0
    /// The GPX `creator`.
    public private(set) var creator: String?
    /// The first non-empty track name, else the metadata name.
    public private(set) var name: String?
    private var metadataName: String?

    /// - Parameter parameters: the analysis parameters; nil chooses them from the first track's
    ///   `<type>` and `preferences` (see ``ActivityAnalyzer/parameters(for:preferences:)``).
    public init(parameters: AnalysisParameters? = nil, preferences: AnalysisPreferences = AnalysisPreferences()) {
        self.parameters = parameters
        self.preferences = preferences
    }

    public func gpxDidStart(version: GPXVersion, creator: String?) { self.creator = creator }
    public func gpxDidRead(metadata: Metadata) { metadataName = metadata.name }
    public func gpxDidRead(waypoint: Waypoint) { waypointCount += 1 }
    public func gpxDidStartRoute() { routeTotals.beginRoute() }
    public func gpxDidRead(routePoint: RoutePoint) { routeTotals.add(routePoint) }
    public func gpxDidEndRoute(_ route: Route) {
        routeTotals.routeCount += 1
        if firstRouteName == nil, let n = route.name, !n.isEmpty { firstRouteName = n }
    }
    public func gpxDidStartTrack() {
        if builder == nil { pendingTracks += 1 } else { builder!.beginTrack() }
    }

    public func gpxDidStartSegment(track: Track) {
        if builder == nil {
            // The first segment: the parameters follow the sport of its track (GPX `<type>`).
            var created = TimelineBuilder(parameters: parameters ?? AnalysisParameters(sport: Sport.fromGPXType(track.type) ?? .running,
                                                                                      preferences: preferences))
            for _ in 0..<max(pendingTracks, 1) { created.beginTrack() }
            builder = created
        }
        builder!.beginSegment()
    }

    public func gpxDidRead(trackPoint: TrackPoint) { builder!.add(trackPoint) }
    public func gpxDidEndSegment(extensions: [XMLFragment]) { builder!.endSegment() }
    public func gpxDidEndTrack(_ track: Track) {
        if name == nil, let n = track.name, !n.isEmpty { name = n }
    }

    /// The analysis of the document read.
    public var analysis: RunAnalysis {
        let timeline = builder?.finish() ?? Timeline()
        let chosen = builder?.parameters ?? parameters ?? AnalysisParameters(sport: .running, preferences: preferences)
        var result = ActivityAnalyzer.analyze(timeline, routes: routeTotals, waypointCount: waypointCount, parameters: chosen)
        result.summary.trackCount = max(result.summary.trackCount, pendingTracks)
        return result
    }

    /// The headline numbers of the document read.
    public var summary: ActivitySummary { analysis.summary }

    /// The name of the run: first track's name, else metadata name, else first route's name.
    public var displayName: String? {
        name ?? metadataName.flatMap { $0.isEmpty ? nil : $0 } ?? firstRouteName
    }
}
