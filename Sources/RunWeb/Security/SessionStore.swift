import Synchronization

/// The server's sessions by id, in memory, at most ``limit`` of them: past it the least recently
/// used is dropped. A client that makes sessions without end (a request without a cookie to a
/// page makes one) pushes out old ones and never grows memory; a dropped session's next unsafe
/// request is refused with `csrf` and its page, reloaded, starts a new one. Sessions end with the
/// process (as the one token per process did before).
public final class SessionStore: Sendable {
    private struct Entry {
        var session: Session
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    /// The most sessions kept at once.
    public let limit: Int

    public init(limit: Int = 1024) {
        self.limit = max(1, limit)
    }

    /// The session with this id, if it is kept (marked as used now).
    public func session(id: String) -> Session? {
        state.withLock { state in
            guard var entry = state.entries[id] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[id] = entry
            return entry.session
        }
    }

    /// A new session for `identity`, kept; the least recently used one is dropped when ``limit`` are kept.
    /// - Complexity: O(``limit``) when one is dropped.
    public func create(for identity: Identity) -> Session {
        let session = Session(identity: identity)
        state.withLock { state in
            while state.entries.count >= limit, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries.removeValue(forKey: oldest.key)
            }
            state.clock += 1
            state.entries[session.id] = Entry(session: session, lastUse: state.clock)
        }
        return session
    }

    /// The sessions kept now.
    public var count: Int { state.withLock { $0.entries.count } }
}
