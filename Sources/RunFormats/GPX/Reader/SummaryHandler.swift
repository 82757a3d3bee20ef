package import RunCore

/// A ``GPXContentHandler`` that analyses a run as its points stream past, keeping only the
/// columns the analysis needs (``TimelineBuilder``), never the model or the file's text.
package final class SummaryHandler: GPXContentHandler {
    private var builder = TimelineBuilder(sport: .inferred(SportEvidence(), AnalysisPreferences()))
    private let parameters: AnalysisParameters?
    private let preferences: AnalysisPreferences
    private var statedTypes: [String] = [], trackNames: [String] = [], metadataNames: [String] = []
    private var routeTypes: [String] = [], routeNames: [String] = []
    private let fileName: String?
    private var trackCount = 0
    private var routeTotals = RouteTotals()
    /// Route points, kept (routes are small) in case the file has no track points: then its
    /// numbers are the routes'.
    private var routePoints: [[RoutePoint]] = []
    private var trackPointCount = 0
    private var firstRouteName: String?
    private var waypointCount = 0
    /// The GPX `creator`.
    package private(set) var creator: String?
    /// The first non-empty track name, else the metadata name.
    package private(set) var name: String?
    private var metadataName: String?

    /// - Parameters:
    ///   - parameters: the analysis parameters; nil chooses them from the sport the file states or
    ///     that is inferred (``SportInference``) and `preferences`.
    ///   - fileName: the file's name, evidence for the sport.
    package init(parameters: AnalysisParameters? = nil, preferences: AnalysisPreferences = AnalysisPreferences(), fileName: String? = nil) {
        self.parameters = parameters
        self.preferences = preferences
        self.fileName = fileName
    }

    package func gpxDidStart(version: GPXVersion, creator: String?) {
        self.creator = creator
    }
    package func gpxDidRead(metadata: Metadata) {
        metadataName = metadata.name
        metadataNames = [metadata.name, metadata.keywords].compactMap { $0 }
    }
    package func gpxDidRead(waypoint: Waypoint) { waypointCount += 1 }
    package func gpxDidStartRoute() {
        routeTotals.beginRoute()
        routePoints.append([])
    }
    package func gpxDidRead(routePoint: RoutePoint) {
        routeTotals.add(routePoint)
        routePoints[routePoints.count - 1].append(routePoint)
    }
    package func gpxDidEndRoute(_ route: Route) {
        routeTotals.routeCount += 1
        if firstRouteName == nil, let n = route.name, !n.isEmpty { firstRouteName = n }
        if let n = route.name, !n.isEmpty { routeNames.append(n) }
        if let type = route.type { routeTypes.append(type) }
    }
    package func gpxDidStartTrack() {
        trackCount += 1
        builder.beginTrack()
    }
    package func gpxDidStartSegment(track: Track) { builder.beginSegment() }
    package func gpxDidRead(trackPoint: TrackPoint) {
        trackPointCount += 1
        builder.add(trackPoint)
    }
    package func gpxDidEndSegment(extensions: [XMLFragment]) { builder.endSegment() }
    package func gpxDidEndTrack(_ track: Track) {
        if let type = track.type { statedTypes.append(type) }
        if let n = track.name, !n.isEmpty {
            trackNames.append(n)
            if name == nil { name = n }
        }
    }

    /// The analysis of the document read.
    package var analysis: RunAnalysis {
        // The same evidence, in the same order, as SportEvidence(activity:fileName:) finds in the model.
        let evidence = SportEvidence(statedTypes: statedTypes + routeTypes, names: trackNames + routeNames + metadataNames + [fileName].compactMap { $0 },
                                     creator: creator)
        let choice: TimelineBuilder.SportChoice = parameters.map { .fixed($0) } ?? .inferred(evidence, preferences)
        guard trackPointCount > 0 || routePoints.allSatisfy(\.isEmpty) else {
            // Routes only: measured as ActivityAnalyzer measures them, as tracks.
            var routes = Activity(routes: routePoints.map { Route(points: $0) }).routesAsTracks
            routes.creator = creator   // the device's elevation hint, as for the model
            var result = ActivityAnalyzer.analyze(TimelineBuilder.timeline(of: routes, sport: choice), routes: routeTotals,
                                                  waypointCount: waypointCount)
            result.summary.countingRoutesOnly(trackCount: trackCount)
            result.summary.sourceFormat = .gpx
            return result
        }
        var result = ActivityAnalyzer.analyze(builder.finish(sport: choice, device: creator), routes: routeTotals, waypointCount: waypointCount)
        result.summary.trackCount = max(result.summary.trackCount, trackCount)
        result.summary.sourceFormat = .gpx
        return result
    }

    /// The headline numbers of the document read.
    package var summary: ActivitySummary { analysis.summary }

    /// The name of the run: first track's name, else metadata name, else first route's name.
    package var displayName: String? {
        name ?? metadataName.flatMap { $0.isEmpty ? nil : $0 } ?? firstRouteName
    }
}
