import Foundation
import Synchronization

/// The server's sessions by id, in memory: at most ``limit`` of them, none unused for longer than
/// ``idleSeconds``.
///
/// - **Bounded.** Past ``limit`` the least recently used session is dropped. A client that makes
///   sessions without end (a request without a cookie to a page makes one) pushes out old ones and
///   never grows memory; a dropped session's next unsafe request is refused with `csrf` and its
///   page, reloaded, starts a new one.
/// - **Idle expiry.** A session unused for ``idleSeconds`` (12 hours by default,
///   ``WebConfiguration/sessionIdleSeconds``) is over: its token is forgotten and never accepted
///   again. Its id is remembered as ended (until newer sessions push it out, as above), so the
///   next request naming it is answered clearly ``Lookup/expired`` — an unsafe one is refused
///   with `sessionExpired`, a page gets a fresh session.
/// - **Tokens.** A session's CSRF token is fixed for its life: it does not rotate on a schedule
///   (an open page's forms would be refused at each turn, and a token never leaves its session's
///   own pages and API answers; the idle expiry bounds a forgotten session's life instead). It
///   changes with the session on a change of privilege: signing in or out, once accounts exist,
///   must ``renew(_:for:)`` the session — a new id and a new token —, never relabel the old one
///   (session fixation; OWASP Session Management Cheat Sheet, "Renew the Session ID After Any
///   Privilege Level Change").
/// - Sessions end with the process.
package final class SessionStore: Sendable {
    /// What the store knows of a session id.
    package enum Lookup: Equatable, Sendable {
        /// Kept; marked as used now.
        case kept(Session)
        /// It was a session, unused for longer than ``SessionStore/idleSeconds``.
        case expired
        /// Never one, or pushed out by newer sessions, or removed.
        case unknown
    }

    private struct Entry {
        /// Nil once the session expired (its id is remembered as ended).
        var session: Session?
        var lastUse: UInt64
        var lastUseSeconds: Double
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

        mutating func touch(_ id: String, at seconds: Double) {
            clock += 1
            entries[id]?.lastUse = clock
            entries[id]?.lastUseSeconds = seconds
            uses.append((id, clock))
        }

        /// Drops the least recently used session (an ended one first: it was used longer ago than any kept one).
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
    /// The most sessions kept at once (ended ones remembered count too).
    package let limit: Int
    /// A session unused for longer than this is over.
    package let idleSeconds: Double
    /// Seconds on a monotonic clock (``systemSeconds`` unless a test gives its own).
    private let now: @Sendable () -> Double

    /// - Parameters:
    ///   - idleSeconds: how long a session may go unused (at least 1 s).
    ///   - now: seconds on a monotonic clock; tests give their own.
    package init(limit: Int = 1024, idleSeconds: Double = 12 * 3600, now: @escaping @Sendable () -> Double = SessionStore.systemSeconds) {
        self.limit = max(1, limit)
        self.idleSeconds = max(1, idleSeconds)
        self.now = now
    }

    /// Seconds since the system started (monotonic: a change of the wall clock ends no session).
    package static let systemSeconds: @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }

    /// What the store knows of `id`: a kept session (marked as used now), one that expired, or none.
    package func lookup(id: String) -> Lookup {
        let seconds = now()
        return state.withLock { state in
            guard let entry = state.entries[id] else { return .unknown }
            guard let session = entry.session else { return .expired }
            if seconds - entry.lastUseSeconds > idleSeconds {
                state.entries[id]?.session = nil   // the token is forgotten; the id stays, ended, in its place in the order
                return .expired
            }
            state.touch(id, at: seconds)
            state.compactIfLong()
            return .kept(session)
        }
    }

    /// The session with this id, if it is kept (marked as used now).
    package func session(id: String) -> Session? {
        if case .kept(let session) = lookup(id: id) { return session }
        return nil
    }

    /// A new session for `identity`, kept; the least recently used one is dropped when ``limit`` are kept.
    /// - Complexity: O(1) amortized.
    package func create(for identity: Identity) -> Session {
        let session = Session(identity: identity)
        let seconds = now()
        state.withLock { state in
            while state.entries.count >= limit, !state.entries.isEmpty { state.dropOldest() }
            state.entries[session.id] = Entry(session: session, lastUse: 0, lastUseSeconds: seconds)
            state.touch(session.id, at: seconds)
            state.compactIfLong()
        }
        return session
    }

    /// A new session (new id, new token) in place of `old`, which ends at once: what a change of
    /// privilege does (signing in or out, once accounts exist).
    package func renew(_ old: Session, for identity: Identity) -> Session {
        remove(id: old.id)
        return create(for: identity)
    }

    /// Forgets a session (a request that made one and was refused keeps none).
    package func remove(id: String) {
        state.withLock { state in
            _ = state.entries.removeValue(forKey: id)   // its uses are skipped when met
            state.compactIfLong()
        }
    }

    /// The sessions kept now and not yet expired.
    /// - Complexity: O(n): for tests and diagnostics.
    package var count: Int {
        let seconds = now()
        return state.withLock { state in
            state.entries.values.count(where: { $0.session != nil && seconds - $0.lastUseSeconds <= idleSeconds })
        }
    }
}
