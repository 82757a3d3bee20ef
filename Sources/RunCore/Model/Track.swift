/// A track (GPX `<trk>`): an ordered list of segments recorded by a device.
public struct Track: Sendable, Equatable, Codable {
    public var name: String?
    /// GPX `<cmt>`.
    public var comment: String?
    /// GPX `<desc>`.
    public var description: String?
    /// GPX `<src>`.
    public var source: String?
    public var links: [Link] = []
    /// GPX `<number>`: the track's number.
    public var number: Int?
    /// GPX `<type>`: the activity type as the file states it (e.g. `running`).
    public var type: String?
    /// Extension elements kept verbatim.
    public var extensions: [XMLFragment] = []
    public var segments: [TrackSegment] = []
    /// Records without a position (FIT records without `position_lat`/`position_long`, TCX
    /// trackpoints without `<Position>`: pool swims, treadmills, indoor rides, GPS drop-outs), in
    /// time order, positions NaN: kept with their time and sensor values, never drawn or measured
    /// as distance. nil when there are none (every GPX point has a position).
    public var recordsWithoutPosition: [TrackPoint]?
    /// The laps the device recorded in this track (FIT `lap` messages of its session, TCX `<Lap>`).
    public var laps: [Lap]?
    /// The device's own totals for this track (FIT `session`, TCX laps summed); nil for GPX.
    public var deviceTotals: DeviceTotals?

    /// Records with a position plus records without.
    public var recordCount: Int { segments.reduce(0) { $0 + $1.points.count } + (recordsWithoutPosition?.count ?? 0) }

    public init(name: String? = nil, segments: [TrackSegment] = []) {
        self.name = name
        self.segments = segments
    }
}

/// A track segment (GPX `<trkseg>`): points logged without interruption. The gap between two
/// segments (a pause, a lost signal) is not distance.
public struct TrackSegment: Sendable, Equatable, Codable {
    public var points: [TrackPoint]
    /// Extension elements kept verbatim.
    public var extensions: [XMLFragment] = []

    public init(points: [TrackPoint] = []) {
        self.points = points
    }
}

/// A route (GPX `<rte>`): an ordered list of route points leading to a destination.
public struct Route: Sendable, Equatable, Codable {
    public var name: String?
    public var comment: String?
    public var description: String?
    public var source: String?
    public var links: [Link] = []
    public var number: Int?
    public var type: String?
    public var extensions: [XMLFragment] = []
    public var points: [RoutePoint] = []

    public init(name: String? = nil, points: [RoutePoint] = []) {
        self.name = name
        self.points = points
    }
}
