import Foundation
package import RunHTTP
import Synchronization

/// The server's sessions by id, in memory: at most ``limit`` of them, at most ``perAddressLimit``
/// made from one client address, none unused for longer than ``idleSeconds``.
///
/// - **Bounded, fairly.** A session is counted against the address that made it. An address
///   making one more than ``perAddressLimit`` drops one of its own first; past ``limit`` the
///   address holding the most drops one. Within an address, the least recently made of those
///   never used since goes first (a client that keeps no cookie — a script polling a page — makes
///   one per request and never comes back), else its least recently used. So one address making
///   sessions without end — used once each or not at all — pushes out only its own: others'
///   tokens keep working (a review's flood of 2,000 requests from one address pushed everyone
///   else's out before; `WebSessionFairnessTests`). Such a client never grows memory, and a
///   dropped session's next unsafe request is refused with `csrf`; its page, reloaded, starts a
///   new one.
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
        /// The address that made it: whose share it counts against.
        let address: ClientAddress
        var lastUse: UInt64
        var lastUseSeconds: Double
        /// Whether its cookie came back: looked up at least once since it was made.
        var isInUse = false
    }

    /// Uses in time order: a session's last use is its latest entry, so the first entry that is
    /// still a session's last use names the least recently used one. Older entries are skipped
    /// when met and dropped in bulk, so a use and a drop cost O(1) amortized.
    private struct UseQueue {
        var uses: [(id: String, use: UInt64)] = []
        var start = 0

        mutating func append(_ id: String, _ use: UInt64) { uses.append((id, use)) }

        /// The first id whose entry `isCurrent` says is still at that use (its last), taken out.
        mutating func popOldest(where isCurrent: (String, UInt64) -> Bool) -> String? {
            defer {
                // The skipped entries go once they are half of the list.
                if start > uses.count / 2 { uses.removeFirst(start); start = 0 }
            }
            while start < uses.count {
                let (id, use) = uses[start]
                start += 1
                if isCurrent(id, use) { return id }
            }
            return nil
        }

        var pending: Int { uses.count - start }
    }

    /// One address's sessions: the uses of those never used since they were made (`fresh`), and
    /// of those whose cookie came back (`inUse`), so a flood of new sessions costs no scan of the
    /// kept ones.
    private struct Holder {
        var fresh = UseQueue()
        var inUse = UseQueue()
        var count = 0
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var holders: [ClientAddress: Holder] = [:]
        var clock: UInt64 = 0

        /// Keeps a new session of `address`.
        mutating func insert(_ session: Session, from address: ClientAddress, at seconds: Double) {
            entries[session.id] = Entry(session: session, address: address, lastUse: 0, lastUseSeconds: seconds)
            holders[address, default: Holder()].count += 1
            touch(session.id, at: seconds, lookedUp: false)
        }

        /// Marks a use: a session's making (`lookedUp` false), or its cookie coming back.
        mutating func touch(_ id: String, at seconds: Double, lookedUp: Bool) {
            guard var entry = entries[id] else { return }
            clock += 1
            entry.lastUse = clock
            entry.lastUseSeconds = seconds
            if lookedUp { entry.isInUse = true }
            entries[id] = entry
            if entry.isInUse { holders[entry.address]?.inUse.append(id, clock) } else { holders[entry.address]?.fresh.append(id, clock) }
            compactIfLong(entry.address)
        }

        /// Forgets a session.
        mutating func remove(_ id: String) {
            guard let entry = entries.removeValue(forKey: id) else { return }   // its uses are skipped when met
            holders[entry.address]?.count -= 1
            if holders[entry.address]?.count == 0 { holders[entry.address] = nil }
        }

        /// Sessions `address` holds.
        func count(of address: ClientAddress) -> Int { holders[address]?.count ?? 0 }

        /// The address holding the most sessions.
        var richest: ClientAddress? { holders.max { $0.value.count < $1.value.count }?.key }

        /// Drops `address`'s least recently made session never used since, else its least
        /// recently used one (an ended one first: it was used longer ago than any kept one).
        /// - Returns: whether one was dropped.
        @discardableResult
        mutating func dropOldest(of address: ClientAddress) -> Bool {
            guard var holder = holders[address] else { return false }
            let entries = self.entries
            let id = holder.fresh.popOldest { id, use in entries[id].map { !$0.isInUse && $0.lastUse == use } ?? false }
                ?? holder.inUse.popOldest { id, use in entries[id].map { $0.isInUse && $0.lastUse == use } ?? false }
            holders[address] = holder
            guard let id else { return false }
            remove(id)
            return true
        }

        /// Rebuilds an address's queues from the last uses when they hold more than four entries per session.
        mutating func compactIfLong(_ address: ClientAddress) {
            guard let holder = holders[address], holder.fresh.pending + holder.inUse.pending > 4 * holder.count + 16 else { return }
            let sorted = entries.filter { $0.value.address == address }
                .map { (id: $0.key, use: $0.value.lastUse, isInUse: $0.value.isInUse) }.sorted { $0.use < $1.use }
            holders[address]?.fresh = UseQueue(uses: sorted.filter { !$0.isInUse }.map { ($0.id, $0.use) })
            holders[address]?.inUse = UseQueue(uses: sorted.filter { $0.isInUse }.map { ($0.id, $0.use) })
        }
    }

    private let state = Mutex(State())
    /// The most sessions kept at once (ended ones remembered count too).
    package let limit: Int
    /// The most sessions kept at once that one client address made.
    package let perAddressLimit: Int
    /// A session unused for longer than this is over.
    package let idleSeconds: Double
    /// Seconds on a monotonic clock (``systemSeconds`` unless a test gives its own).
    private let now: @Sendable () -> Double

    /// - Parameters:
    ///   - limit: sessions kept at once (at least 1).
    ///   - perAddressLimit: sessions kept at once from one address (1 to `limit`; default: all of `limit`).
    ///   - idleSeconds: how long a session may go unused (at least 1 s).
    ///   - now: seconds on a monotonic clock; tests give their own.
    package init(limit: Int = 1024, perAddressLimit: Int? = nil, idleSeconds: Double = 12 * 3600,
                 now: @escaping @Sendable () -> Double = SessionStore.systemSeconds) {
        self.limit = max(1, limit)
        self.perAddressLimit = min(self.limit, max(1, perAddressLimit ?? limit))
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
            state.touch(id, at: seconds, lookedUp: true)
            return .kept(session)
        }
    }

    /// The session with this id, if it is kept (marked as used now).
    package func session(id: String) -> Session? {
        if case .kept(let session) = lookup(id: id) { return session }
        return nil
    }

    /// A new session for `identity`, made from `address`, kept: one of the address's own is
    /// dropped first when it holds ``perAddressLimit``, and one of the address holding the most
    /// when ``limit`` are kept.
    /// - Complexity: O(1) amortized, and O(addresses) when ``limit`` are kept.
    package func create(for identity: Identity, from address: ClientAddress = .unknown) -> Session {
        let session = Session(identity: identity)
        let seconds = now()
        state.withLock { state in
            while state.count(of: address) >= perAddressLimit, state.dropOldest(of: address) {}
            while state.entries.count >= limit, let richest = state.richest, state.dropOldest(of: richest) {}
            state.insert(session, from: address, at: seconds)
        }
        return session
    }

    /// A new session (new id, new token) in place of `old`, which ends at once: what a change of
    /// privilege does (signing in or out, once accounts exist).
    package func renew(_ old: Session, for identity: Identity, from address: ClientAddress = .unknown) -> Session {
        remove(id: old.id)
        return create(for: identity, from: address)
    }

    /// Forgets a session (a request that made one and was refused keeps none).
    package func remove(id: String) {
        state.withLock { $0.remove(id) }
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
