package import Foundation

/// A GPX point (`wptType`): used for track points, route points and waypoints.
///
/// The fields a run log reads for every point (position, elevation, time, heart rate, cadence,
/// air temperature) are stored inline in 56 bytes; everything else lives in ``details``, which is
/// `nil` for most track points. Absent values read as `nil`, never as 0.
package struct TrackPoint: Sendable {
    /// Geodetic WGS84 latitude in degrees.
    package var latitude: Double
    /// Geodetic WGS84 longitude in degrees, in [-180, 180).
    package var longitude: Double
    @usableFromInline var elevationStorage: Double = .nan
    @usableFromInline var timeStorage: Double = .nan
    @usableFromInline var heartRateStorage: Float = .nan
    @usableFromInline var cadenceStorage: Float = .nan
    @usableFromInline var airTemperatureStorage: Float = .nan
    /// Number of fraction-of-second digits the source wrote for ``time`` (0 = whole seconds).
    /// The writer writes the same number of digits (at most 6), so fractions appear only where the
    /// source had them.
    package var timeFractionDigits: UInt8 = 0
    @usableFromInline var flags: UInt8 = 0
    @usableFromInline var detailsBox: DetailsBox?

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    package init(coordinate: Coordinate, elevationMeters: Double? = nil, timeSeconds: Double? = nil,
                heartRateBPM: Double? = nil, cadenceRPM: Double? = nil) {
        self.latitude = coordinate.latitude
        self.longitude = coordinate.longitude
        self.elevationMeters = elevationMeters
        self.timeSeconds = timeSeconds
        self.heartRateBPM = heartRateBPM
        self.cadenceRPM = cadenceRPM
    }

    /// False for a record without a position (FIT, TCX: latitude and longitude NaN).
    @inlinable package var hasPosition: Bool { !latitude.isNaN && !longitude.isNaN }

    package var coordinate: Coordinate {
        get { Coordinate(latitude: latitude, longitude: longitude) }
        set { latitude = newValue.latitude; longitude = newValue.longitude }
    }

    /// Elevation in metres (GPX `<ele>`: above mean sea level as the device reports it).
    @inlinable package var elevationMeters: Double? {
        get { elevationStorage.isNaN ? nil : elevationStorage }
        set { elevationStorage = newValue ?? .nan }
    }

    /// Time of the fix as seconds since 1970-01-01T00:00:00Z (UTC); `nil` when the point has no time.
    @inlinable package var timeSeconds: Double? {
        get { timeStorage.isNaN ? nil : timeStorage }
        set { timeStorage = newValue ?? .nan }
    }

    /// Time of the fix; `nil` when the point has no time.
    package var time: Date? {
        get { timeSeconds.map { Date(timeIntervalSince1970: $0) } }
        set { timeSeconds = newValue?.timeIntervalSince1970 }
    }

    /// True when the source wrote the time without a zone designator and it was taken as UTC.
    package var isTimeZoneAssumed: Bool {
        get { flags & 1 != 0 }
        set { flags = newValue ? flags | 1 : flags & ~1 }
    }

    /// Heart rate in beats per minute (TrackPointExtension `hr` and equivalents).
    @inlinable package var heartRateBPM: Double? {
        get { heartRateStorage.isNaN ? nil : Double(heartRateStorage) }
        set { heartRateStorage = newValue.map { Float($0) } ?? .nan }
    }

    /// Cadence in revolutions (cycles) per minute as the file states it (TrackPointExtension `cad`:
    /// for running, strides of one foot per minute).
    @inlinable package var cadenceRPM: Double? {
        get { cadenceStorage.isNaN ? nil : Double(cadenceStorage) }
        set { cadenceStorage = newValue.map { Float($0) } ?? .nan }
    }

    /// Air temperature in °C (TrackPointExtension `atemp` and equivalents).
    @inlinable package var airTemperatureCelsius: Double? {
        get { airTemperatureStorage.isNaN ? nil : Double(airTemperatureStorage) }
        set { airTemperatureStorage = newValue.map { Float($0) } ?? .nan }
    }

    /// The less common fields; `nil` when none is set.
    package var details: PointDetails? {
        get { detailsBox?.value }
        set { detailsBox = (newValue == nil || newValue!.isEmpty) ? nil : DetailsBox(newValue!) }
    }

    /// Sets ``details`` the caller knows to hold at least one field (a reader building many points:
    /// no comparison with an empty value).
    @inlinable package mutating func setDetails(knownNonEmpty value: PointDetails) {
        detailsBox = DetailsBox(value)
    }

    /// Changes ``details`` in place, creating it if needed.
    package mutating func updateDetails(_ change: (inout PointDetails) -> Void) {
        var value = details ?? PointDetails()
        change(&value)
        details = value
    }

    /// Whether the point carries any of the less common fields.
    package var hasDetails: Bool { detailsBox != nil }
}

/// Immutable box that keeps ``PointDetails`` out of line; replaced, never mutated.
@usableFromInline final class DetailsBox: Sendable {
    let value: PointDetails
    @usableFromInline init(_ value: PointDetails) { self.value = value }
}

extension TrackPoint: Equatable {
    /// Field-by-field equality where two absent values are equal.
    package static func == (lhs: TrackPoint, rhs: TrackPoint) -> Bool {
        func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
        func same(_ a: Float, _ b: Float) -> Bool { a == b || (a.isNaN && b.isNaN) }
        return same(lhs.latitude, rhs.latitude) && same(lhs.longitude, rhs.longitude)
            && same(lhs.elevationStorage, rhs.elevationStorage) && same(lhs.timeStorage, rhs.timeStorage)
            && same(lhs.heartRateStorage, rhs.heartRateStorage) && same(lhs.cadenceStorage, rhs.cadenceStorage)
            && same(lhs.airTemperatureStorage, rhs.airTemperatureStorage)
            && lhs.timeFractionDigits == rhs.timeFractionDigits && lhs.flags == rhs.flags
            && lhs.details == rhs.details
    }
}

extension TrackPoint: Codable {
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, elevationMeters, timeSeconds, timeFractionDigits, timeZoneAssumed
        case heartRateBPM, cadenceRPM, airTemperatureCelsius, details
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // A record without a position (FIT, TCX) has none stored.
        self.init(latitude: try c.decodeIfPresent(Double.self, forKey: .latitude) ?? .nan,
                  longitude: try c.decodeIfPresent(Double.self, forKey: .longitude) ?? .nan)
        elevationMeters = try c.decodeIfPresent(Double.self, forKey: .elevationMeters)
        timeSeconds = try c.decodeIfPresent(Double.self, forKey: .timeSeconds)
        timeFractionDigits = try c.decodeIfPresent(UInt8.self, forKey: .timeFractionDigits) ?? 0
        isTimeZoneAssumed = try c.decodeIfPresent(Bool.self, forKey: .timeZoneAssumed) ?? false
        heartRateBPM = try c.decodeIfPresent(Double.self, forKey: .heartRateBPM)
        cadenceRPM = try c.decodeIfPresent(Double.self, forKey: .cadenceRPM)
        airTemperatureCelsius = try c.decodeIfPresent(Double.self, forKey: .airTemperatureCelsius)
        details = try c.decodeIfPresent(PointDetails.self, forKey: .details)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if hasPosition {
            try c.encode(latitude, forKey: .latitude)
            try c.encode(longitude, forKey: .longitude)
        }
        try c.encodeIfPresent(elevationMeters, forKey: .elevationMeters)
        try c.encodeIfPresent(timeSeconds, forKey: .timeSeconds)
        if timeFractionDigits != 0 { try c.encode(timeFractionDigits, forKey: .timeFractionDigits) }
        if isTimeZoneAssumed { try c.encode(true, forKey: .timeZoneAssumed) }
        try c.encodeIfPresent(heartRateBPM, forKey: .heartRateBPM)
        try c.encodeIfPresent(cadenceRPM, forKey: .cadenceRPM)
        try c.encodeIfPresent(airTemperatureCelsius, forKey: .airTemperatureCelsius)
        try c.encodeIfPresent(details, forKey: .details)
    }
}

/// A route point: GPX `<rtept>`, the same `wptType` as a track point.
package typealias RoutePoint = TrackPoint
/// A waypoint: GPX `<wpt>`, the same `wptType` as a track point.
package typealias Waypoint = TrackPoint
