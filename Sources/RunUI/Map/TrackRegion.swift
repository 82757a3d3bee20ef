package import RunCore

/// The map region of a run or a file, as `runlog region` and the web UI fit it: the settings'
/// gap and padding (`map.regionGap`, `map.regionPadding`), far-off fixes left out
/// (``RunCore/RegionFitter/fitTrack(_:)``).
package enum TrackRegion {
    /// A fitter with the settings' gap and padding (other parameters at their defaults).
    package static func fitter(settings: SettingsSnapshot) -> RegionFitter {
        var fitter = RegionFitter()
        fitter.gapThresholdDegrees = settings[Settings.regionGap]
        fitter.paddingFraction = settings[Settings.regionPadding]
        return fitter
    }

    /// What a map of an activity shows: its track points, else its route points, else its waypoints.
    package static func coordinates(of activity: Activity) -> [Coordinate] { activity.mapCoordinates }

    /// A region as JSON (degrees; SI units with the unit in the key), with how many of the points
    /// fall inside it and the fitter's parameters.
    package static func json(_ region: MapRegion, fitter: RegionFitter, coordinates: [Coordinate]) -> JSONValue {
        .object([
            "centerLatitude": .number(region.center.latitude), "centerLongitude": .number(region.center.longitude),
            "latitudeSpanDegrees": .number(region.latitudeSpanDegrees), "longitudeSpanDegrees": .number(region.longitudeSpanDegrees),
            "minLatitude": .number(region.minLatitude), "maxLatitude": .number(region.maxLatitude),
            "westLongitude": .number(region.westLongitude), "eastLongitude": .number(region.eastLongitude),
            "crossesAntimeridian": .bool(region.crossesAntimeridian),
            "pointCount": .integer(Int64(coordinates.count)), "pointsInRegion": .integer(Int64(coordinates.filter(region.contains).count)),
            "parameters": .object(["gapThresholdDegrees": .number(fitter.gapThresholdDegrees),
                                   "paddingFraction": .number(fitter.paddingFraction),
                                   "minimumSpanDegrees": .number(fitter.minimumSpanDegrees)]),
        ])
    }
}
