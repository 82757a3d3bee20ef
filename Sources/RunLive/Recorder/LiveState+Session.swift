import RunCore

extension LiveState {
    /// Takes the session's numbers, with the next sequence number and a new heartbeat.
    mutating func update(from session: RecordingSession, now: Double) {
        let numbers = session.liveNumbers()
        sequence += 1
        heartbeatTime = now
        state = session.state
        startTime = session.startTime
        elapsedTimeSeconds = numbers.elapsedTimeSeconds
        movingTimeSeconds = numbers.movingTimeSeconds
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
