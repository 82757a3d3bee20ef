/// The parameters of runlog's analysis, stored with every result so that each number can be
/// explained and recomputed. Defaults suit running; ``init(sport:)`` takes a sport's defaults.
package struct AnalysisParameters: Sendable, Hashable, Codable {
    /// Version of the analysis methods; bumped whenever a method changes its results.
    package var methodVersion: Int
    /// The sport the parameters were chosen for.
    package var sport: Sport
    /// Below this speed (m/s, 2D) a stretch of a segment is standing still, if it lasts at least
    /// ``minimumStopSeconds`` (see ``SportProfile``).
    package var movingSpeedThresholdMetersPerSecond: Double
    /// Shortest stretch below the threshold that counts as a stop: 10 s, GPXSee's documented pause
    /// rule ("a stop must last more than 10 s"); Strava's server rule uses 15 s.
    package var minimumStopSeconds: Double
    /// Speed no stretch of this sport keeps up for a minute (``SportProfile``): faster stretches
    /// are travel by other means (``FastStretches``), left out of best efforts, best pace and
    /// maximum speed.
    package var maximumPlausibleSpeedMetersPerSecond: Double
    /// Speed no single GPS interval of this sport can have; faster intervals are fixes gone wrong
    /// (see ``SegmentCleaner``). The filter also uses 4 × the segment's median speed when higher,
    /// so a run recorded in a car is not cut to pieces.
    package var speedCeilingMetersPerSecond: Double
    /// For recordings too short to tell their elevation source (``ElevationSource/unknown``):
    /// half-width of the running median on elevation, seconds (±5 s: 11 samples at 1 Hz). J. W.
    /// Tukey's running median (Exploratory Data Analysis, 1977) removes one-sample spikes and most
    /// noise while keeping steps and ramps; points more than this far apart are not smoothed at all.
    /// Longer recordings are smoothed as their source needs (``ElevationProfiler``).
    package var elevationMedianHalfWindowSeconds: Double
    /// For the same short recordings: dead band of the elevation hysteresis in metres
    /// (``ElevationHysteresis``), 2 m as ../shared/cases/25 recommends.
    package var elevationDeadBandMeters: Double
    /// A gap between points longer than this (seconds) splits a file into runs at import
    /// (``ActivitySplitter``); a run that has one anyway (imported with `--no-split`) is flagged.
    /// 2 h by default (the setting `analysis.splitGap`).
    package var splitGapSeconds: Double
    /// Length of the window for maximum speed and best pace, seconds: never a single pair of points
    /// (../shared/cases/17). 30 s by default.
    package var speedWindowSeconds: Double
    /// Maximum heart rate for the zones, beats per minute (a setting; 190 until the user sets theirs).
    package var maximumHeartRateBPM: Double
    /// Lower bounds of zones 1…5 as fractions of the maximum heart rate: 50, 60, 70, 80, 90 % (the
    /// percent-of-maximum zones of ACSM's Guidelines for Exercise Testing and Prescription, also
    /// Garmin's default). Time below zone 1 counts in no zone.
    package var heartRateZoneLowerBounds: [Double]

    package init(sport: Sport = .running) {
        let profile = sport.profile
        methodVersion = Self.currentMethodVersion
        self.sport = sport
        movingSpeedThresholdMetersPerSecond = profile.movingSpeedThresholdMetersPerSecond
        minimumStopSeconds = 10
        maximumPlausibleSpeedMetersPerSecond = profile.maximumPlausibleSpeedMetersPerSecond
        speedCeilingMetersPerSecond = profile.speedCeilingMetersPerSecond
        elevationMedianHalfWindowSeconds = 5
        elevationDeadBandMeters = 2
        splitGapSeconds = 7200
        speedWindowSeconds = 30
        maximumHeartRateBPM = 190
        heartRateZoneLowerBounds = [0.5, 0.6, 0.7, 0.8, 0.9]
    }

    /// 2: GPS clean-up, running-median elevation, rolling-window speeds, splits, best efforts, zones.
    /// 3: a jump of two fast intervals in a row (not only one) is a gap, not distance; best efforts,
    ///    maximum speed and best pace leave out stretches faster than the sport's plausible maximum.
    /// 4: times out of order leave out the fewest points, times a day from the rest are left out;
    ///    fast stretches (``FastStretches``) are pauses for best efforts, maximum speed and average
    ///    pace; average speed is over the timed distance; the elevation median's window stays
    ///    centred at the ends, and extremes and 3D distance use it; a run's efforts are never
    ///    faster than the world records, and no effort spans a pause over 6 h.
    /// 5: clocks cost no distance — a segment stored newest first is read in time order; times out
    ///    of order or far off are repaired (jitter sorted, wrong times interpolated), every
    ///    plausible position counts; the sport is inferred where the file does not state it, and
    ///    each sport has a sustained maximum (fast stretches judged over a minute) and a ceiling
    ///    for single intervals; no heart rate across holes in the recording.
    /// 6: elevation by its source (barometric, terrain model, GPS: each smoothed and counted as it
    ///    needs; ``ElevationProfiler``); no heart rate across holes in the splits either.
    package static let currentMethodVersion = 6

}

extension AnalysisParameters {
    private enum CodingKeys: String, CodingKey {
        case methodVersion, sport, movingSpeedThresholdMetersPerSecond, minimumStopSeconds, maximumPlausibleSpeedMetersPerSecond, speedCeilingMetersPerSecond
        case elevationMedianHalfWindowSeconds, elevationDeadBandMeters, splitGapSeconds, speedWindowSeconds, maximumHeartRateBPM, heartRateZoneLowerBounds
    }

    /// Decodes parameters stored by earlier versions too: absent fields keep the running defaults
    /// (and `methodVersion` tells that the results are older).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(sport: try c.decodeIfPresent(Sport.self, forKey: .sport) ?? .running)
        methodVersion = try c.decodeIfPresent(Int.self, forKey: .methodVersion) ?? 1
        if let v = try c.decodeIfPresent(Double.self, forKey: .movingSpeedThresholdMetersPerSecond) { movingSpeedThresholdMetersPerSecond = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .minimumStopSeconds) { minimumStopSeconds = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .maximumPlausibleSpeedMetersPerSecond) { maximumPlausibleSpeedMetersPerSecond = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .speedCeilingMetersPerSecond) { speedCeilingMetersPerSecond = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .elevationMedianHalfWindowSeconds) { elevationMedianHalfWindowSeconds = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .elevationDeadBandMeters) { elevationDeadBandMeters = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .splitGapSeconds) { splitGapSeconds = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .speedWindowSeconds) { speedWindowSeconds = v }
        if let v = try c.decodeIfPresent(Double.self, forKey: .maximumHeartRateBPM) { maximumHeartRateBPM = v }
        if let v = try c.decodeIfPresent([Double].self, forKey: .heartRateZoneLowerBounds) { heartRateZoneLowerBounds = v }
    }
}
