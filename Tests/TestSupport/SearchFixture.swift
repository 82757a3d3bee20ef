/// Runs made for the search tests, every property chosen by hand: names, start times, lengths
/// (points × 111.3195 m), durations, sports, heart rate, places (metadata description and keywords,
/// waypoint names, file names) and notes. Expected matches are worked out from this table.
package enum SearchFixture {
    /// The clock the tests run at: Friday 2026-05-15 12:00 UTC.
    package static let now = "2026-05-15T12:00:00Z"

    /// The runs, imported in this order (run numbers 1…6).
    package static let runs: [(file: String, gpx: SyntheticGPX, notes: String)] = [
        ("run-a.gpx", SyntheticGPX(name: "Morning Run", start: "2026-05-14T23:30:00Z", pointCount: 51, heartRate: 150, type: "running",
                                   description: "Stadtpark loop"), ""),                                             // 1: 5.57 km, 1500 s
        ("trail.gpx", SyntheticGPX(name: "Trail Climb", start: "2026-05-01T07:00:00Z", pointCount: 101, secondsPerStep: 45,
                                   type: "trail_running", waypoints: ["Summit cross"]), ""),                        // 2: 11.13 km, 4500 s
        ("walk.gpx", SyntheticGPX(name: "Evening Walk", start: "2026-04-20T18:00:00Z", pointCount: 21, secondsPerStep: 80,
                                  heartRate: 100, type: "walking"), ""),                                            // 3: 2.23 km, 1600 s
        ("race.gpx", SyntheticGPX(name: "Old Race", start: "2025-11-02T09:00:00Z", pointCount: 91, heartRate: 170, type: "running"),
         "Münster Marathon pacing test"),                                                                            // 4: 10.02 km, 2700 s
        ("plan.gpx", SyntheticGPX(name: "Planned loop", start: nil, pointCount: 11), ""),                           // 5: 1.11 km, no times
        ("long.gpx", SyntheticGPX(name: "Sunday Long", start: "2026-05-10T08:00:00Z", pointCount: 181, type: "running",
                                  keywords: "river, bridges"), ""),                                                 // 6: 20.04 km, 5400 s
    ]
}
