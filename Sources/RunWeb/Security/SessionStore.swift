import Synchronization

/// The server's sessions by id, in memory, at most ``limit`` of them: past it the least recently
/// used is dropped. A client that makes sessions without end (a request without a cookie to a
/// page makes one) pushes out old ones and never grows memory; a dropped session's next unsafe
/// request is refused with `csrf` and its page, reloaded, starts a new one. Sessions end with the
/// process (as the one token per process did before).
package final class SessionStore: Sendable {
    private struct Entry {
        var session: Session
        var lastUse: UInt64
    }

    /// The sessions, and every use in time order: a session's last use is its latest entry in
    /// `uses`, so the first entry that is still a session's last use names the least recently used
    /// one. Older entries are skipped when met and dropped in bulk, so a use and a drop cost O(1)
    /// amortized — a flood of new sessions costs no scan of the kept ones.
    private struct State {
        var entries: [String: Entry] = [:]
        var uses: [(id: String, use: UInt64)] = []
        var start = 0
        var clock: UInt64 = 0

        mutating func touch(_ id: String) {
            clock += 1
            entries[id]?.lastUse = clock
            uses.append((id, clock))
        }

        /// Drops the least recently used session.
        mutating func dropOldest() {
            while start < uses.count {
                let (id, use) = uses[start]
                start += 1
                if entries[id]?.lastUse == use {
                    entries.removeValue(forKey: id)
                    break
                }
            }
            // The skipped entries go once they are half of the list; a list grown by uses of
            // kept sessions (no drops) is rebuilt from their last uses past four per session.
            if start > uses.count / 2 {
                uses.removeFirst(start)
                start = 0
            }
        }

        mutating func compactIfLong() {
            guard uses.count - start > 4 * entries.count + 16 else { return }
            uses = entries.map { (id: $0.key, use: $0.value.lastUse) }.sorted { $0.use < $1.use }
            start = 0
        }
    }

    private let state = Mutex(State())
    /// The most sessions kept at once.
    package let limit: Int

    package init(limit: Int = 1024) {
        self.limit = max(1, limit)
    }

    /// The session with this id, if it is kept (marked as used now).
    package func session(id: String) -> Session? {
        state.withLock { state in
            guard let entry = state.entries[id] else { return nil }
            state.touch(id)
            state.compactIfLong()
            return entry.session
        }
    }

    /// A new session for `identity`, kept; the least recently used one is dropped when ``limit`` are kept.
    /// - Complexity: O(1) amortized.
    package func create(for identity: Identity) -> Session {
        let session = Session(identity: identity)
        state.withLock { state in
            while state.entries.count >= limit, !state.entries.isEmpty { state.dropOldest() }
            state.entries[session.id] = Entry(session: session, lastUse: 0)
            state.touch(session.id)
            state.compactIfLong()
        }
        return session
    }

    /// The sessions kept now.
    package var count: Int { state.withLock { $0.entries.count } }
}
