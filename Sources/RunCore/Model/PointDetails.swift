/// The less common fields of a GPX point (`wptType`), kept out of ``TrackPoint``'s inline storage
/// so that a million track points stay small.
public struct PointDetails: Sendable, Hashable, Codable {
    /// Magnetic variation in degrees (GPX `<magvar>`, [0, 360)).
    public var magneticVariationDegrees: Double?
    /// Height of the geoid above the WGS84 ellipsoid in metres (GPX `<geoidheight>`).
    public var geoidHeightMeters: Double?
    public var name: String?
    /// GPX `<cmt>`.
    public var comment: String?
    /// GPX `<desc>`.
    public var description: String?
    /// GPX `<src>`: the source of the data.
    public var source: String?
    public var links: [Link] = []
    /// GPX `<sym>`: the symbol name.
    public var symbol: String?
    /// GPX `<type>`: the classification.
    public var type: String?
    /// GPX `<fix>` as written: `none`, `2d`, `3d`, `dgps` or `pps` (other values are kept but not written).
    public var fix: String?
    /// GPX `<sat>`: number of satellites used.
    public var satellites: Int?
    /// Horizontal, vertical and position dilution of precision (GPX `<hdop>`, `<vdop>`, `<pdop>`).
    public var hdop: Double?
    public var vdop: Double?
    public var pdop: Double?
    /// Seconds since the last DGPS update (GPX `<ageofdgpsdata>`).
    public var ageOfDGPSDataSeconds: Double?
    /// DGPS station id (GPX `<dgpsid>`, 0…1023).
    public var dgpsStationID: Int?
    /// Course over ground in degrees true (GPX 1.0 `<course>`, TrackPointExtension v2 `course`).
    public var courseDegrees: Double?
    /// Speed over ground in m/s (GPX 1.0 `<speed>`, TrackPointExtension v2 `speed`; FIT and TCX:
    /// for records without position only, as ``distanceMeters``).
    public var speedMetersPerSecond: Double?
    /// Water temperature in °C (TrackPointExtension `wtemp`).
    public var waterTemperatureCelsius: Double?
    /// Depth in metres (TrackPointExtension `depth`).
    public var depthMeters: Double?
    /// Power in watts (Garmin PowerExtension `PowerInWatts`, Strava's `<power>`, FIT `power`, TCX `Watts`).
    public var powerWatts: Double?
    /// The device's own cumulative distance at this point in metres (FIT `distance`, TCX
    /// `DistanceMeters`): from a foot pod, wheel sensor or pool lengths. Kept by the FIT and TCX
    /// readers for records without position only (runlog measures positioned ones; the stored
    /// original keeps every value).
    public var distanceMeters: Double?
    /// FIT developer data fields of this record (e.g. Stryd's `Power`), named from their descriptions.
    public var developerValues: [DeveloperValue]?
    /// Extension elements kept verbatim, in document order.
    public var extensions: [XMLFragment] = []

    public init() {}

    /// True when no field is set.
    public var isEmpty: Bool { self == PointDetails() }
}
