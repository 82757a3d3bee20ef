/// A recording in progress, as a value: fixes go in, commands change its state, and
/// ``liveNumbers()`` computes what a widget shows with the same analysis as an imported run
/// (``ActivityAnalyzer`` on the recorded points: GPS clean-up, distance, moving time, splits, heart
/// rate). No I/O, no clock: the recorder feeds it.
///
/// - Manual pause: fixes are not recorded; resuming starts a new track segment, so the pause is
///   not distance and not moving time.
/// - Auto-pause (when on): the state shows `autoPaused` while the runner has covered less than
///   the moving-speed threshold × the shortest stop during the last shortest-stop seconds, and
///   `running` again once the last 5 s are faster than the threshold. Fixes are still recorded —
///   the moving-time rule leaves the stop out of the numbers, as it does for an imported file.
/// - Laps are marks (time, distance, position); the finished run keeps them as waypoints named
///   "Lap N".
package struct RecordingSession: Sendable {
    package let parameters: AnalysisParameters
    package let autoPause: Bool
    /// 1000 (kilometre splits) or 1609.344 (mile splits).
    package let splitUnitMeters: Double
    package private(set) var state: RecordingState = .ready
    /// The recorded points by segment (the finished run's one track).
    package private(set) var segments: [[TrackPoint]] = []
    package private(set) var laps: [Lap] = []
    /// Fixes received while paused by a command (not recorded).
    package private(set) var skippedWhilePausedCount = 0
    /// Time of the first fix and of the newest fix seen (recorded or not).
    package private(set) var startTime: Double?
    package private(set) var newestTime: Double?

    /// Closed segments, already cleaned; the open one is added on each computation.
    private var closedTimeline: TimelineBuilder
    /// Whether the next recorded fix starts a new segment.
    private var startsNewSegment = true
    /// Cumulative raw distance and times of the open segment, for auto-pause.
    private var openDistances: [Double] = []
    private var openTimes: [Double] = []

    package struct Lap: Sendable, Hashable, Codable {
        package var timeSeconds: Double?
        package var distanceMeters: Double
        package var latitude: Double?
        package var longitude: Double?
    }

    package init(parameters: AnalysisParameters, autoPause: Bool, splitUnitMeters: Double = Splits.kilometer) {
        self.parameters = parameters
        self.autoPause = autoPause
        self.splitUnitMeters = splitUnitMeters
        closedTimeline = TimelineBuilder(parameters: parameters)
        closedTimeline.beginTrack()
    }

    /// Continues an interrupted recording from its stored points (a new segment starts with the
    /// next fix).
    package init(parameters: AnalysisParameters, autoPause: Bool, splitUnitMeters: Double = Splits.kilometer,
                recovering segments: [[TrackPoint]], laps: [Lap], state: RecordingState) {
        self.init(parameters: parameters, autoPause: autoPause, splitUnitMeters: splitUnitMeters)
        for segment in segments where !segment.isEmpty {
            self.segments.append(segment)
            closedTimeline.beginSegment()
            for point in segment { closedTimeline.add(point) }
            closedTimeline.endSegment()
        }
        self.laps = laps
        startTime = segments.lazy.flatMap { $0 }.compactMap(\.timeSeconds).first
        newestTime = segments.last?.last?.timeSeconds
        self.state = state == .ready || state.isEnded ? (segments.isEmpty ? .ready : .paused) : .paused
    }

    package var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    // MARK: - Fixes

    /// Takes a fix from the source.
    /// - Returns: whether it was recorded (not when paused by a command or ended).
    @discardableResult
    package mutating func add(_ fix: TrackPoint) -> Bool {
        if let time = fix.timeSeconds {
            if startTime == nil, state != .paused { startTime = time }
            newestTime = max(newestTime ?? time, time)
        }
        switch state {
        case .finished, .discarded: return false
        case .paused:
            skippedWhilePausedCount += 1
            return false
        case .ready:
            state = .running
        case .running, .autoPaused:
            break
        }
        if startsNewSegment { openSegment() }
        segments[segments.count - 1].append(fix)
        trackOpenSegment(fix)
        if autoPause { updateAutoPause() }
        return true
    }

    /// Ends the current track segment where the source's recording ends one (a replayed file's
    /// `<trkseg>`): the next recorded fix starts a new segment.
    package mutating func breakSegment() {
        if state == .running || state == .autoPaused { closeSegment() }
    }

    private mutating func openSegment() {
        segments.append([])
        openDistances.removeAll()
        openTimes.removeAll()
        startsNewSegment = false
    }

    private mutating func closeSegment() {
        guard !startsNewSegment, let last = segments.last, !last.isEmpty else { startsNewSegment = true; return }
        closedTimeline.beginSegment()
        for point in last { closedTimeline.add(point) }
        closedTimeline.endSegment()
        startsNewSegment = true
    }

    private mutating func trackOpenSegment(_ fix: TrackPoint) {
        let open = segments[segments.count - 1]
        var distance = openDistances.last ?? 0
        if open.count >= 2 {
            let previous = open[open.count - 2]
            distance += Geodesic.wgs84.fastDistanceMeters(latitude1: previous.latitude, longitude1: previous.longitude,
                                                          latitude2: fix.latitude, longitude2: fix.longitude)
        }
        openDistances.append(distance)
        openTimes.append(fix.timeSeconds ?? .nan)
    }

    /// Auto-pause from the raw fixes of the open segment (see the type's documentation).
    private mutating func updateAutoPause() {
        guard let now = openTimes.last, !now.isNaN else { return }
        let threshold = parameters.movingSpeedThresholdMetersPerSecond
        switch state {
        case .running:
            let window = parameters.minimumStopSeconds
            if let speed = averageSpeed(since: now - window), speed < threshold { state = .autoPaused }
        case .autoPaused:
            if let speed = averageSpeed(since: now - 5), speed >= threshold { state = .running }
        default:
            break
        }
    }

    /// Average speed of the open segment from the last fix at or before `time` to the newest,
    /// or nil when the segment does not reach that far back.
    private func averageSpeed(since time: Double) -> Double? {
        guard let first = openTimes.first, !first.isNaN, first <= time else { return nil }
        var index = openTimes.count - 1
        while index > 0, openTimes[index] > time || openTimes[index].isNaN { index -= 1 }
        let seconds = openTimes[openTimes.count - 1] - openTimes[index]
        guard seconds > 0 else { return nil }
        return (openDistances[openDistances.count - 1] - openDistances[index]) / seconds
    }

    // MARK: - Commands

    /// Applies a command.
    /// - Throws: ``LiveCommandError`` when the command does not apply in the current state
    ///   (resume while running, anything after the end: ``LiveCommandError/refusal(of:in:)``);
    ///   nothing changes then.
    package mutating func apply(_ command: LiveCommandKind) throws {
        if let refusal = LiveCommandError.refusal(of: command, in: state) { throw refusal }
        switch command {
        case .pause:
            closeSegment()
            state = .paused
        case .resume:
            state = segments.isEmpty ? .ready : .running
        case .lap:
            let numbers = liveNumbers()
            let last = segments.last?.last
            laps.append(Lap(timeSeconds: newestTime, distanceMeters: numbers.distanceMeters,
                            latitude: last?.latitude, longitude: last?.longitude))
        case .finish:
            closeSegment()
            state = .finished
        case .discard:
            state = .discarded
        }
    }

    // MARK: - Numbers

    /// The analysis of everything recorded so far.
    /// - Complexity: O(n) in the points recorded.
    package func analysis() -> RunAnalysis { analysisAndTimeline().analysis }

    private func analysisAndTimeline() -> (analysis: RunAnalysis, timeline: Timeline) {
        var builder = closedTimeline
        if !startsNewSegment, let open = segments.last, !open.isEmpty {
            builder.beginSegment()
            for point in open { builder.add(point) }
            builder.endSegment()
        }
        let timeline = builder.finish()
        return (ActivityAnalyzer.analyze(timeline, routes: RouteTotals(), waypointCount: laps.count), timeline)
    }

    /// What a widget shows now.
    package func liveNumbers() -> LiveNumbers {
        let (analysis, timeline) = analysisAndTimeline()
        let s = analysis.summary
        var numbers = LiveNumbers()
        numbers.elapsedTimeSeconds = (startTime.flatMap { start in newestTime.map { $0 - start } }) ?? 0
        numbers.movingTimeSeconds = s.movingTimeSeconds ?? 0
        numbers.distanceMeters = s.distanceMeters
        numbers.averagePaceSecondsPerKilometer = s.averagePaceSecondsPerKilometer
        numbers.currentPaceSecondsPerKilometer = Self.recentPace(timeline, seconds: parameters.speedWindowSeconds)
        numbers.averageHeartRateBPM = s.averageHeartRateBPM
        let last = segments.last?.last
        numbers.heartRateBPM = last?.heartRateBPM
        if let cadence = last?.cadenceRPM {
            let factor = s.averageCadenceStepsPerMinute.flatMap { steps in s.averageCadenceRPM.map { steps / $0 } } ?? 1
            numbers.cadenceStepsPerMinute = cadence * (factor.isFinite && factor > 0 ? factor.rounded() : 1)
        }
        let splits = splitUnitMeters == Splits.mile ? analysis.splitsPerMile : analysis.splitsPerKilometer
        let complete = splits.filter { !$0.isPartial }.count
        let open = splits.last(where: \.isPartial)
        numbers.currentSplit = LiveSplit(index: complete + 1, unitMeters: splitUnitMeters,
                                         distanceMeters: open?.distanceMeters ?? 0, elapsedTimeSeconds: open?.elapsedTimeSeconds ?? 0)
        if let lap = laps.last {
            numbers.lapDistanceMeters = s.distanceMeters - lap.distanceMeters
            numbers.lapElapsedTimeSeconds = (newestTime ?? 0) - (lap.timeSeconds ?? newestTime ?? 0)
        } else {
            numbers.lapDistanceMeters = s.distanceMeters
            numbers.lapElapsedTimeSeconds = numbers.elapsedTimeSeconds
        }
        return numbers
    }

    /// Pace over the last `seconds` of the newest piece of the timeline, or nil below 5 s or 1 m.
    static func recentPace(_ timeline: Timeline, seconds: Double) -> Double? {
        guard let piece = timeline.pieces.last, !piece.isEmpty else { return nil }
        let t = timeline.points.time, d = timeline.distance
        var end = piece.upperBound - 1
        while end > piece.lowerBound, t[end].isNaN { end -= 1 }
        guard !t[end].isNaN else { return nil }
        var start = end
        while start > piece.lowerBound, !t[start - 1].isNaN, t[end] - t[start - 1] <= seconds { start -= 1 }
        let dt = t[end] - t[start], dd = d[end] - d[start]
        guard dt >= 5, dd >= 1 else { return nil }
        return dt / dd * 1000
    }
}

/// The numbers of a recording at one moment (see ``LiveState``, which carries them).
package struct LiveNumbers: Sendable, Hashable {
    package var elapsedTimeSeconds = 0.0
    package var movingTimeSeconds = 0.0
    package var distanceMeters = 0.0
    package var currentPaceSecondsPerKilometer: Double?
    package var averagePaceSecondsPerKilometer: Double?
    package var heartRateBPM: Double?
    package var averageHeartRateBPM: Double?
    package var cadenceStepsPerMinute: Double?
    package var currentSplit: LiveSplit?
    package var lapDistanceMeters = 0.0
    package var lapElapsedTimeSeconds = 0.0
}
