/// The live numbers of a recording, published by the recorder on each fix (at most 10 times a
/// second) and read by widgets: one value replaced as a whole, never a growing log. All numbers in
/// SI units; times are seconds since 1970 UTC.
package struct LiveState: Sendable, Hashable, Codable {
    /// Identifies the recording (a UUID).
    package var sessionID: String
    /// Increases by one with every publication; readers drop anything not newer than what they saw.
    package var sequence: Int64
    /// Wall-clock time of the publication; a heartbeat older than a few seconds means the recorder
    /// stopped answering.
    package var heartbeatTime: Double
    package var state: RecordingState
    /// Process id of the recorder.
    package var recorderPID: Int32
    /// Where the fixes come from (`replay morning.gpx ×10`, `gpsd 127.0.0.1:2947`).
    package var source: String
    /// Time of the first fix.
    package var startTime: Double?
    /// From the first fix to the newest (paused time included).
    package var elapsedTimeSeconds: Double
    /// Moving time by the same rule as imported runs (``MovingTime``), never decreasing: a stop
    /// recognised after the fact holds it still rather than taking seconds back (see the recorder).
    package var movingTimeSeconds: Double
    /// 2D distance on the WGS84 ellipsoid, within segments, after the GPS clean-up.
    package var distanceMeters: Double
    /// Pace over the last 30 s of recorded fixes (smoothed), seconds per kilometre.
    package var currentPaceSecondsPerKilometer: Double?
    /// Moving time over distance, seconds per kilometre.
    package var averagePaceSecondsPerKilometer: Double?
    /// The newest heart rate, and the time-weighted average so far.
    package var heartRateBPM: Double?
    package var averageHeartRateBPM: Double?
    /// The newest cadence in steps per minute (one-foot counts doubled, ``CadenceUnits``).
    package var cadenceStepsPerMinute: Double?
    package var latitude: Double?
    package var longitude: Double?
    package var elevationMeters: Double?
    /// The split in progress (per kilometre or per mile, as the units setting says).
    package var currentSplit: LiveSplit?
    /// Laps marked so far, and the lap in progress.
    package var lapCount: Int
    package var lapDistanceMeters: Double
    package var lapElapsedTimeSeconds: Double
    /// Fixes recorded, and fixes received while paused (not recorded).
    package var pointCount: Int
    package var skippedWhilePausedCount: Int
    /// The newest command applied (its id in the command queue): acknowledges it.
    package var lastAppliedCommandID: Int64?
    /// After finishing: the run's number in the library.
    package var runID: Int64?
    /// After finishing a replay: true when the library held the replayed file already (``runID``
    /// is that run; nothing new was stored).
    package var runWasAlreadyStored: Bool?
    /// A problem the recorder wants seen (the source went away, the run could not be stored).
    package var message: String?

    package init(sessionID: String, recorderPID: Int32, source: String) {
        self.sessionID = sessionID
        sequence = 0
        heartbeatTime = 0
        state = .ready
        self.recorderPID = recorderPID
        self.source = source
        elapsedTimeSeconds = 0
        movingTimeSeconds = 0
        distanceMeters = 0
        lapCount = 0
        lapDistanceMeters = 0
        lapElapsedTimeSeconds = 0
        pointCount = 0
        skippedWhilePausedCount = 0
    }

    /// Whether the recorder's heartbeat is older than `seconds` at `now`.
    package func isStale(now: Double, after seconds: Double = LiveState.staleAfterSeconds) -> Bool {
        !state.isEnded && now - heartbeatTime > seconds
    }

    /// The recorder publishes at least once a second; three missed beats mean it is not answering.
    package static let staleAfterSeconds = 3.0
}

/// The split in progress.
package struct LiveSplit: Sendable, Hashable, Codable {
    /// 1 for the first kilometre (or mile).
    package var index: Int
    /// 1000 or 1609.344.
    package var unitMeters: Double
    package var distanceMeters: Double
    package var elapsedTimeSeconds: Double

    package init(index: Int, unitMeters: Double, distanceMeters: Double, elapsedTimeSeconds: Double) {
        self.index = index
        self.unitMeters = unitMeters
        self.distanceMeters = distanceMeters
        self.elapsedTimeSeconds = elapsedTimeSeconds
    }
}
