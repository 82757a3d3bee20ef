import RunCore

/// Synthetic runs along the equator, where the WGS84 geodesic between two points is the equator
/// itself and its length is exactly a·Δλ (a = 6,378,137 m): analytic truth for every number.
struct EquatorTrack {
    static let a = 6_378_137.0
    var points: [TrackPoint] = []
    var time = 1_767_225_600.0   // 2026-01-01T00:00:00Z
    var meters = 0.0
    /// The track's GPX `<type>`: a run, as the file would say (nil: the sport is inferred).
    var type: String? = "running"

    /// Degrees of longitude for a distance along the equator.
    static func degrees(_ meters: Double) -> Double { meters / a * 180 / .pi }

    init() { append() }

    mutating func append(hr: Double? = nil) {
        var p = TrackPoint(latitude: 0, longitude: Self.degrees(meters))
        p.timeSeconds = time
        p.heartRateBPM = hr
        points.append(p)
    }

    /// Runs at `speed` m/s for `seconds`, one point per second.
    mutating func run(speed: Double, seconds: Int, hr: Double? = nil) {
        for _ in 0..<seconds {
            time += 1
            meters += speed
            append(hr: hr)
        }
    }

    /// A hole in the recording: the next point comes `seconds` later, `meters` further on.
    mutating func gap(seconds: Int, meters: Double, hr: Double? = nil) {
        time += Double(seconds)
        self.meters += meters
        append(hr: hr)
    }

    /// Stands still for `seconds` (one point per second, same position).
    mutating func stand(seconds: Int, hr: Double? = nil) {
        for _ in 0..<seconds {
            time += 1
            append(hr: hr)
        }
    }

    var activity: Activity {
        var track = Track(segments: [TrackSegment(points: points)])
        track.type = type
        return Activity(tracks: [track])
    }
}
