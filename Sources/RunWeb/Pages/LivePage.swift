import RunCore
import RunHTTP
import RunUI

/// `GET /live` — the recording as it happens: its state, time, distance, pace and heart rate in
/// the language and units of the settings, and Pause/Resume, Lap and Finish (which asks first).
/// Drawn here with the state of the moment; the page's script (`/static/live.js`, no inline
/// script) then follows the event stream `GET /api/v1/live/events` — no polling — and sends the
/// buttons' commands to `POST /api/v1/live/commands` with the CSRF token. "No run in progress"
/// when nothing records (the page changes by itself when a recording starts), "not responding
/// since 12:03:04" when the recorder's heartbeat stops. A command the recorder refuses is said
/// in the page's language: the page carries every refusal's sentence (``refusals(_:)``), which the
/// script picks by the API error's `command` and `state`.
enum LivePage {
    static func response(_ context: RequestContext) throws -> HTTPResponse {
        let strings = context.language.liveStrings
        let view = LiveView(context.live ?? LivePresentation(state: nil, isStale: false), formatter: context.formatter,
                            calendar: context.calendar, library: context.library)
        let presentation = view.presentation
        var fields = HTML.empty
        for field in view.fields {
            fields += "<div data-field=\"\(field.id)\"><dt>\(field.label)</dt><dd>\(field.value)</dd></div>"
        }
        let stored: HTML = view.storedRun.map { "<a href=\"/runs/\($0.id)\">\($0.text)</a>" } ?? .empty
        var buttons = HTML.empty
        for (command, title) in view.buttons {
            switch command {
            case .pause, .resume:
                buttons += "<button type=\"button\" id=\"live-pause\" data-command=\"\(command.rawValue)\">\(title)</button>"
            case .finish:
                buttons += "<button type=\"button\" class=\"danger\" data-command=\"finish\" data-confirm=\"\(view.finishQuestion)\">\(title)</button>"
            case .lap:
                let running = presentation.state?.state == .running
                buttons += "<button type=\"button\" class=\"secondary\" id=\"live-lap\" data-command=\"lap\"\(running ? "" : " hidden")>\(title)</button>"
            case .discard:
                buttons += "<button type=\"button\" class=\"secondary\" data-command=\"discard\">\(title)</button>"
            }
        }
        let body: HTML = """
        <h1>\(strings.livePageTitle)</h1>
        <div id="live" data-events-url="/api/v1/live/events" data-commands-url="/api/v1/live/commands" \
        data-not-sent="\(strings.commandNotSent(""))" data-stream-closed="\(strings.streamClosed)" data-stream-lost="\(strings.streamLost)" data-no-recording="\(strings.noRecordingToCommand)" data-refusals="\(refusals(context.language))" data-state="\(presentation.state?.state.rawValue ?? "none")">
        <p id="live-status" class="notice live-status\(presentation.isStale ? " stale" : "")" role="status" aria-live="polite">\(view.status)</p>
        <dl class="fields live-fields" id="live-fields">\(fields)</dl>
        <p id="live-stored"\(view.storedRun == nil ? " hidden" : "")>\(stored)</p>
        <div class="actions" id="live-controls"\(presentation.acceptsCommands ? "" : " hidden")>\(buttons)</div>
        <p id="live-message" class="message" role="alert" hidden></p>
        </div>
        """
        return PageLayout.response(PageLayout.document(title: strings.livePageTitle, current: .live, strings: context.strings,
                                                       language: context.language, csrfToken: context.csrfToken,
                                                       extraHead: "<script src=\"/static/live.js\" defer></script>\n", body: body))
    }

    /// Every refusal a recorder can answer (``RunCore/LiveCommandError/refusal(of:in:)``), said
    /// in `language`, as a JSON object keyed `command state` (`lap paused`).
    static func refusals(_ language: Language) -> String {
        var members: [String: JSONValue] = [:]
        for command in LiveCommandKind.allCases {
            for state in RecordingState.allCases {
                guard let refusal = LiveCommandError.refusal(of: command, in: state),
                      let text = ErrorText(refusal, language: language) else { continue }
                members["\(command.rawValue) \(state.rawValue)"] = .string(text.sentence)
            }
        }
        return JSONValue.object(members).text(pretty: false)
    }
}
