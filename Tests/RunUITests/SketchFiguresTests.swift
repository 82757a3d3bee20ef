import Foundation
import RunCore
import RunFormats
import RunUI
import Testing
import TestSupport

/// The run page's map and charts drawn from a run's sketch are the ones drawn from its points —
/// the region fitted to every point, Douglas–Peucker over the whole track at the map's pixel,
/// every point averaged into the charts — for every file of the corpora, in both unit systems,
/// with the default map settings and with extreme ones.
@Suite struct SketchFiguresTests {
    static var files: [String] {
        let fitTCX = ((try? FileManager.default.contentsOfDirectory(atPath: SharedData.fitTCXRoot.appendingPathComponent("files").path)) ?? [])
            .filter { $0.hasSuffix(".fit") || $0.hasSuffix(".tcx") }.sorted().map(SharedData.fitTCX)
        return SharedData.corpusGPXNames.map(SharedData.corpus) + fitTCX
    }

    /// Units, gap and padding: the defaults, then the narrowest gap with no padding, then the widest with the most.
    static let settings: [(UnitSystem, Double, Double)] = [(.metric, 1, 0.1), (.imperial, 0.001, 0), (.metric, 180, 1)]

    @Test(arguments: files)
    func figuresFromTheSketchAreTheFiguresFromThePoints(path: String) throws {
        let name = (path as NSString).lastPathComponent
        guard let read = try? ActivityReadSession.read(fileAt: path, options: ReadOptions(isLenient: true)) else { return }
        let activity = read.activity
        let (analysis, sketch) = ActivityAnalyzer.analyzeWithSketch(activity, fileName: name)
        let parameters = analysis.summary.parameters
        // The sketch import stores is the one a run without a stored sketch computes from its points.
        #expect(sketch == TrackSketch(activity: activity, parameters: parameters), "\(name)")
        let track = RunTrack(activity: activity, parameters: parameters)
        let coordinates = TrackSketch.regionCoordinates(track: track, activity: activity)
        for (units, gap, padding) in Self.settings {
            let formatter = DisplayFormatter(units: units)
            let fitter = RegionFitter(gapThresholdDegrees: gap, paddingFraction: padding)
            let fresh = RunFigures(track: track, regionCoordinates: coordinates, fitter: fitter, formatter: formatter)
            guard let stored = RunFigures(sketch: sketch, fitter: fitter, formatter: formatter) else {
                // Declined only where the region needs the points: a gap inside the track wider than the setting.
                #expect(sketch.region.map { $0.largestGapDegrees > gap } == true, "\(name): declined at gap \(gap), padding \(padding)")
                continue
            }
            #expect(stored.map?.svg == fresh.map?.svg, "\(name): the map at gap \(gap), padding \(padding), \(units)")
            #expect(stored.map?.legend.map { "\($0.category) \($0.title)" } == fresh.map?.legend.map { "\($0.category) \($0.title)" })
            #expect(stored.map?.drawnPointCount == fresh.map?.drawnPointCount)
            #expect(stored.charts.map(\.title) == fresh.charts.map(\.title), "\(name)")
            #expect(stored.charts.map(\.drawing.svg) == fresh.charts.map(\.drawing.svg), "\(name): the charts in \(units)")
        }
    }

    @Test func aSketchDeclinesWhatItWasNotMadeFor() throws {
        #expect(LineChartDrawing.columns(width: 800) == TrackSketch.chartColumns)
        // 100 points 0.001° apart on the equator.
        let points = (0..<100).map { TrackPoint(coordinate: Coordinate(latitude: 0, longitude: Double($0) * 0.001),
                                                timeSeconds: 1_700_000_000 + Double($0) * 30) }
        let sketch = TrackSketch(activity: Activity(tracks: [Track(segments: [TrackSegment(points: points)])]),
                                 parameters: AnalysisParameters(sport: .running))
        let formatter = DisplayFormatter()
        #expect(RunFigures(sketch: sketch, fitter: RegionFitter(), formatter: formatter) != nil)
        // A region tighter than any the settings make of the whole track: its pixel is below the lines' floor.
        let tight = MapRegion(center: Coordinate(latitude: 0, longitude: 0.05), latitudeSpanDegrees: 0.01, longitudeSpanDegrees: 0.01)
        #expect(TrackMapDrawing(sketch: sketch, region: tight, formatter: formatter) == nil)
        #expect(TrackMapDrawing(sketch: sketch, region: tight, width: 80, height: 50, formatter: formatter) != nil)
        // Charts of another width; markers for a unit the sketch has none of.
        var narrow = sketch
        narrow.pace = ChartSeries(distanceMeters: [0, 1, 2], values: [1, 2, 3], columns: 10)
        #expect(RunFigures(sketch: narrow, fitter: RegionFitter(), formatter: formatter) == nil)
        var noMiles = sketch
        noMiles.distanceMarks.removeAll { $0.unitMeters != 1000 }
        #expect(noMiles.markers(units: .metric) != nil && noMiles.markers(units: .imperial) == nil)
    }
}
