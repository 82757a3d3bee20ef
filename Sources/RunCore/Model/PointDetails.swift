/// The less common fields of a GPX point (`wptType`), kept out of ``TrackPoint``'s inline storage
/// so that a million track points stay small.
@usableFromInline package struct PointDetails: Sendable, Hashable, Codable {
    /// Magnetic variation in degrees (GPX `<magvar>`, [0, 360)).
    package var magneticVariationDegrees: Double?
    /// Height of the geoid above the WGS84 ellipsoid in metres (GPX `<geoidheight>`).
    package var geoidHeightMeters: Double?
    package var name: String?
    /// GPX `<cmt>`.
    package var comment: String?
    /// GPX `<desc>`.
    package var description: String?
    /// GPX `<src>`: the source of the data.
    package var source: String?
    package var links: [Link] = []
    /// GPX `<sym>`: the symbol name.
    package var symbol: String?
    /// GPX `<type>`: the classification.
    package var type: String?
    /// GPX `<fix>` as written: `none`, `2d`, `3d`, `dgps` or `pps` (other values are kept but not written).
    package var fix: String?
    /// GPX `<sat>`: number of satellites used.
    package var satellites: Int?
    /// Horizontal, vertical and position dilution of precision (GPX `<hdop>`, `<vdop>`, `<pdop>`).
    package var hdop: Double?
    package var vdop: Double?
    package var pdop: Double?
    /// Seconds since the last DGPS update (GPX `<ageofdgpsdata>`).
    package var ageOfDGPSDataSeconds: Double?
    /// DGPS station id (GPX `<dgpsid>`, 0…1023).
    package var dgpsStationID: Int?
    /// Course over ground in degrees true (GPX 1.0 `<course>`, TrackPointExtension v2 `course`).
    package var courseDegrees: Double?
    /// Speed over ground in m/s (GPX 1.0 `<speed>`, TrackPointExtension v2 `speed`; FIT and TCX:
    /// for records without position only, as ``distanceMeters``).
    package var speedMetersPerSecond: Double?
    /// Water temperature in °C (TrackPointExtension `wtemp`).
    package var waterTemperatureCelsius: Double?
    /// Depth in metres (TrackPointExtension `depth`).
    package var depthMeters: Double?
    /// Power in watts (Garmin PowerExtension `PowerInWatts`, Strava's `<power>`, FIT `power`, TCX `Watts`).
    package var powerWatts: Double?
    /// The device's own cumulative distance at this point in metres (FIT `distance`, TCX
    /// `DistanceMeters`): from a foot pod, wheel sensor or pool lengths. Kept by the FIT and TCX
    /// readers for records without position only (runlog measures positioned ones; the stored
    /// original keeps every value).
    package var distanceMeters: Double?
    /// FIT developer data fields of this record (e.g. Stryd's `Power`), named from their descriptions.
    package var developerValues: [DeveloperValue]?
    /// Extension elements kept verbatim, in document order.
    package var extensions: [XMLFragment] = []

    package init() {}

    /// True when no field is set.
    package var isEmpty: Bool { self == PointDetails() }
}
