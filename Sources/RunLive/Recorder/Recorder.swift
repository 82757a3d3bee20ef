package import RunCore
package import RunStore
import Foundation

/// Records a run: takes fixes from a ``FixSource``, feeds them to a ``RecordingSession``, writes
/// each recorded point durably to the shared store as it arrives, publishes the live state (at
/// most 10 times a second, and at least once a second as a heartbeat), and applies the commands
/// other processes queue, in order, acknowledging each with the state that follows it.
///
/// One recorder per process; its loop runs on the calling thread, which owns the store
/// connection. The source runs on its own thread; the store observer and the signal handlers post
/// to the loop's inbox. SIGINT, SIGTERM and SIGHUP (its terminal closed) finish and store the run.
package struct Recorder {
    /// The shared store: the live session is kept there, and its commits wake the loop.
    package let store: any SharedStorage
    package let live: any LiveStorage
    package let setup: RecordingSetup
    package let source: any FixSource
    /// Stores the finished recording (in the library); returns the run's number.
    package let archive: RecordingArchiver
    /// Wall-clock seconds since 1970 (injectable for tests).
    package let clock: @Sendable () -> Double

    /// Seconds since 1970 now.
    package static let wallClock: @Sendable () -> Double = { Date().timeIntervalSince1970 }

    /// Fastest publication: 10 per second.
    package static let minimumPublishInterval = 0.1
    /// Heartbeat: a publication at least this often, fixes or not.
    package static let heartbeatInterval = 1.0

    package init(store: any SharedStorage, setup: RecordingSetup, source: any FixSource,
                archive: @escaping RecordingArchiver,
                clock: @escaping @Sendable () -> Double = Recorder.wallClock) {
        self.store = store
        self.live = store.live()
        self.setup = setup
        self.source = source
        self.archive = archive
        self.clock = clock
    }

    /// Starts a new recording and records until it finishes or is discarded.
    /// - Parameters:
    ///   - started: called once the recording has begun in the store (not when it was refused).
    ///   - progress: called after each publication (for a terminal status line).
    /// - Returns: the last state (`finished` with the run's number, or `discarded`).
    /// - Throws: ``LiveError`` (a recording is running already or was interrupted), storage
    ///   errors; ``FixSourceError`` when the source fails before its first fix (the recording is
    ///   discarded then, and the published state says why).
    package func record(started: (LiveState) -> Void = { _ in }, progress: (LiveState) -> Void = { _ in }) throws -> LiveState {
        var state = LiveState(sessionID: UUID().uuidString.lowercased(), recorderPID: getpid(), source: source.description)
        state.heartbeatTime = clock()
        state.sequence = 1
        try live.begin(state, setup: setup, now: state.heartbeatTime)
        started(state)
        let session = RecordingSession(parameters: setup.parameters, autoPause: setup.autoPause, splitUnitMeters: setup.splitUnitMeters)
        return try loop(session: session, state: state, source: source, progress: progress)
    }

    /// Continues an interrupted recording with this recorder's source (a new segment starts).
    /// - Throws: ``LiveError`` `.noRecording`, `.recordingRunning`, storage errors;
    ///   ``FixSourceError`` when the source fails before its first fix (the recording stays
    ///   interrupted, to be recovered again).
    package func resume(progress: (LiveState) -> Void = { _ in }) throws -> LiveState {
        var state = try live.takeOver(recorderPID: getpid(), now: clock())
        state.source = source.description
        let session = try Self.recovered(live, state: state, setup: setup, resumeRunning: true)
        // A replay continues after the last fix stored, not from its start again.
        let lastTime = try live.points(session: state.sessionID).last?.last { $0.timeSeconds != nil }?.timeSeconds
        return try loop(session: session, state: state, source: lastTime.map { source.continuing(after: $0) } ?? source, progress: progress)
    }

    /// The session of an interrupted recording, from its stored points and laps.
    static func recovered(_ live: any LiveStorage, state: LiveState, setup: RecordingSetup, resumeRunning: Bool) throws -> RecordingSession {
        var session = RecordingSession(parameters: setup.parameters, autoPause: setup.autoPause, splitUnitMeters: setup.splitUnitMeters,
                                       recovering: try live.points(session: state.sessionID), laps: try live.laps(), state: state.state)
        if resumeRunning, session.state == .paused, state.state != .paused { try? session.apply(.resume) }
        return session
    }

    private func loop(session start: RecordingSession, state first: LiveState, source: any FixSource,
                      progress: (LiveState) -> Void) throws -> LiveState {
        var session = start
        var state = first
        let inbox = EventInbox<RecorderEvent>()
        let stop = StopFlag()
        let observer = try store.observeChanges(fallbackSeconds: 1) { inbox.post(.storeChanged) }
        // SIGHUP too: the terminal the recorder ran in was closed; the run is kept, as with Ctrl-C.
        let signals = SignalWatch(signals: [SIGINT, SIGTERM, SIGHUP]) { inbox.post(.stopRequested) }
        let thread = Thread {
            do {
                try source.run(emit: { inbox.post(.source($0)) }, stop: stop)
                inbox.post(.sourceEnded(nil))
            } catch {
                inbox.post(.sourceEnded(error))
            }
        }
        thread.name = "runlog.fix-source"
        thread.start()
        defer {
            stop.set()
            observer.stop()
            signals.cancel()
        }

        var nextNumber = session.pointCount
        var publishInterval = Self.minimumPublishInterval
        var lastPublish = -Double.infinity
        var changed = true
        var lapCount = session.laps.count
        var fixesReceived = 0
        inbox.post(.storeChanged)   // commands queued before the recorder started
        while true {
            let now = clock()
            let due = changed ? lastPublish + publishInterval : lastPublish + Self.heartbeatInterval
            var points: [LivePoint] = []
            var applied: [AppliedCommand] = []
            var urgent = false
            for event in inbox.take(waitingUpTo: max(0, due - now)) {
                switch event {
                case .source(.fix(let point)):
                    fixesReceived += 1
                    let before = session.state
                    if session.add(point) {
                        points.append(LivePoint(number: nextNumber, segment: session.segments.count - 1, point: point))
                        nextNumber += 1
                    }
                    urgent = urgent || session.state != before
                    changed = true
                case .source(.segmentBreak):
                    session.breakSegment()
                case .source(.notice(let message)):
                    state.message = message
                    urgent = true
                case .sourceEnded(let failure?) where fixesReceived == 0:
                    // The source never started (gpsd not there): nothing of this process's to
                    // store. A new recording is dropped; a continued one stays interrupted,
                    // with its points, for another '--recover'.
                    state.message = "\(failure)"
                    if session.pointCount == 0 {
                        try? session.apply(.discard)
                        let closer = SessionCloser(live: live, setup: setup, archive: archive, clock: clock)
                        _ = try closer.close(session, state: state, points: points, applied: applied, progress: progress)
                    } else {
                        state.update(from: session, now: clock())
                        try live.publish(state, points: points, applied: applied)
                    }
                    throw failure
                case .sourceEnded(let failure):
                    state.message = failure.map { "\($0)" } ?? state.message
                    try? session.apply(.finish)
                    urgent = true
                case .stopRequested:
                    try? session.apply(.finish)
                    urgent = true
                case .storeChanged:
                    // Applied commands are marked in the store with the next publication: skip
                    // those this loop has applied already.
                    for command in try live.pendingCommands(session: state.sessionID) where command.id > (state.lastAppliedCommandID ?? 0) {
                        do {
                            try session.apply(command.kind)
                            applied.append(AppliedCommand(id: command.id, outcome: "ok"))
                        } catch let error as LiveCommandError {
                            applied.append(AppliedCommand(id: command.id, outcome: error.answer))
                        }
                        state.lastAppliedCommandID = command.id
                        urgent = true
                    }
                }
            }
            if session.state.isEnded {
                let closer = SessionCloser(live: live, setup: setup, archive: archive, clock: clock)
                return try closer.close(session, state: state, points: points, applied: applied, progress: progress)
            }
            let time = clock()
            if urgent || time >= (changed ? lastPublish + publishInterval : lastPublish + Self.heartbeatInterval) {
                let started = DispatchTime.now().uptimeNanoseconds
                state.update(from: session, now: time)
                // Computing the numbers is O(points): on a long run, publish less often rather
                // than spend more than a tenth of the time on it.
                publishInterval = max(Self.minimumPublishInterval, 10 * Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
                let laps = session.laps.count != lapCount ? session.laps : nil
                lapCount = session.laps.count
                try live.publish(state, points: points, laps: laps, applied: applied)
                progress(state)
                lastPublish = time
                changed = false
            } else if !points.isEmpty {
                try live.append(points: points, session: state.sessionID)
            }
        }
    }
}
