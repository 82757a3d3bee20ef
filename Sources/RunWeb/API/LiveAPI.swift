import Foundation
import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// The API's live recording operations: the state now, the event stream that follows it, and the
/// commands to the recorder.
enum LiveAPI {
    /// `GET /api/v1/live`: the live state now (as `runlog live --once --json`), with the live page's texts.
    static func current(_ context: RequestContext) throws -> HTTPResponse {
        let presentation = LivePresentation(state: try context.workspace.shared.live().current(),
                                            now: Date().timeIntervalSince1970)
        return APIResponses.json(LiveView(presentation, formatter: context.formatter, calendar: context.calendar, library: context.library).json)
    }

    /// `GET /api/v1/live/events`: Server-Sent Events (``LiveEventStream``); `Last-Event-ID` resumes,
    /// and so does the query's `lastEventId` (the live page's script opens a new stream itself
    /// after a refusal or a drop, and a new `EventSource` sends no header).
    /// - Throws: ``WebError`` 429 `tooManyStreamsFromAddress` when
    ///   ``WebConfiguration/liveStreamsPerAddress`` streams from the client's address are open,
    ///   503 `tooManyStreams` when ``WebConfiguration/liveStreamLimit`` are; both with
    ///   `Retry-After: 5` (``streamRetryAfterSeconds``), which the live page's script honours.
    static func events(_ context: RequestContext) throws -> HTTPResponse {
        let slot: LiveFeed.StreamSlot
        do {
            slot = try context.liveFeed.reserveStream(for: context.request.clientAddress)
        } catch .addressFull {
            throw WebError(429, "tooManyStreamsFromAddress", "\(context.liveFeed.perAddressLimit) live event streams from this address "
                           + "are open already; close one of its live pages and try again")
                .retryingAfter(seconds: streamRetryAfterSeconds)
        } catch .serverFull {
            throw WebError(503, "tooManyStreams", "\(context.liveFeed.streamLimit) live event streams are open already, "
                           + "this address's share of them included; close a live page and try again")
                .retryingAfter(seconds: streamRetryAfterSeconds)
        }
        let lastEventID = (context.request.header("last-event-id") ?? context.request.query["lastEventId"]).flatMap { Int64($0.trimmingSpaces) }
        let producer = LiveEventStream(pool: context.pool, feed: context.liveFeed, lastEventID: lastEventID,
                                       keepAliveSeconds: context.configuration.liveKeepAliveSeconds)
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                                                   ("X-Accel-Buffering", "no")],
                            body: .stream { stream in
                                defer { slot.release() }
                                // A newcomer from a poorer address may take the place: the stream ends
                                // (the live page opens it again with back-off).
                                slot.allowCut { stream.cancel() }
                                try producer.run(stream)
                            })
    }

    /// The `Retry-After` of a refused stream: a place is freed within about a second of a client
    /// going, and a page retrying every few seconds costs one refused request each time.
    static let streamRetryAfterSeconds = 5

    /// How long a command request waits for the recorder's answer before answering 202.
    static let answerWaitSeconds = 3.0

    /// `POST /api/v1/live/commands` with `{"command": "pause"}` (pause, resume, lap, finish,
    /// discard): queued for the recorder, which applies commands in order and acknowledges each
    /// in the next state it publishes (`lastAppliedCommandId` on the event stream). The request
    /// waits up to ``answerWaitSeconds`` for the answer, as `runlog record pause` does: 200 when
    /// applied, 409 with the recorder's reason when refused (a lap while paused: the
    /// ``RunCore/LiveCommandError``'s code, sentence, `command` and `state`), 202 when the
    /// recorder has not answered yet (it still will).
    /// - Throws: ``WebError`` 422 for an unknown command; 409 when no recording runs or its
    ///   recorder does not answer (nothing is queued then), or when the recorder refused it.
    static func command(_ context: RequestContext) throws -> HTTPResponse {
        let kind = try APIRequestBody.LiveCommand(json: try APIRequestBody.json(context.request)).kind
        switch try RecordingControl(shared: context.workspace.shared).send(kind, timeoutSeconds: answerWaitSeconds) {
        case .applied(let id, _):
            return APIResponses.json(.object(["commandId": .integer(id), "command": .string(kind.rawValue), "outcome": .string("ok")]), status: 200)
        case .refused(_, let reason?):
            throw reason
        case .refused:
            throw WebError(409, "refused", "\(kind.rawValue): refused by the recorder")
        case .pending(let id):
            return APIResponses.json(.object(["commandId": .integer(id), "command": .string(kind.rawValue)]), status: 202)
        }
    }
}
