extension ActivityAnalyzer {
    /// The analysis of an activity and the sketch of its page (``TrackSketch``), from one clean-up:
    /// what import and reanalysis store together. The sketch equals
    /// `TrackSketch(activity:parameters:)` with the analysis' parameters, without cleaning the
    /// points a second time.
    /// - Parameters: as ``analyze(_:parameters:preferences:sport:fileName:)``.
    /// - Complexity: the analysis', plus O(*n* log *n*) for the sketch.
    package static func analyzeWithSketch(_ activity: Activity, parameters: AnalysisParameters? = nil,
                                          preferences: AnalysisPreferences = AnalysisPreferences(), sport: Sport? = nil,
                                          fileName: String? = nil) -> (analysis: RunAnalysis, sketch: TrackSketch) {
        let (analysis, timeline, ofRoutes) = analyzeKeepingTimeline(activity, parameters: parameters, preferences: preferences,
                                                                   sport: sport, fileName: fileName)
        // A file of routes only was measured on its routes; its page's track is that of its (pointless) tracks.
        guard !ofRoutes else { return (analysis, TrackSketch(activity: activity, parameters: analysis.summary.parameters)) }
        let track = RunTrack(timeline: timeline, waypoints: activity.waypoints)
        return (analysis, TrackSketch(track: track, regionCoordinates: TrackSketch.regionCoordinates(track: track, activity: activity)))
    }
}
