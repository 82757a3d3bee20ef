package import RunCore
import RunStore

/// The live state of a recording for people (the widget's lines) and for machines (JSON with SI
/// units in the keys, ISO 8601 UTC times, the same in every language).
package struct LivePresentation: Sendable {
    /// nil: no recording was ever started.
    package var state: LiveState?
    /// Whether the recorder stopped answering (heartbeat older than ``LiveState/staleAfterSeconds``).
    package var isStale: Bool

    package init(state: LiveState?, now: Double) {
        self.state = state
        isStale = state.map { LiveHeartbeat.isStale($0, now: now) } ?? false
    }

    /// A state whose staleness is known: a state followed by a newer one was not stale.
    package init(state: LiveState?, isStale: Bool) {
        self.state = state
        self.isStale = isStale
    }

    /// Whether a recording is in progress (not ended).
    package var isActive: Bool { state.map { !$0.state.isEnded } ?? false }

    /// The widget's lines: state, time, distance, pace, heart rate, split and lap (after the end:
    /// the last numbers, and the run's number).
    /// - Parameter clock: writes a time of day (`12:03:04`) for the "not responding" line.
    package func lines(formatter f: DisplayFormatter, clock: (Double) -> String) -> [String] {
        let t = f.language.liveStrings
        guard let s = state else { return [t.noRun] }
        var lines = [status(t, clock: clock)]
        lines.append("\(t.time) \(f.duration(s.elapsedTimeSeconds))   \(t.moving) \(f.duration(s.movingTimeSeconds))")
        lines.append("\(t.distance) \(f.distance(s.distanceMeters))")
        lines.append("\(t.pace) \(f.pace(secondsPerKilometer: s.currentPaceSecondsPerKilometer))   "
                     + "\(t.average) \(f.pace(secondsPerKilometer: s.averagePaceSecondsPerKilometer))")
        if s.heartRateBPM != nil || s.averageHeartRateBPM != nil {
            lines.append("\(t.heartRate) \(f.heartRate(s.heartRateBPM))   \(t.average) \(f.heartRate(s.averageHeartRateBPM))")
        }
        if let split = s.currentSplit {
            let unit = Self.splitFormatter(f, unitMeters: split.unitMeters)
            lines.append("\(t.split) \(split.index): \(unit.distance(split.distanceMeters)) \(f.duration(split.elapsedTimeSeconds))")
        }
        if s.lapCount > 0 {
            lines.append("\(t.lap) \(s.lapCount + 1): \(f.distance(s.lapDistanceMeters)) \(f.duration(s.lapElapsedTimeSeconds))")
        }
        if let run = s.runID { lines.append(t.storedAsRun(String(run))) }
        if let message = s.message { lines.append(message) }
        return lines
    }

    /// The headline: the state and the source (`Running — replay morning.gpx ×10`), or that the
    /// recorder stopped answering and since when; "No run in progress" without a recording (a
    /// finished one included: pass `showsEnded` to name its end instead).
    /// - Parameter clock: writes a time of day (`12:03:04`).
    package func status(_ t: LiveStrings, clock: (Double) -> String, showsEnded: Bool = true) -> String {
        guard let s = state, showsEnded || !s.state.isEnded else { return t.noRun }
        if isStale { return t.notResponding(clock(s.heartbeatTime)) }
        return t.state(s.state) + " — " + s.source
    }

    /// The keys the widget offers in this state.
    package func keys(_ strings: LiveStrings) -> String {
        guard let s = state, !s.state.isEnded, !isStale else { return strings.keysEnded }
        return s.state == .paused ? strings.keysPaused : strings.keysRunning
    }

    /// The state as JSON (`{"state": "none"}` without a recording).
    package var json: JSONValue {
        guard let s = state else { return .object(["state": .string("none"), "stale": .bool(false)]) }
        var object: [String: JSONValue] = [
            "sessionId": .string(s.sessionID), "sequence": .integer(s.sequence),
            "heartbeatTime": .string(UTCDateTime.format(seconds: s.heartbeatTime, fractionDigits: 3)),
            "state": .string(s.state.rawValue), "stale": .bool(isStale), "recorderPid": .integer(Int64(s.recorderPID)),
            "source": .string(s.source), "startTime": .from(s.startTime.map { UTCDateTime.format(seconds: $0) }),
            "elapsedTimeSeconds": .number(s.elapsedTimeSeconds), "movingTimeSeconds": .number(s.movingTimeSeconds),
            "distanceMeters": .number(s.distanceMeters),
            "currentPaceSecondsPerKilometer": .from(s.currentPaceSecondsPerKilometer),
            "averagePaceSecondsPerKilometer": .from(s.averagePaceSecondsPerKilometer),
            "heartRateBeatsPerMinute": .from(s.heartRateBPM), "averageHeartRateBeatsPerMinute": .from(s.averageHeartRateBPM),
            "cadenceStepsPerMinute": .from(s.cadenceStepsPerMinute),
            "latitude": .from(s.latitude), "longitude": .from(s.longitude), "elevationMeters": .from(s.elevationMeters),
            "lapCount": .integer(Int64(s.lapCount)), "lapDistanceMeters": .number(s.lapDistanceMeters),
            "lapElapsedTimeSeconds": .number(s.lapElapsedTimeSeconds),
            "pointCount": .integer(Int64(s.pointCount)), "skippedWhilePausedCount": .integer(Int64(s.skippedWhilePausedCount)),
            "lastAppliedCommandId": s.lastAppliedCommandID.map { .integer($0) } ?? .null,
            "runId": s.runID.map { .integer($0) } ?? .null, "message": .from(s.message),
        ]
        object["currentSplit"] = s.currentSplit.map { split in
            .object(["index": .integer(Int64(split.index)), "unitMeters": .number(split.unitMeters),
                     "distanceMeters": .number(split.distanceMeters), "elapsedTimeSeconds": .number(split.elapsedTimeSeconds)])
        } ?? .null
        return .object(object)
    }
}

extension LivePresentation {
    /// The formatter for the current split: in the unit the recording splits by (chosen when it
    /// began), whatever the units setting says now — a km split is not shown in miles.
    static func splitFormatter(_ formatter: DisplayFormatter, unitMeters: Double) -> DisplayFormatter {
        var split = formatter
        split.units = abs(unitMeters - UnitSystem.imperial.metersPerDistanceUnit) < 1 ? .imperial : .metric
        return split
    }
}
