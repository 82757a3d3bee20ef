/// What a run's page draws, computed once from the cleaned track (at import and at every
/// reanalysis, stored with the run's numbers) so that drawing the page never cleans the points
/// again: the line of each piece down to the map's resolution, the markers' places, what the map's
/// region is fitted from, and the chart series.
///
/// The sketch is independent of the display settings: the region is fitted from ``region`` with
/// the settings' gap and padding (``RegionFitter/region(from:)``); the lines hold every point any
/// padding can draw (down to the tolerance of the tightest region, no padding, on the page's
/// 800 × 500 map); distance markers are kept for kilometres and miles; the charts are in SI units
/// over the page's 718 pixel columns. A drawing the sketch does not cover — a gap setting below a
/// gap inside the track, another map or chart size — is made from the points instead.
///
/// Everything in it is a function of the cleaned track (``RunTrack``), which is a function of the
/// stored original and the analysis parameters: the page drawn from a sketch is the page drawn
/// from the points (`Tests/RunUITests/SketchFiguresTests`).
package struct TrackSketch: Sendable, Equatable {
    /// The size of the run page's map in pixels, which the lines' floor is chosen for.
    package static let mapWidthPixels = 800.0
    package static let mapHeightPixels = 500.0
    /// The run page's charts' width in pixel columns (800 px less the axes' 52 + 30).
    package static let chartColumns = 718
    /// The distances distance markers are kept for: the kilometre and the international mile.
    package static let markerUnitsMeters = [1000.0, 1609.344]
    /// The version of the computation and of ``mapWidthPixels`` … ``markerUnitsMeters``: a stored
    /// sketch of another version is not used. Raise it with any change to them.
    package static let version = 1

    /// A distance marker: the `number`th unit is passed at `coordinate`.
    package struct Mark: Sendable, Equatable {
        package var number: Int
        package var coordinate: Coordinate
        package init(number: Int, coordinate: Coordinate) {
            self.number = number
            self.coordinate = coordinate
        }
    }

    /// The markers of one unit of distance.
    package struct DistanceMarks: Sendable, Equatable {
        package var unitMeters: Double
        package var marks: [Mark]
        package init(unitMeters: Double, marks: [Mark]) {
            self.unitMeters = unitMeters
            self.marks = marks
        }
    }

    /// A waypoint as the map shows it.
    package struct Place: Sendable, Equatable {
        package var coordinate: Coordinate
        /// Its `<name>` ("" without one).
        package var name: String
        /// Its `<sym>` as the file writes it.
        package var symbol: String?
        package init(coordinate: Coordinate, name: String, symbol: String?) {
            self.coordinate = coordinate
            self.name = name
            self.symbol = symbol
        }
    }

    /// One line per piece of the track with more than one point, in order.
    package var lines: [SketchLine]
    /// The smallest tolerance in metres the lines answer (``SketchLine/points(toleranceMeters:)``).
    package var lineFloorMeters: Double
    /// The first and last point of the cleaned track; nil when it has none.
    package var start: Coordinate?
    package var finish: Coordinate?
    /// The distance markers for each of ``markerUnitsMeters``.
    package var distanceMarks: [DistanceMarks]
    /// Where the runner paused (``RunTrack/pauseIndices``), in order.
    package var pauses: [Coordinate]
    package var waypoints: [Place]
    /// What the map's region is fitted from; nil when no region can be (no coordinates, or an invalid one).
    package var region: RegionBasis?
    /// Pace (s/km), smoothed elevation (m) and heart rate (bpm) against distance; nil without a value.
    package var pace: ChartSeries?
    package var elevation: ChartSeries?
    package var heartRate: ChartSeries?

    package init(lines: [SketchLine], lineFloorMeters: Double, start: Coordinate?, finish: Coordinate?, distanceMarks: [DistanceMarks],
                 pauses: [Coordinate], waypoints: [Place], region: RegionBasis?, pace: ChartSeries?, elevation: ChartSeries?,
                 heartRate: ChartSeries?) {
        self.lines = lines
        self.lineFloorMeters = lineFloorMeters
        self.start = start
        self.finish = finish
        self.distanceMarks = distanceMarks
        self.pauses = pauses
        self.waypoints = waypoints
        self.region = region
        self.pace = pace
        self.elevation = elevation
        self.heartRate = heartRate
    }

    /// Whether the cleaned track has points (else the map shows the waypoints only).
    package var hasTrack: Bool { start != nil }

    /// The sketch of an activity's track cleaned with the parameters its numbers were computed with.
    /// - Complexity: O(*n* log *n*) in the points (the clean-up, the lines, the region's gaps).
    package init(activity: Activity, parameters: AnalysisParameters) {
        let track = RunTrack(activity: activity, parameters: parameters)
        self.init(track: track, regionCoordinates: Self.regionCoordinates(track: track, activity: activity))
    }

    /// What a run's map is fitted to: the cleaned track's points, else (no track left) the
    /// activity's track points, else its route points, else its waypoints.
    package static func regionCoordinates(track: RunTrack, activity: Activity) -> [Coordinate] {
        track.isEmpty ? activity.mapCoordinates : track.coordinates
    }

    /// The sketch of a cleaned track.
    /// - Parameter regionCoordinates: what the map's region is fitted to (``regionCoordinates(track:activity:)``).
    /// - Complexity: O(*n* log *n*) in the points.
    package init(track: RunTrack, regionCoordinates: [Coordinate]) {
        let region = try? RegionFitter().basis(ofTrack: regionCoordinates)
        // Without a region no map is drawn, and no line is needed.
        var floor = 0.0
        var lines: [SketchLine] = []
        if let region, let tightest = RegionFitter(gapThresholdDegrees: .infinity, paddingFraction: 0).region(from: region) {
            // No padding gives the smallest region the settings can make of all the kept points, so the finest resolution.
            let pixel = MapProjection(region: tightest, width: Self.mapWidthPixels, height: Self.mapHeightPixels).metersPerPixel
            floor = pixel.isFinite && pixel > 0 ? pixel : 0
            lines = track.pieces.filter { $0.count > 1 }.map { SketchLine(piece: $0.map(track.coordinate(at:)), floorMeters: floor) }
        }
        let marks = Self.markerUnitsMeters.map { unit in
            DistanceMarks(unitMeters: unit, marks: track.distanceMarks(every: unit).map { Mark(number: $0.number, coordinate: track.coordinate(at: $0.index)) })
        }
        let columns = Self.chartColumns
        self.init(lines: lines, lineFloorMeters: floor,
                  start: track.isEmpty ? nil : track.coordinate(at: 0), finish: track.isEmpty ? nil : track.coordinate(at: track.count - 1),
                  distanceMarks: marks, pauses: track.pauseIndices.map(track.coordinate(at:)),
                  waypoints: track.waypoints.map { Place(coordinate: $0.coordinate, name: $0.details?.name ?? "", symbol: $0.details?.symbol) },
                  region: region,
                  pace: ChartSeries(distanceMeters: track.distanceMeters, values: track.paceSecondsPerKilometer(), columns: columns),
                  elevation: ChartSeries(distanceMeters: track.distanceMeters, values: track.elevationMeters, columns: columns),
                  heartRate: ChartSeries(distanceMeters: track.distanceMeters, values: track.points.heartRate.map { Double($0) },
                                         columns: columns))
    }

    /// The distance markers for a unit, when the sketch holds them.
    package func distanceMarks(everyMeters unit: Double) -> [Mark]? {
        distanceMarks.first { $0.unitMeters == unit }?.marks
    }
}

extension Activity {
    /// What a map of the activity shows: its track points, else its route points, else its waypoints.
    package var mapCoordinates: [Coordinate] {
        var coordinates = tracks.flatMap { $0.segments.flatMap { $0.points.map(\.coordinate) } }
        if coordinates.isEmpty { coordinates = routes.flatMap { $0.points.map(\.coordinate) } }
        if coordinates.isEmpty { coordinates = waypoints.map(\.coordinate) }
        return coordinates
    }
}
