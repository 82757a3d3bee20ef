package import RunCore

/// Devices without a fix write latitude and longitude 0 (FIT semicircles 0, 0) on every record of
/// an indoor session: a track that sits exactly at 0° N 0° E from start to end has no position at
/// all. Such a track's points become records without position (so the device's distance is the
/// run's, ``RunCore/DistanceSource/device``), with a warning. A few (0, 0) points among real ones
/// (a fix lost at the start) stay points: the GPS clean-up leaves them out as jumps.
package enum PlaceholderPositions {
    /// Moves the points of tracks whose every point is at exactly (0, 0).
    /// - Returns: the diagnostic to add, nil when nothing was moved.
    package static func moveAllZeroTracks(_ activity: inout Activity) -> Diagnostic? {
        var moved = 0
        for t in activity.tracks.indices {
            let points = activity.tracks[t].segments.flatMap(\.points)
            guard !points.isEmpty, points.allSatisfy({ $0.latitude == 0 && $0.longitude == 0 }) else { continue }
            let unpositioned = points.map { point -> TrackPoint in
                var record = point
                record.latitude = .nan
                record.longitude = .nan
                return record
            }
            let kept = activity.tracks[t].recordsWithoutPosition ?? []
            activity.tracks[t].recordsWithoutPosition = (kept + unpositioned).sorted { ($0.timeSeconds ?? .infinity) < ($1.timeSeconds ?? .infinity) }
            activity.tracks[t].segments = []
            moved += points.count
        }
        guard moved > 0 else { return nil }
        return Diagnostic(code: "zeroPositions", message: "\(moved) record\(moved == 1 ? " is" : "s are") at exactly 0° N 0° E, "
                          + "as devices without a fix write them: kept as records without position")
    }
}
