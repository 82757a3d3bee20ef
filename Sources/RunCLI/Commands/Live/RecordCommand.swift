import RunCore
import RunFormats
import RunLive
import RunStore
import RunUI
import Foundation

/// `runlog record …`: records a run live, or sends a command to the recording.
enum RecordCommand: Command {
    static let name = "record"
    static let summary = "record a run live (GPX replay or gpsd); pause, resume, lap, finish it"
    static let overview = """
        Records a run: each fix goes through the same analysis as an imported file, is written to
        the shared store ($RUNLOG_HOME/group.sqlite) as it arrives, and the live state (time,
        distance, pace, heart rate, split) is published up to 10 times a second for 'runlog widget',
        'runlog live' and the web UI. When the recording finishes, it becomes a run in the library
        exactly like an imported GPX file, and its number is printed.

        Commands to the running recorder, from any shell (applied in order; each waits for the
        recorder's answer): pause (fixes are not recorded until resume; a new segment starts),
        resume, lap, finish (stores the run), discard. With no recorder answering, a command is an
        error that says so. Ctrl-C, SIGTERM or SIGHUP (its terminal closed) to the recorder finishes
        and stores the run.

        A recorder killed without finishing (power loss, kill -9) loses at most the fix being
        written: 'runlog record --recover' stores what was recorded; with a source it continues
        the recording (a new segment; a replay goes on after the last fix stored); with --discard
        it drops it.

        Settings used: recording.autoPause, analysis.* and heartRate.* (the analysis), units (splits
        per km or mile).
        """
    enum Options {
        static let replay = Option("--replay", .required("FILE", .files(extensions: ["gpx"])), help: """
            replays a GPX file's track points in time (its own times), N times faster
            with --speed N (default 1); the recording finishes at the file's end
            """)
        static let gpsd = Option("--gpsd", .optional("HOST:PORT"), help: """
            a live GPS through gpsd's JSON protocol (default 127.0.0.1:2947);
            Ctrl-C finishes
            """)
        static let speed = Option("--speed", .required("N"), help: "replay speed (a positive number, default 1)")
        static let name = Option("--name", .required("NAME"), help: #"the run's name (default: the replayed track's name, else "Recording")"#)
        static let recover = Option("--recover", help: "store (or, with a source, continue) a recording that was interrupted")
        static let discard = Option("--discard", help: "with --recover: drop the interrupted recording")
        static let json = GlobalOptions.json("print the final state as JSON")
    }
    static let shape: CommandShape = {
        let replay = Usage.option(Options.replay), gpsd = Usage.option(Options.gpsd), speed = Usage.flag(Options.speed)
        let command = Positional(actions: LiveCommandKind.allCases.map { Action($0.rawValue) }, optional: true)
        let end = [Usage.flag(Options.name), .flag(Options.json)]
        return CommandShape(
            sections: [OptionSection("sources", [Options.replay, Options.gpsd])],
            options: [Options.speed, Options.name, Options.recover, Options.discard, Options.json],
            positionals: [command],
            usage: [[replay, speed] + end, [gpsd] + end,
                    [.option(Options.recover), .optional([.oneOf([[replay, speed], [gpsd], [.option(Options.discard)]])])],
                    [.positional(command.required)]],
            globals: [GlobalOptions.library.help("the library that receives the run"), GlobalOptions.profile, GlobalOptions.help])
    }()

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        if let word = arguments.positionals.first {
            guard let kind = LiveCommandKind(rawValue: word) else {
                throw UsageError("unknown record command '\(word)' (pause, resume, lap, finish, discard)", command: name)
            }
            guard arguments.options.isEmpty, !arguments.has(Options.recover) else {
                throw UsageError("'record \(word)' takes no options", command: name)
            }
            return try LiveCommandSender(context: context).send(kind)
        }
        let recover = arguments.has(Options.recover)
        if arguments.has(Options.discard) {
            guard recover, arguments.value(Options.replay) == nil, arguments.value(Options.gpsd) == nil else {
                throw UsageError("--discard goes with --recover alone", command: name)
            }
            let last = try recovery(context).discard()
            return RecordingReport.print(last, json: arguments.has(Options.json), context: context)
        }
        let source = try makeSource(arguments)
        if recover, source == nil {
            let last = try recovery(context).finish()
            return RecordingReport.print(last, json: arguments.has(Options.json), context: context)
        }
        guard let source else { throw UsageError("give a source: --replay FILE or --gpsd", command: name) }
        let settings = try context.settings()
        let replayed = source as? ReplaySource
        let preferences = AnalysisPreferences(settings: settings)
        let sport = Sport.fromGPXType(replayed?.trackType) ?? .running
        // A replay keeps the file's type (none: the sport is inferred when it is stored, as on import).
        var setup = RecordingSetup(
            parameters: AnalysisParameters(sport: sport, preferences: preferences), autoPause: settings[Settings.autoPause],
            splitUnitMeters: context.formatter.units == .imperial ? Splits.mile : Splits.kilometer,
            name: arguments.value(Options.name) ?? replayed?.trackName ?? "Recording", type: replayed == nil ? "running" : replayed?.trackType,
            source: source.description)
        setup.isReplay = replayed != nil
        let recorder = Recorder(store: try context.settingsStore().store, setup: recover ? try recoveredSetup(context, fallback: setup) : setup,
                                source: source, archive: archive(context, preferences: preferences))
        let status = RecordingStatusLine(console: context.console, formatter: context.formatter)
        let trace = LiveTrace("RUNLOG_RECORD_TRACE", environment: context.environment)
        defer { trace?.write() }
        var saidPaused = false
        let progress = { (state: LiveState) in
            trace?.published(state)
            // A recovered recording goes on as it was: paused, if the runner had paused it.
            if recover, !saidPaused, state.state == .paused {
                saidPaused = true
                context.console.error("runlog: note: the recording was paused when it stopped; 'runlog record resume' goes on recording")
            }
            status.show(state)
        }
        // Said once the recording has begun: a refused one (another recorder runs) prints only why.
        let last = recover ? try recorder.resume(progress: progress) : try recorder.record(started: { state in
            trace?.published(state)
            context.console.error("runlog: recording (\(source.description)); 'runlog widget' follows it, Ctrl-C finishes")
        }, progress: progress)
        status.end()
        return RecordingReport.print(last, json: arguments.has(Options.json), context: context)
    }

    private static func makeSource(_ arguments: ParsedArguments) throws -> (any FixSource)? {
        let replay = arguments.value(Options.replay), gpsd = arguments.value(Options.gpsd)
        if replay != nil, gpsd != nil { throw UsageError("choose one source: --replay or --gpsd", command: name) }
        var speed = 1.0
        if let text = arguments.value(Options.speed) {
            guard replay != nil else { throw UsageError("--speed goes with --replay", command: name) }
            guard let value = DecimalText.parse(text), value > 0, value <= 1_000_000, !text.contains(" ") else {
                throw UsageError("--speed needs a positive number (e.g. 10), not '\(text)'", command: name)
            }
            speed = value
        }
        if let replay { return try ReplaySource(path: replay, speed: speed) }
        if let gpsd {
            do {
                return try GPSDSource(address: gpsd)
            } catch let error as FixSourceError where error.code == .invalidAddress {
                // A bad address is bad usage (exit 64): the sentence, then the pointer to --help.
                throw UsageError(ErrorText(error, language: .english)?.sentence ?? "\(error)", command: name)
            }
        }
        return nil
    }

    /// The setup the interrupted recording was started with (its parameters and name stay).
    private static func recoveredSetup(_ context: CommandContext, fallback: RecordingSetup) throws -> RecordingSetup {
        var setup = try context.settingsStore().store.live().setup() ?? fallback
        setup.source = fallback.source
        return setup
    }

    private static func recovery(_ context: CommandContext) throws -> RecordingRecovery {
        RecordingRecovery(live: try context.settingsStore().store.live(),
                          archive: archive(context, preferences: try context.analysisPreferences()))
    }

    static func archive(_ context: CommandContext, preferences: AnalysisPreferences) -> RecordingArchiver {
        let archive = RecordingArchive(storage: context.storage, preferences: preferences)
        return archive.store
    }
}
