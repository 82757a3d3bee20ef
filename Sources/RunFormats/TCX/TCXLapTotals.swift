import RunCore

/// The values of one `<Lap>` (TCX `ActivityLap_t`) as read, before they become a ``Lap`` and
/// count towards the activity's ``DeviceTotals``.
struct TCXLapValues {
    var startTimeSeconds: Double?
    /// `TotalTimeSeconds`: the time the timer ran during the lap.
    var timerSeconds: Double?
    var distanceMeters: Double?
    /// `Calories`, kilocalories.
    var calories: Double?
    /// `AverageHeartRateBpm/Value`, `MaximumHeartRateBpm/Value`.
    var averageHeartRateBPM: Double?
    var maxHeartRateBPM: Double?
    /// `Cadence` (bike cadence, rpm) or ActivityExtension `LX/AvgRunCadence` (strides per minute);
    /// the schema keeps the two apart ("AvgBikeCadence is stored in the TC2 ActivityLap_t Cadence field").
    var cadenceRPM: Double?
    var averageRunCadence: Double?
    /// ActivityExtension `LX/AvgWatts`.
    var averagePowerWatts: Double?
    /// `TriggerMethod` as written (`Manual`, `Distance`, `Location`, `Time`, `HeartRate`).
    var trigger: String?

    /// The lap for the model. `MaximumSpeed` is not read: Strava writes it ×3600 (64800.0 where
    /// the trackpoints peak at 18 m/s; corpus-fit-tcx README).
    var lap: Lap {
        var lap = Lap(startTimeSeconds: startTimeSeconds)
        lap.timerSeconds = timerSeconds
        lap.distanceMeters = distanceMeters
        lap.averageHeartRateBPM = averageHeartRateBPM
        lap.maxHeartRateBPM = maxHeartRateBPM
        lap.trigger = trigger
        return lap
    }
}

/// An activity's ``DeviceTotals`` summed from its laps, the way TCX must: the schema has no
/// session record. Sums for time, distance and calories; the maximum of the laps' maximum heart
/// rates; averages weighted by each lap's `TotalTimeSeconds` (a lap without a value, or without
/// a time, does not count; when no lap with a value has a time, the plain mean of the values).
struct TCXLapTotals {
    private(set) var lapCount = 0
    private var startTimeSeconds: Double?
    private var timerSeconds: Double?
    private var distanceMeters: Double?
    private var calories: Double?
    private var maxHeartRateBPM: Double?
    private var heartRate = TimeWeightedMean()
    private var cadence = TimeWeightedMean()
    private var power = TimeWeightedMean()

    mutating func add(_ lap: TCXLapValues) {
        lapCount += 1
        if startTimeSeconds == nil { startTimeSeconds = lap.startTimeSeconds }
        if let v = lap.timerSeconds { timerSeconds = (timerSeconds ?? 0) + v }
        if let v = lap.distanceMeters { distanceMeters = (distanceMeters ?? 0) + v }
        if let v = lap.calories { calories = (calories ?? 0) + v }
        if let v = lap.maxHeartRateBPM { maxHeartRateBPM = max(maxHeartRateBPM ?? v, v) }
        heartRate.add(lap.averageHeartRateBPM, seconds: lap.timerSeconds)
        cadence.add(lap.cadenceRPM ?? lap.averageRunCadence, seconds: lap.timerSeconds)
        power.add(lap.averagePowerWatts, seconds: lap.timerSeconds)
    }

    /// The totals, with the activity's `Sport` attribute; elapsed time stays nil (TCX has none).
    func deviceTotals(sport: String?) -> DeviceTotals {
        var totals = DeviceTotals()
        totals.sport = sport
        totals.startTimeSeconds = startTimeSeconds
        totals.timerSeconds = timerSeconds
        totals.distanceMeters = distanceMeters
        totals.calories = calories
        totals.averageHeartRateBPM = heartRate.value
        totals.maxHeartRateBPM = maxHeartRateBPM
        totals.averageCadenceRPM = cadence.value
        totals.averagePowerWatts = power.value
        totals.lapCount = lapCount
        return totals
    }
}

/// A mean of lap values weighted by lap time.
struct TimeWeightedMean {
    private var weightedSum = 0.0
    private var totalSeconds = 0.0
    private var plainSum = 0.0
    private var count = 0

    mutating func add(_ value: Double?, seconds: Double?) {
        guard let value else { return }
        count += 1
        plainSum += value
        if let seconds, seconds > 0 {
            weightedSum += value * seconds
            totalSeconds += seconds
        }
    }

    var value: Double? {
        guard count > 0 else { return nil }
        return totalSeconds > 0 ? weightedSum / totalSeconds : plainSum / Double(count)
    }
}
