import RunCore
import RunLive
import RunStore
import RunUI
import Foundation

/// `runlog widget`: a compact terminal view of the recording in progress.
enum WidgetCommand: Command {
    static let name = "widget"
    static let summary = "a live view of the recording in progress, with pause, lap and finish keys"
    static let help = """
        usage: runlog widget

        Shows the recording in progress — state, time, distance, pace, heart rate, split, lap —
        and redraws when the recorder publishes a change (not on a timer); a change of the
        language or units settings, from any process, shows at once. Keys: p pause or
        resume, l lap, f finish (asks first), q quit. Shows "no run in progress" when nothing is
        recording, and "recorder not responding since HH:MM:SS" when the recorder's heartbeat
        stops. Any number of widgets can run at once. Needs a terminal; scripts use 'runlog live'.
        """
    static let arguments = ArgumentSpec()

    enum Event: Sendable {
        case key(UInt8?)
        case storeChanged
        case quit
        case resized
    }

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let store = try context.settingsStore().store
        let live = LiveStore(store: store)
        var formatter = context.formatter
        let terminal = try RawTerminal()
        defer { terminal.restore() }
        let inbox = EventInbox<Event>()
        let observer = try StoreObserver(store: store) { inbox.post(.storeChanged) }
        defer { observer.stop() }
        let signals = SignalWatch(signals: [SIGINT, SIGTERM]) { inbox.post(.quit) }
        defer { signals.cancel() }
        let resize = SignalWatch(signals: [SIGWINCH]) { inbox.post(.resized) }
        defer { resize.cancel() }
        RawTerminal.readKeys { inbox.post(.key($0)) }

        var view = WidgetView(strings: formatter.language.liveStrings)
        var shown: [String] = []
        while true {
            let presentation = LivePresentation(state: try live.current(), now: LiveClock.now())
            view.acknowledge(presentation.state)
            let screen = view.screen(presentation, formatter: formatter)
            if screen != shown {
                terminal.draw(screen)
                shown = screen
            }
            // Redrawn on commits; the one-second wait only notices a recorder that went quiet.
            for event in inbox.take(waitingUpTo: 1) {
                switch event {
                case .quit, .key(nil):
                    return ExitCode.success
                case .resized:
                    shown = []
                case .storeChanged:
                    // Most commits are the recorder's; the settings are read again all the same
                    // (a few rows), so that a language or units change shows with the next redraw.
                    context.settingsChanged()
                    formatter = context.formatter
                    view.strings = formatter.language.liveStrings
                case .key(let key?):
                    switch view.handle(key, state: presentation) {
                    case .quit: return ExitCode.success
                    case .send(let kind):
                        do {
                            view.sent(kind, id: try live.enqueue(kind, now: LiveClock.now()))
                        } catch let error as StoreError {
                            view.status = error.message
                        }
                    case .none:
                        break
                    }
                }
            }
        }
    }
}
