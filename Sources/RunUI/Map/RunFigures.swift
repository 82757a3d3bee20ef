package import RunCore

/// The map and charts of a run's page, drawn from the run's stored sketch or, where there is none
/// (a run stored before sketches were kept) or it does not cover the settings, from its cleaned
/// track: the same drawings either way.
package struct RunFigures: Sendable {
    /// The map; nil when there is nothing to show (no region can be fitted, or neither a track nor a waypoint).
    package var map: TrackMapDrawing?
    package var charts: [RunCharts.Chart]

    /// The figures of a cleaned track.
    /// - Parameters:
    ///   - regionCoordinates: what the map is fitted to (``RunCore/TrackSketch/regionCoordinates(track:activity:)``).
    ///   - fitter: the region fitter with the settings (``TrackRegion/fitter(settings:)``).
    /// - Complexity: O(n log n) in the points (the region, the simplification, the charts).
    package init(track: RunTrack, regionCoordinates: [Coordinate], fitter: RegionFitter, formatter: DisplayFormatter) {
        if let region = try? fitter.fitTrack(regionCoordinates), !(track.isEmpty && track.waypoints.isEmpty) {
            map = TrackMapDrawing(track: track, region: region, formatter: formatter)
        } else {
            map = nil
        }
        charts = RunCharts.charts(for: track, formatter: formatter)
    }

    /// The figures from a stored sketch, without the points; nil when the sketch does not cover
    /// them: a gap setting below a gap inside the track (the region needs the points), a region
    /// or map smaller than the sketch's lines were kept for, charts of another width.
    /// - Complexity: O(k) in the sketch's stored points and the charts' columns.
    package init?(sketch: TrackSketch, fitter: RegionFitter, formatter: DisplayFormatter) {
        guard let charts = RunCharts.charts(for: sketch, formatter: formatter) else { return nil }
        if let basis = sketch.region, sketch.hasTrack || !sketch.waypoints.isEmpty {
            guard let region = fitter.region(from: basis), let drawing = TrackMapDrawing(sketch: sketch, region: region, formatter: formatter) else {
                return nil
            }
            map = drawing
        } else {
            map = nil
        }
        self.charts = charts
    }
}
