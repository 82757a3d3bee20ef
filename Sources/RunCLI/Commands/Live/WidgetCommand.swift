import RunCore
import RunLive
import RunStore
import RunUI
import Foundation

/// `runlog widget`: a compact terminal view of the recording in progress.
enum WidgetCommand: Command {
    static let name = "widget"
    static let summary = "a live view of the recording in progress, with pause, lap and finish keys"
    static let overview = """
        Shows the recording in progress — state, time, distance, pace, heart rate, split, lap —
        and redraws when the recorder publishes a change (not on a timer); a change of the
        language or units settings, from any process, shows at once. Keys: p pause or
        resume, l lap, f finish (asks first), q quit. Shows "no run in progress" when nothing is
        recording, and "recorder not responding since HH:MM:SS" when the recorder's heartbeat
        stops. Any number of widgets can run at once. Needs a terminal; scripts use 'runlog live'.
        """
    static let shape = CommandShape(globals: GlobalOptions.withoutLibrary)

    enum Event: Sendable {
        /// A key (nil: standard input ended), with when it was read (for ``LiveTrace``).
        case key(UInt8?, at: Int64)
        case storeChanged
        case quit
        case resized
    }

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let store = try context.settingsStore().store
        let live = store.live()
        var formatter = context.formatter
        let terminal = try RawTerminal()
        defer { terminal.restore() }
        let inbox = EventInbox<Event>()
        let observer = try store.observeChanges(fallbackSeconds: 1) { inbox.post(.storeChanged) }
        defer { observer.stop() }
        let signals = SignalWatch(signals: [SIGINT, SIGTERM]) { inbox.post(.quit) }
        defer { signals.cancel() }
        let resize = SignalWatch(signals: [SIGWINCH]) { inbox.post(.resized) }
        defer { resize.cancel() }
        let trace = LiveTrace("RUNLOG_WIDGET_TRACE", environment: context.environment)
        defer { trace?.write() }
        RawTerminal.readKeys { inbox.post(.key($0, at: LiveTrace.now())) }

        var view = WidgetView(strings: formatter.language.liveStrings)
        var shown: [String] = []
        while true {
            let presentation = LivePresentation(state: try live.current(), now: LiveClock.now())
            view.acknowledge(presentation.state)
            let screen = view.screen(presentation, formatter: formatter)
            let drawn = screen != shown
            if drawn {
                terminal.draw(screen)
                shown = screen
            }
            trace?.pass(presentation.state, drawn: drawn)
            // Redrawn on commits; the one-second wait only notices a recorder that went quiet.
            for event in inbox.take(waitingUpTo: 1) {
                switch event {
                case .quit, .key(nil, _):
                    return ExitCode.success
                case .resized:
                    shown = []
                case .storeChanged:
                    // Most commits are the recorder's; the settings are read again all the same
                    // (a few rows), so that a language or units change shows with the next redraw.
                    context.settingsChanged()
                    formatter = context.formatter
                    view.strings = formatter.language.liveStrings
                case .key(let key?, let time):
                    trace?.key(key, at: time)
                    switch view.handle(key, state: presentation) {
                    case .quit: return ExitCode.success
                    case .send(let kind):
                        do {
                            let id = try live.enqueue(kind, now: LiveClock.now())
                            view.sent(kind, id: id)
                            trace?.sent(id)
                        } catch let error as LiveError {
                            view.status = ErrorText(error, language: formatter.language)?.sentence ?? error.message
                        }
                    case .none:
                        break
                    }
                }
            }
        }
    }
}
