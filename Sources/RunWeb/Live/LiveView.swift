import RunCore
import RunStore
import RunUI

/// What the live page shows of a live state, in the language and units of the settings: the
/// headline (the state and source, "no run in progress", or "not responding since 12:03:04"),
/// the labelled numbers, whether the buttons work and what the pause button does, and the run a
/// finished recording became. Built on the server for the page's first render (HTML) and for each
/// event of the stream (the `display` object of the JSON, which the page's script shows as it is).
struct LiveView {
    let presentation: LivePresentation
    let status: String
    let fields: [LivePresentation.Field]
    let pauseTitle: String
    /// The run a finished recording was stored as, and the text saying so.
    let storedRun: (id: Int64, text: String)?
    /// The buttons in order: pause (or resume, when paused), lap, finish.
    let buttons: [(command: LiveCommandKind, title: String)]
    let finishQuestion: String

    /// - Parameter library: where the run a finished recording became is looked up (a run deleted
    ///   since is not offered as a link).
    init(_ presentation: LivePresentation, formatter: DisplayFormatter, calendar: CalendarText, library: any RunLibrary) {
        let strings = formatter.language.liveStrings
        self.presentation = presentation
        status = presentation.status(strings, clock: calendar.clockTime, showsEnded: false)
        fields = presentation.isActive ? presentation.fields(formatter: formatter) : []
        pauseTitle = strings.commandTitle(presentation.pauseCommand)
        storedRun = presentation.state.flatMap { state in
            guard state.state == .finished, let id = state.runID, (try? library.run(id: id)) != nil else { return nil }
            return (id, strings.storedAsRun(String(id)))
        }
        buttons = [presentation.pauseCommand, .lap, .finish].map { ($0, strings.commandTitle($0)) }
        finishQuestion = strings.finishQuestion
    }

    /// The texts for the page's script.
    var displayJSON: JSONValue {
        .object([
            "status": .string(status),
            "isActive": .bool(presentation.isActive),
            "isStale": .bool(presentation.isStale),
            "acceptsCommands": .bool(presentation.acceptsCommands),
            "pauseCommand": .string(presentation.pauseCommand.rawValue),
            "pauseTitle": .string(pauseTitle),
            "fields": .array(fields.map { .object(["id": .string($0.id), "label": .string($0.label), "value": .string($0.value)]) }),
            "storedRun": storedRun.map { .object(["id": .integer($0.id), "text": .string($0.text), "path": .string("/runs/\($0.id)")]) } ?? .null,
        ])
    }

    /// The state as the API and the event stream send it: ``RunUI/LivePresentation/json`` (SI
    /// units, ISO 8601 UTC, the same in every language) with the page's texts under `display`.
    var json: JSONValue {
        guard case .object(var object) = presentation.json else { return presentation.json }
        object["display"] = displayJSON
        return .object(object)
    }
}
