import Foundation
import RunCore
import RunHTTP
import RunStore
import RunUI

/// The producer of `GET /api/v1/live/events` (Server-Sent Events), on the response's own thread.
///
/// Sends each state the recorder publishes as an event `state` whose `id` is the state's
/// sequence number — every state, in order, from the store's ring (``RunUI/LiveFollower``), so a
/// slow client misses none and a reconnecting one (`Last-Event-ID`) resumes after the last it
/// saw; an event `stale` when the recorder stops answering (its heartbeat stopped, or its process
/// is gone); a comment every ``keepAliveSeconds`` while nothing else is sent, so proxies keep the
/// connection. Without any recording the first event is the state `none`. Woken by the server's
/// one ``LiveFeed``; between wake-ups it looks at the heartbeat once a second, and each round
/// asks ``RunHTTP/ResponseStream/isCancelled``, which notices a client that closed its socket:
/// a closed tab's place is free again within about a second. Each round takes a store
/// connection from the pool only while it reads, and formats in the settings of that moment.
struct LiveEventStream: Sendable {
    let pool: StorePool
    let feed: LiveFeed
    /// The `Last-Event-ID` a reconnecting browser sent (or the query's `lastEventId`).
    let lastEventID: Int64?
    let keepAliveSeconds: Double

    /// How often the heartbeat is looked at without a wake-up (``RunCore/LiveState/staleAfterSeconds`` is 3).
    static let heartbeatCheckSeconds = 1.0
    /// How long a browser waits before reconnecting after the stream broke.
    static let retryMilliseconds = 2000

    /// Returns when the stream is cancelled (the server stops).
    /// - Throws: ``HTTPStreamCancelled`` once the client is gone; store errors.
    func run(_ stream: ResponseStream) throws {
        let (subscribed, initial) = try pool.withWorkspace { workspace in
            (try feed.subscribe(store: workspace.settings.store), try workspace.shared.live().current())
        }
        defer { feed.unsubscribe() }
        // Cancelled (the client went, the server stops): wake the wait below at once.
        stream.onCancel { [feed] in feed.wakeAll() }
        var follower = LiveFollower(current: initial, after: lastEventID)
        var seen = subscribed
        var opening = [ServerSentEvent.retry(milliseconds: Self.retryMilliseconds)]
        if initial == nil {
            opening.append(try pool.withWorkspace { try noRecordingEvent(in: $0) })
        }
        try write(opening, to: stream)
        var lastWrite = Date()
        while !stream.isCancelled {
            let events = try pool.withWorkspace { workspace in
                try follower.updates(in: workspace.shared.live(), now: Date().timeIntervalSince1970).map { update in
                    try event(for: update, in: workspace)
                }
            }
            if !events.isEmpty {
                try write(events, to: stream)
                lastWrite = Date()
            } else if Date().timeIntervalSince(lastWrite) >= keepAliveSeconds {
                try write([.comment("keep-alive")], to: stream)
                lastWrite = Date()
            }
            let untilKeepAlive = keepAliveSeconds - Date().timeIntervalSince(lastWrite)
            seen = feed.wait(after: seen, timeoutSeconds: min(Self.heartbeatCheckSeconds, untilKeepAlive))
        }
    }

    private func write(_ events: [ServerSentEvent], to stream: ResponseStream) throws {
        try stream.write(events.map(\.text).joined())
    }

    /// A published state is an event `state` with its sequence number as `id`; a change of the
    /// heartbeat alone is an event `stale` (no id: it repeats a state the client has).
    private func event(for update: LiveFollower.Update, in workspace: Workspace) throws -> ServerSentEvent {
        switch update {
        case .published(let presentation):
            return .message(try data(presentation, in: workspace), event: "state", id: presentation.state.map { String($0.sequence) })
        case .staleChanged(let presentation):
            return .message(try data(presentation, in: workspace), event: "stale")
        }
    }

    /// The state `none` (no recording yet).
    private func noRecordingEvent(in workspace: Workspace) throws -> ServerSentEvent {
        .message(try data(LivePresentation(state: nil, isStale: false), in: workspace), event: "state")
    }

    private func data(_ presentation: LivePresentation, in workspace: Workspace) throws -> String {
        let (formatter, calendar) = RequestContext.formatting(try workspace.reading().snapshot)
        return LiveView(presentation, formatter: formatter, calendar: calendar, library: workspace.library).json.text(pretty: false)
    }
}
