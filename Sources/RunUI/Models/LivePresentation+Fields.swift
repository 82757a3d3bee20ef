package import RunCore

extension LivePresentation {
    /// One labelled number of the live state, for the web UI's live page and the runs screen's
    /// "Recording now": its ``id`` is stable (`time`, `moving`, `distance`, `pace`, `averagePace`,
    /// `heartRate`, `averageHeartRate`, `split`, `lap`), its label and value are for people.
    package struct Field: Sendable, Equatable {
        package var id: String
        package var label: String
        package var value: String

        package init(_ id: String, _ label: String, _ value: String) {
            self.id = id
            self.label = label
            self.value = value
        }
    }

    /// The live numbers in the formatter's units and language: time, moving time, distance, pace
    /// now and on average; heart rate now and on average when the source gives one; the split in
    /// progress; the lap in progress once a lap was marked. None without a recording.
    package func fields(formatter f: DisplayFormatter) -> [Field] {
        guard let s = state else { return [] }
        let t = f.language.liveStrings
        var fields = [
            Field("time", t.time, f.duration(s.elapsedTimeSeconds)),
            Field("moving", t.moving, f.duration(s.movingTimeSeconds)),
            Field("distance", t.distance, f.distance(s.distanceMeters)),
            Field("pace", t.pace, f.pace(secondsPerKilometer: s.currentPaceSecondsPerKilometer)),
            Field("averagePace", t.averagePace, f.pace(secondsPerKilometer: s.averagePaceSecondsPerKilometer)),
        ]
        if s.heartRateBPM != nil || s.averageHeartRateBPM != nil {
            fields.append(Field("heartRate", t.heartRate, f.heartRate(s.heartRateBPM)))
            fields.append(Field("averageHeartRate", t.averageHeartRate, f.heartRate(s.averageHeartRateBPM)))
        }
        if let split = s.currentSplit {
            fields.append(Field("split", "\(t.split) \(split.index)",
                                "\(Self.splitFormatter(f, unitMeters: split.unitMeters).distance(split.distanceMeters)) "
                                    + f.duration(split.elapsedTimeSeconds)))
        }
        if s.lapCount > 0 {
            fields.append(Field("lap", "\(t.lap) \(s.lapCount + 1)", "\(f.distance(s.lapDistanceMeters)) \(f.duration(s.lapElapsedTimeSeconds))"))
        }
        return fields
    }

    /// Whether commands can be sent: a recording is in progress and its recorder answers.
    package var acceptsCommands: Bool { isActive && !isStale }

    /// The command the pause button sends in this state: resume when paused, else pause.
    package var pauseCommand: LiveCommandKind { state?.state == .paused ? .resume : .pause }
}
