/// The sport of a run, which sets the analysis defaults that depend on it.
public enum Sport: String, Sendable, Hashable, Codable, CaseIterable {
    case running
    case trailRunning
    case walking
    case hiking
    case cycling
    case other

    /// Whether cadence counts steps (foot sports) rather than pedal revolutions.
    public var isOnFoot: Bool { self != .cycling && self != .other }

    /// The sport a GPX `<type>` names (Strava, Garmin, OpenTracks and FitTrackee spellings; any
    /// case, words or codes like `running`, `Run`, `trail_running`, `9`), or nil when unknown.
    public static func fromGPXType(_ type: String?) -> Sport? {
        guard let type else { return nil }
        let key = type.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        // Numbers are Strava's activity type codes in its GPX exports (1 ride, 4 hike, 9 run, 10 walk).
        case "running", "run", "treadmillrunning", "streetrunning", "trackrunning", "indoorrunning", "jogging", "virtualrun", "9":
            return .running
        case "trailrunning", "trailrun", "trail": return .trailRunning
        case "walking", "walk", "hikingwalking", "nordicwalking", "10": return .walking
        case "hiking", "hike", "mountaineering", "alpinetour", "alpinetouring", "4": return .hiking
        case "cycling", "biking", "ride", "bike", "roadcycling", "roadbiking", "mountainbiking", "gravelcycling", "gravelbiking",
             "ebiking", "ebikeride", "virtualride", "mountainbikeride", "indoorcycling", "1":
            return .cycling
        // Sports that are neither on foot nor pedalled: their own thresholds, no step cadence.
        case "swimming", "swim", "openwaterswimming", "surfing", "kitesurfing", "windsurfing", "speedsurfing", "sailing",
             "rowing", "kayaking", "canoeing", "paddling", "standuppaddling", "skiing", "ski", "alpineskiing", "backcountryskiing",
             "nordicskiing", "crosscountryskiing", "snowboarding", "skating", "inlineskating", "iceskating", "driving",
             "motorcycling", "flying", "horsebackriding", "other":
            return .other
        default: return nil
        }
    }

    /// Defaults for the sport.
    public var profile: SportProfile {
        switch self {
        case .running, .trailRunning:
            return SportProfile(movingSpeedThresholdMetersPerSecond: 0.5, maximumPlausibleSpeedMetersPerSecond: 12.5)
        case .walking, .hiking:
            return SportProfile(movingSpeedThresholdMetersPerSecond: 0.2, maximumPlausibleSpeedMetersPerSecond: 8)
        case .cycling:
            return SportProfile(movingSpeedThresholdMetersPerSecond: 1.0, maximumPlausibleSpeedMetersPerSecond: 35)
        case .other:
            return SportProfile(movingSpeedThresholdMetersPerSecond: 0.5, maximumPlausibleSpeedMetersPerSecond: 35)
        }
    }
}

/// Per-sport analysis defaults.
///
/// - Moving-speed thresholds: below them a stretch of at least ``AnalysisParameters/minimumStopSeconds``
///   is a stop. 0.5 m/s (1.8 km/h) for running is slower than any walk a runner takes and faster
///   than GPS drift while standing; 0.2 m/s for walking and hiking keeps slow uphill walking moving
///   (FitTrackee uses 0.1 km/h for these, GPXSee 0.15 m/s for slow tracks); 1 m/s for cycling.
/// - Plausible speeds bound the GPS spike filter: 12.5 m/s is the fastest a human runs (Usain Bolt's
///   peak, 12.4 m/s, 2009); 8 m/s for walking and hiking (running downhill included); 35 m/s
///   (126 km/h) for cycling descents.
public struct SportProfile: Sendable, Hashable, Codable {
    public var movingSpeedThresholdMetersPerSecond: Double
    public var maximumPlausibleSpeedMetersPerSecond: Double
}
