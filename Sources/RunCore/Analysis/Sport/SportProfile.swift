/// Per-sport analysis defaults: when a stretch is standing still, and which speeds the sport can
/// have at all.
///
/// - **Moving-speed threshold**: below it, a stretch of at least
///   ``AnalysisParameters/minimumStopSeconds`` is a stop. 0.5 m/s (1.8 km/h) for running is slower
///   than any walk a runner takes and faster than GPS drift while standing; 0.2 m/s for walking
///   and hiking keeps slow uphill walking moving (FitTrackee uses 0.1 km/h for these, GPXSee
///   0.15 m/s for slow tracks); 1 m/s for cycling; 0.1 m/s for swimming (a slow open-water crawl
///   is 0.6 m/s; GPS on a wrist in water drifts little between the fixes it gets).
/// - **Sustained maximum** (``maximumPlausibleSpeedMetersPerSecond``): no stretch of the sport is
///   faster (``FastStretches`` judges a minute at a time; faster is travel by other means:
///   distance, but no best effort, best pace or maximum speed). Running 7.3 m/s — the 1500 m and
///   mile world records' pace (3:26.00, 3:43.13; World Athletics); walking and hiking 4.5 m/s —
///   faster than the 20 km race-walking world record (1:16:36, 4.35 m/s); cycling 30 m/s
///   (108 km/h, a fast descent); swimming 2.4 m/s — the 50 m freestyle world record (20.91 s,
///   2.39 m/s; World Aquatics); other sports (sailing, skiing, driving) 70 m/s.
/// - **Ceiling** (``speedCeilingMetersPerSecond``): no single interval of the sport is faster;
///   faster ones are GPS spikes and jumps (``SegmentCleaner``, which also allows 4 × the
///   segment's median speed). Running 12.5 m/s — the fastest a human runs (Usain Bolt's peak,
///   12.4 m/s, 2009); walking and hiking 8 m/s (running downhill included); cycling 35 m/s
///   (126 km/h); swimming 3 m/s; other 70 m/s.
package struct SportProfile: Sendable, Hashable, Codable {
    package var movingSpeedThresholdMetersPerSecond: Double
    /// The fastest the sport is for a minute.
    package var maximumPlausibleSpeedMetersPerSecond: Double
    /// The fastest the sport is for one interval.
    package var speedCeilingMetersPerSecond: Double

    package static func of(_ sport: Sport) -> SportProfile {
        switch sport {
        case .running, .trailRunning:
            return SportProfile(movingSpeedThresholdMetersPerSecond: 0.5, maximumPlausibleSpeedMetersPerSecond: 7.3, speedCeilingMetersPerSecond: 12.5)
        case .walking, .hiking:
            return SportProfile(movingSpeedThresholdMetersPerSecond: 0.2, maximumPlausibleSpeedMetersPerSecond: 4.5, speedCeilingMetersPerSecond: 8)
        case .cycling:
            return SportProfile(movingSpeedThresholdMetersPerSecond: 1.0, maximumPlausibleSpeedMetersPerSecond: 30, speedCeilingMetersPerSecond: 35)
        case .swimming:
            return SportProfile(movingSpeedThresholdMetersPerSecond: 0.1, maximumPlausibleSpeedMetersPerSecond: 2.4, speedCeilingMetersPerSecond: 3)
        case .other:
            return SportProfile(movingSpeedThresholdMetersPerSecond: 0.5, maximumPlausibleSpeedMetersPerSecond: 70, speedCeilingMetersPerSecond: 70)
        }
    }
}
