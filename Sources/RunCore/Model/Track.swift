/// A track (GPX `<trk>`): an ordered list of segments recorded by a device.
package struct Track: Sendable, Equatable, Codable {
    package var name: String?
    /// GPX `<cmt>`.
    package var comment: String?
    /// GPX `<desc>`.
    package var description: String?
    /// GPX `<src>`.
    package var source: String?
    package var links: [Link] = []
    /// GPX `<number>`: the track's number.
    package var number: Int?
    /// GPX `<type>`: the activity type as the file states it (e.g. `running`).
    package var type: String?
    /// Extension elements kept verbatim.
    package var extensions: [XMLFragment] = []
    package var segments: [TrackSegment] = []
    /// Records without a position (FIT records without `position_lat`/`position_long`, TCX
    /// trackpoints without `<Position>`: pool swims, treadmills, indoor rides, GPS drop-outs), in
    /// time order, positions NaN: kept with their time and sensor values, never drawn or measured
    /// as distance. nil when there are none (every GPX point has a position).
    package var recordsWithoutPosition: [TrackPoint]?
    /// The laps the device recorded in this track (FIT `lap` messages of its session, TCX `<Lap>`).
    package var laps: [Lap]?
    /// The device's own totals for this track (FIT `session`, TCX laps summed); nil for GPX.
    package var deviceTotals: DeviceTotals?

    /// Records with a position plus records without.
    package var recordCount: Int { segments.reduce(0) { $0 + $1.points.count } + (recordsWithoutPosition?.count ?? 0) }

    package init(name: String? = nil, segments: [TrackSegment] = []) {
        self.name = name
        self.segments = segments
    }
}

/// A track segment (GPX `<trkseg>`): points logged without interruption. The gap between two
/// segments (a pause, a lost signal) is not distance.
package struct TrackSegment: Sendable, Equatable, Codable {
    package var points: [TrackPoint]
    /// Extension elements kept verbatim.
    package var extensions: [XMLFragment] = []

    package init(points: [TrackPoint] = []) {
        self.points = points
    }
}

/// A route (GPX `<rte>`): an ordered list of route points leading to a destination.
package struct Route: Sendable, Equatable, Codable {
    package var name: String?
    package var comment: String?
    package var description: String?
    package var source: String?
    package var links: [Link] = []
    package var number: Int?
    package var type: String?
    package var extensions: [XMLFragment] = []
    package var points: [RoutePoint] = []

    package init(name: String? = nil, points: [RoutePoint] = []) {
        self.name = name
        self.points = points
    }
}
