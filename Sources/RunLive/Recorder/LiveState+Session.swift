import RunCore

extension LiveState {
    /// Takes the session's numbers, with the next sequence number and a new heartbeat.
    ///
    /// The moving time published never decreases. The analysis recognises a stop only after the
    /// fact (``MovingTime``: slower than the moving-speed threshold for at least the shortest
    /// stop), and then takes the stop's first seconds, counted as moving until then, back out:
    /// computed afresh, the live value would step back by up to the shortest stop (10 s by
    /// default). Published, it stands still instead until the analysis' value passes it again, so
    /// it is ahead of the analysis by at most that much for as long; the finished run keeps the
    /// analysis' value.
    mutating func update(from session: RecordingSession, now: Double) {
        let numbers = session.liveNumbers()
        sequence += 1
        heartbeatTime = now
        state = session.state
        startTime = session.startTime
        elapsedTimeSeconds = numbers.elapsedTimeSeconds
        movingTimeSeconds = max(movingTimeSeconds, numbers.movingTimeSeconds)
        distanceMeters = numbers.distanceMeters
        currentPaceSecondsPerKilometer = numbers.currentPaceSecondsPerKilometer
        averagePaceSecondsPerKilometer = numbers.averagePaceSecondsPerKilometer
        heartRateBPM = numbers.heartRateBPM
        averageHeartRateBPM = numbers.averageHeartRateBPM
        cadenceStepsPerMinute = numbers.cadenceStepsPerMinute
        currentSplit = numbers.currentSplit
        lapCount = session.laps.count
        lapDistanceMeters = numbers.lapDistanceMeters
        lapElapsedTimeSeconds = numbers.lapElapsedTimeSeconds
        pointCount = session.pointCount
        skippedWhilePausedCount = session.skippedWhilePausedCount
        let last = session.segments.last?.last
        latitude = last?.latitude
        longitude = last?.longitude
        elevationMeters = last?.elevationMeters
    }
}
