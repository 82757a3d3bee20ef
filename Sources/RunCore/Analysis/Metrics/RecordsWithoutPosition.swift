/// The numbers of a run recorded without positions — a treadmill or indoor-trainer session, a pool
/// swim, a watch whose GPS was off (FIT and TCX records without `position_lat`/`<Position>`) — and
/// the device's own totals beside runlog's.
///
/// With no position, runlog cannot measure distance, so it says where its numbers come from:
/// - times: the records' first and last timestamps (else the device's start and elapsed time);
/// - distance: the device's total per track (FIT session `total_distance`, TCX laps'
///   `DistanceMeters`: foot pod, wheel sensor, pool lengths), else the last record's cumulative
///   distance (FIT record `distance`, TCX `DistanceMeters`); ``DistanceSource/device``;
/// - moving time: the device's timer time (FIT `total_timer_time`, TCX laps' `TotalTimeSeconds`),
///   else the records' time with steps of at most the recording gap (``Timeline/recordingGapSeconds(times:pieces:)``
///   is not defined without positions, so 10 s, FIT's "smart recording" upper bound for most devices);
/// - heart rate and cadence: time-weighted over the records, as for positioned points.
/// Runs with positions are measured on them alone; their records without position (GPS drop-outs)
/// are counted, not measured.
enum RecordsWithoutPosition {
    /// The longest step between records counted as moving when the device gives no timer time.
    static let maximumStepSeconds = 10.0

    static func complete(_ s: inout ActivitySummary, activity: Activity) {
        let tracks = activity.tracks
        s.sourceFormat = activity.sourceFormat
        s.recordsWithoutPositionCount = tracks.reduce(0) { $0 + ($1.recordsWithoutPosition?.count ?? 0) }
        s.deviceTotals = DeviceTotals.combined(tracks.compactMap(\.deviceTotals))
        if s.analyzedPointCount > 0 || s.trackPointCount > 0 {
            // Every time the same (a device's clock stuck on one value): the run still has its date.
            if s.startTimeSeconds == nil, activity.format != .gpx, let first = activity.tracks.lazy.flatMap({ $0.segments }).flatMap({ $0.points })
                .compactMap({ $0.timeSeconds }).min() ?? s.deviceTotals?.startTimeSeconds {
                s.startTimeSeconds = first
                s.endTimeSeconds = first
                s.elapsedTimeSeconds = s.deviceTotals?.elapsedSeconds ?? 0
            }
            return
        }
        var start: Double?, end: Double?
        var deviceDistance = 0.0, hasDeviceDistance = false
        var steppedSeconds = 0.0
        var heart = WeightedAverage(), cadence = WeightedAverage()
        for track in tracks {
            let records = track.recordsWithoutPosition ?? []
            var firstDistance: Double?, lastDistance: Double?
            var previous: TrackPoint?
            for record in records {
                if let t = record.timeSeconds {
                    start = min(start ?? t, t)
                    end = max(end ?? t, t)
                }
                if let d = record.details?.distanceMeters, d.isFinite {
                    firstDistance = firstDistance ?? d
                    lastDistance = d
                }
                if let h = record.heartRateBPM, h > 0 { s.maximumHeartRateBPM = max(s.maximumHeartRateBPM ?? h, h) }
                let h = Float(record.heartRateBPM ?? .nan), c = Float(record.cadenceRPM ?? .nan)
                if let p = previous, let t0 = p.timeSeconds, let t1 = record.timeSeconds, t1 > t0, t1 - t0 <= maximumStepSeconds {
                    steppedSeconds += t1 - t0
                    heart.add(Float(p.heartRateBPM ?? .nan), h, weight: t1 - t0)
                    cadence.add(Float(p.cadenceRPM ?? .nan), c, weight: t1 - t0)
                } else {
                    heart.addSample(h)
                    cadence.addSample(c)
                }
                previous = record
            }
            // The session's total first (the records' count starts after the first length or
            // sample); else the last record's cumulative distance.
            if let total = track.deviceTotals?.distanceMeters, total > 0 {
                deviceDistance += total
                hasDeviceDistance = true
            } else if let first = firstDistance, let last = lastDistance, last > 0 {
                deviceDistance += max(last, last - first)
                hasDeviceDistance = true
            }
        }
        let totals = s.deviceTotals
        if start == nil, let stated = totals?.startTimeSeconds {
            start = stated
            if let elapsed = totals?.elapsedSeconds ?? totals?.timerSeconds { end = stated + elapsed }
        }
        if let start {
            s.startTimeSeconds = start
            s.endTimeSeconds = end ?? start
            s.elapsedTimeSeconds = (end ?? start) - start
        } else {
            // No time at all (times relative to the device's power-on): the device's elapsed time.
            s.elapsedTimeSeconds = totals?.elapsedSeconds
        }
        if hasDeviceDistance {
            s.distanceMeters = deviceDistance
            s.timedDistanceMeters = deviceDistance
            s.distanceSource = .device
        }
        let moving = totals?.timerSeconds ?? (steppedSeconds > 0 ? steppedSeconds : nil)
        if let moving {
            s.movingTimeSeconds = min(moving, s.elapsedTimeSeconds ?? moving)
            if hasDeviceDistance, let m = s.movingTimeSeconds, m > 0 { s.averageSpeedMetersPerSecond = deviceDistance / m }
        }
        s.averageHeartRateBPM = heart.value
        s.averageCadenceRPM = cadence.value
    }
}

/// Where a run's distance comes from.
package enum DistanceSource: String, Sendable, Codable {
    /// Measured by runlog on the positions (WGS84 geodesics, after the GPS clean-up).
    case positions
    /// The device's own distance (foot pod, wheel sensor, pool lengths), for a run without positions.
    case device
}

extension DeviceTotals {
    /// The totals of several sessions taken as one run: times, distances, climbs and calories
    /// summed; averages weighted by timer time; maxima the largest; the first session's sport and
    /// start. nil for none.
    package static func combined(_ all: [DeviceTotals]) -> DeviceTotals? {
        guard let first = all.first else { return nil }
        guard all.count > 1 else { return first }
        func sum(_ key: KeyPath<DeviceTotals, Double?>) -> Double? {
            let values = all.compactMap { $0[keyPath: key] }
            return values.isEmpty ? nil : values.reduce(0, +)
        }
        func weighted(_ key: KeyPath<DeviceTotals, Double?>) -> Double? {
            var total = 0.0, weight = 0.0
            for t in all { if let v = t[keyPath: key], let w = t.timerSeconds, w > 0 { total += v * w; weight += w } }
            return weight > 0 ? total / weight : nil
        }
        var c = DeviceTotals()
        c.sport = first.sport
        c.subSport = first.subSport
        c.startTimeSeconds = all.compactMap(\.startTimeSeconds).min()
        c.elapsedSeconds = sum(\.elapsedSeconds)
        c.timerSeconds = sum(\.timerSeconds)
        c.distanceMeters = sum(\.distanceMeters)
        c.ascentMeters = sum(\.ascentMeters)
        c.descentMeters = sum(\.descentMeters)
        c.averageHeartRateBPM = weighted(\.averageHeartRateBPM)
        c.maxHeartRateBPM = all.compactMap(\.maxHeartRateBPM).max()
        c.averageCadenceRPM = weighted(\.averageCadenceRPM)
        c.averagePowerWatts = weighted(\.averagePowerWatts)
        c.calories = sum(\.calories)
        let laps = all.compactMap(\.lapCount)
        c.lapCount = laps.isEmpty ? nil : laps.reduce(0, +)
        return c
    }
}
