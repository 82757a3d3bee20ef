package import RunCore
package import RunStore

/// Follows the live recording for a view that shows every change (`runlog live`, the web UI's
/// event stream): each call to ``updates(in:now:)`` returns what happened since the last one, in
/// order — every state the recorder published, read from the store's ring
/// (``RunStore/LiveStore/states(after:)``), so a follower that was busy for a moment misses none —
/// and the newest state once more when its recorder stops answering.
///
/// It starts at the state in progress when it is made, or after a sequence number the caller saw
/// (a reconnecting browser's `Last-Event-ID`); a recording that starts later is followed from its
/// first state. Sequence numbers count per recording, from 1.
package struct LiveFollower: Sendable {
    /// Something to show.
    package enum Update: Sendable {
        /// A state the recorder published (a new sequence number).
        case published(LivePresentation)
        /// The newest state again: whether its recorder answers changed (it stopped: stale).
        case staleChanged(LivePresentation)

        package var presentation: LivePresentation {
            switch self {
            case .published(let presentation), .staleChanged(let presentation): return presentation
            }
        }
    }

    /// The recording followed.
    package private(set) var sessionID: String?
    /// The newest sequence number returned of it (0: none yet).
    package private(set) var lastSequence: Int64 = 0
    private var lastStale = false

    /// - Parameters:
    ///   - current: the newest state when following starts (nil: no recording yet).
    ///   - seen: the last sequence number of `current`'s recording already shown (nil: none, so
    ///     the first update is `current` itself). A number beyond `current`'s belongs to an earlier
    ///     recording: the current one is then followed from its first state.
    package init(current: LiveState?, after seen: Int64? = nil) {
        guard let current else { return }
        sessionID = current.sessionID
        if let seen {
            lastSequence = seen <= current.sequence ? max(0, seen) : 0
        } else {
            lastSequence = current.sequence - 1
        }
    }

    /// What happened since the last call, oldest first (nothing without a recording).
    /// - Parameter now: wall-clock seconds since 1970, for the heartbeat.
    /// - Throws: ``RunStore/StoredDataError`` or a ``RunStore/StorageFailure`` when the store cannot be read.
    package mutating func updates(in live: any LiveStorage, now: Double) throws -> [Update] {
        guard let newest = try live.current() else { return [] }
        if newest.sessionID != sessionID {
            // A recording that started since: from its first state.
            sessionID = newest.sessionID
            lastSequence = 0
            lastStale = false
        }
        var states = try live.states(after: lastSequence).filter { $0.sessionID == newest.sessionID }
        if states.isEmpty, newest.sequence > lastSequence { states = [newest] }
        var updates: [Update] = []
        for (index, state) in states.enumerated() {
            // Only the newest can be stale: a state followed by another was not.
            let isStale = index == states.count - 1 && LiveHeartbeat.isStale(state, now: now)
            updates.append(.published(LivePresentation(state: state, isStale: isStale)))
            lastSequence = state.sequence
            lastStale = isStale
        }
        if states.isEmpty {
            let isStale = LiveHeartbeat.isStale(newest, now: now)
            if isStale != lastStale {
                updates.append(.staleChanged(LivePresentation(state: newest, isStale: isStale)))
                lastStale = isStale
            }
        }
        return updates
    }
}
