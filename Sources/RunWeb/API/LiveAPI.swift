import Foundation
import RunCore
import RunStore
import RunUI

/// The API's live recording operations: the state now, the event stream that follows it, and the
/// commands to the recorder.
enum LiveAPI {
    /// `GET /api/v1/live`: the live state now (as `runlog live --once --json`), with the live page's texts.
    static func current(_ context: RequestContext) throws -> HTTPResponse {
        let presentation = LivePresentation(state: try LiveStore(store: context.workspace.settings.store).current(),
                                            now: Date().timeIntervalSince1970)
        return APIResponses.json(LiveView(presentation, formatter: context.formatter, calendar: context.calendar).json)
    }

    /// `GET /api/v1/live/events`: Server-Sent Events (``LiveEventStream``); `Last-Event-ID` resumes.
    /// - Throws: ``WebError`` 503 when ``WebConfiguration/liveStreamLimit`` streams are open.
    static func events(_ context: RequestContext) throws -> HTTPResponse {
        guard let slot = context.liveFeed.reserveStream() else {
            throw WebError(503, "tooManyStreams", "\(context.liveFeed.streamLimit) live event streams are open already; "
                           + "close a live page and try again")
        }
        let lastEventID = context.request.header("last-event-id").flatMap { Int64($0.trimmingSpaces) }
        let producer = LiveEventStream(pool: context.pool, feed: context.liveFeed, lastEventID: lastEventID,
                                       keepAliveSeconds: context.configuration.liveKeepAliveSeconds)
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                                                   ("X-Accel-Buffering", "no")],
                            body: .stream { stream in
                                defer { slot.release() }
                                try producer.run(stream)
                            })
    }

    /// `POST /api/v1/live/commands` with `{"command": "pause"}` (pause, resume, lap, finish,
    /// discard): queued for the recorder, which applies commands in order and acknowledges each
    /// in the next state it publishes (`lastAppliedCommandId` on the event stream).
    /// - Throws: ``WebError`` 422 for an unknown command; 409 when no recording runs or its
    ///   recorder does not answer (nothing is queued then).
    static func command(_ context: RequestContext) throws -> HTTPResponse {
        let body = try JSONRequest.object(context.request)
        let names = LiveCommandKind.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = body["command"] as? String, let kind = LiveCommandKind(rawValue: text) else {
            throw WebError(422, "unknownCommand", "give {\"command\": …} with one of \(names)")
        }
        let id = try LiveStore(store: context.workspace.settings.store).enqueue(kind, now: Date().timeIntervalSince1970)
        return APIResponses.json(.object(["commandId": .integer(id), "command": .string(kind.rawValue)]), status: 202)
    }
}
