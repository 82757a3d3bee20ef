import RunCore
import RunLive
import RunStore
import RunUI
import Foundation

/// `runlog live [--json] [--once] [--follow]`
enum LiveCommand: Command {
    static let name = "live"
    static let summary = "follow the recording in progress: one line per change (--json for scripts)"
    static let overview = """
        Follows the recording in progress (or the next one to start) and prints each change of its
        live state as it happens — woken by the recorder's commits, not by polling — until the
        recording finishes or is discarded. With --json, each state is one JSON object per line:
        sequence number, state, stale, elapsedTimeSeconds, movingTimeSeconds, distanceMeters,
        currentPaceSecondsPerKilometer, heartRateBeatsPerMinute, currentSplit, … (SI units, ISO
        8601 UTC times). A recorder that stops answering is reported once, with "stale": true.
        """
    enum Options {
        static let json = GlobalOptions.json("one JSON object per line")
        static let once = Option("--once", help: """
            print the current state — the last recording's, finished or discarded, when
            none is in progress; {"state": "none"} before the first — and stop
            """)
        static let follow = Option("--follow", help: "keep following the recordings that start after this one")
    }
    static let shape = CommandShape(options: [Options.json, Options.once, Options.follow], globals: GlobalOptions.withoutLibrary)

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let store = try context.settingsStore().store
        let live = store.live()
        let json = arguments.has(Options.json)
        let formatter = context.formatter
        func show(_ presentation: LivePresentation) {
            if json {
                context.console.print(presentation.json.text(pretty: false))
            } else {
                context.console.print(presentation.lines(formatter: formatter, clock: LiveClock.text).joined(separator: "  |  "))
            }
            context.console.flush()
        }
        if arguments.has(Options.once) {
            show(LivePresentation(state: try live.current(), now: LiveClock.now()))
            return ExitCode.success
        }
        let inbox = EventInbox<Bool>()
        let observer = try store.observeChanges(fallbackSeconds: 1) { inbox.post(true) }
        defer { observer.stop() }
        let signals = SignalWatch(signals: [SIGINT, SIGTERM]) { inbox.post(false) }
        defer { signals.cancel() }
        // A recording that has ended already is not followed: wait for the next one.
        let initial = try live.current()
        let ignoredSession = initial.flatMap { $0.state.isEnded ? $0.sessionID : nil }
        // The recording under way when this command started: from its newest state.
        var follower = LiveFollower(current: initial)
        if initial == nil || ignoredSession != nil, !json {
            context.console.error("runlog: no run in progress; waiting for one ('runlog record' starts one)")
        }
        while true {
            for update in try follower.updates(in: live, now: LiveClock.now()) {
                guard let state = update.presentation.state, state.sessionID != ignoredSession else { continue }
                show(update.presentation)
                if state.state.isEnded, !arguments.has(Options.follow) { return ExitCode.success }
            }
            // Woken by commits; the one-second wait only notices a recorder that went quiet.
            if inbox.take(waitingUpTo: 1).contains(false) { return ExitCode.success }
        }
    }
}

/// Wall-clock time for the live views.
enum LiveClock {
    static func now() -> Double { Date().timeIntervalSince1970 }

    /// `12:03:04` in the local time zone.
    static func text(_ seconds: Double) -> String { LiveHeartbeat.clock(seconds) }
}
