import Dispatch
import Foundation
import Synchronization

/// The connections libmicrohttpd holds — each one's socket, client address and what it is
/// doing — and the two rules over them that libmicrohttpd 0.9.75 lacks: a deadline for a
/// request's line and headers, and a fair share of the connection limit (``FairShare``).
///
/// libmicrohttpd asks before it makes a connection (its accept policy: ``admits(_:)``), says
/// when a connection opens and closes (`MHD_OPTION_NOTIFY_CONNECTION`), when a request's head is
/// complete (the first call of the access handler), when an answer is queued, and when a request
/// is done (`MHD_OPTION_NOTIFY_COMPLETED`).
///
/// - **Head deadline.** Its connection timeout is an idle timeout, restarted by every byte
///   received, so a client sending a header line every few seconds could hold a connection for
///   as long as it liked. A connection waiting for a head — a new one, or a kept-alive one after
///   its answer — has a deadline; a timer looks every ``checkInterval`` and closes one past it.
/// - **Fair share.** With ``limit`` connections open, a newcomer from an address holding less
///   than its share makes room: a connection of the address holding the most is closed — one
///   waiting for its head (the longest waiting first), else one whose body is being read or
///   whose request is being handled, and one whose answer is being written only when that
///   address holds nothing else. libmicrohttpd's own limit is set above ``limit``
///   (``ServerConfiguration/libraryConnectionLimit``), so that it keeps accepting while the
///   table is full and the table decides.
///
/// **Closing** is a `shutdown(2)` of the socket in both directions: libmicrohttpd's thread then
/// reads the end of the stream and closes the connection itself, as if the client had gone. No
/// HTTP is read or written here, and the socket is never closed here. It is shut down only while
/// libmicrohttpd still holds it: libmicrohttpd reports a connection closed before it closes its
/// socket, and ``closed(_:)`` takes the lock held while sockets are shut down, so a socket number
/// reused by a later connection is never touched.
///
/// Thread safety: the entries are behind a `Mutex`, used by libmicrohttpd's threads and the
/// timer's queue; the timer is behind its own.
final class ConnectionTable: Sendable {
    /// How often overdue connections are looked for: a connection is closed at most this long
    /// after its deadline.
    static let checkInterval: Duration = .milliseconds(checkIntervalMilliseconds)
    private static let checkIntervalMilliseconds = 250

    /// What a connection is doing, in the order it is chosen to make room (first first).
    enum Phase: Int, Comparable {
        /// Connected, or kept alive after an answer: its next request's head is due.
        case awaitingHead
        /// Its head is in: its body is being read, or the handler runs.
        case receiving
        /// Its answer is queued and being written (a stream included).
        case answering

        static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
    }

    private struct Entry {
        let socket: Int32
        /// Its client (``ClientAddress/shareGroup``: an IPv6 address's /64).
        let address: ClientAddress
        var phase: Phase
        /// When the head must be in (while ``Phase/awaitingHead``).
        var deadline: ContinuousClock.Instant
        /// Shut down, waiting for libmicrohttpd to close it: no longer counted.
        var isClosing = false
    }

    /// The time a connection has for a head.
    let timeout: Duration
    /// Connections open at once before a newcomer must make room or be refused.
    let limit: Int
    private let entries = Mutex<[UInt: Entry]>([:])
    private let timer = Mutex<(any DispatchSourceTimer)?>(nil)

    init(timeout: Duration, limit: Int) {
        self.timeout = timeout
        self.limit = limit
    }

    /// Connections libmicrohttpd holds now (accepted and not yet closed).
    var count: Int { entries.withLock { $0.count } }

    /// Connections in `phase` now.
    func count(in phase: Phase) -> Int { entries.withLock { $0.values.count { $0.phase == phase } } }

    /// Whether a connection from `address` may be made (libmicrohttpd's accept policy): yes while
    /// fewer than ``limit`` are open; when all are, yes after closing another address's
    /// connection if ``FairShare`` says so, else no.
    func admits(_ address: ClientAddress) -> Bool {
        entries.withLock { entries in
            let open = entries.values.lazy.filter { !$0.isClosing }
            guard open.count >= limit else { return true }
            let held = open.reduce(into: [ClientAddress: Int]()) { $0[$1.address, default: 0] += 1 }
            switch FairShare.decide(newcomer: address.shareGroup, held: held, limit: limit) {
            case .admit: return true
            case .refuse: return false
            case .admitMakingRoom(let addresses):
                let rank = Dictionary(uniqueKeysWithValues: addresses.enumerated().map { ($1, $0) })
                let victim = entries.filter { !$0.value.isClosing && rank[$0.value.address] != nil }
                    .min { a, b in
                        (a.value.phase, rank[a.value.address]!, a.value.deadline) < (b.value.phase, rank[b.value.address]!, b.value.deadline)
                    }
                guard let victim else { return false }
                Self.shutDown(victim.value.socket)
                entries[victim.key]?.isClosing = true
                return true
            }
        }
    }

    /// A connection was made: its first head is due within ``timeout``.
    func opened(_ connection: OpaquePointer, socket: Int32, address: ClientAddress) {
        let entry = Entry(socket: socket, address: address.shareGroup, phase: .awaitingHead, deadline: ContinuousClock.now + timeout)
        entries.withLock { $0[Self.key(connection)] = entry }
    }

    /// A request's line and headers are in: no deadline while it is read and answered (the idle
    /// timeout bounds each read and write).
    func headReceived(_ connection: OpaquePointer) { set(.receiving, of: connection) }

    /// A request's answer is queued: it is being written.
    func answering(_ connection: OpaquePointer) { set(.answering, of: connection) }

    /// A request is done (answered, or given up): the next head is due within ``timeout``.
    func requestCompleted(_ connection: OpaquePointer) {
        let deadline = ContinuousClock.now + timeout
        entries.withLock { entries in
            entries[Self.key(connection)]?.phase = .awaitingHead
            entries[Self.key(connection)]?.deadline = deadline
        }
    }

    /// libmicrohttpd closes the connection (it closes the socket after this returns).
    func closed(_ connection: OpaquePointer) {
        _ = entries.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// Shuts down the socket of the connection `key` (its address as an integer), if libmicrohttpd
    /// still holds it with that `socket` (a later connection at the same address with the same
    /// socket number is not this one): libmicrohttpd closes it then (a spooled body cut for
    /// another address).
    func close(_ key: UInt, socket: Int32) {
        entries.withLock { entries in
            guard let entry = entries[key], entry.socket == socket, !entry.isClosing else { return }
            Self.shutDown(entry.socket)
            entries[key]?.isClosing = true
        }
    }

    /// Shuts down the sockets of connections past their head's deadline.
    /// - Returns: how many were shut down.
    @discardableResult
    func shutDownOverdue(at now: ContinuousClock.Instant = .now) -> Int {
        entries.withLock { entries in
            let overdue = entries.filter { _, entry in !entry.isClosing && entry.phase == .awaitingHead && entry.deadline <= now }
            for (key, entry) in overdue {
                Self.shutDown(entry.socket)
                entries[key]?.isClosing = true
            }
            return overdue.count
        }
    }

    /// Starts looking for overdue connections every ``checkInterval``.
    func start() {
        timer.withLock { timer in
            let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "http.head-deadlines"))
            let interval = DispatchTimeInterval.milliseconds(Self.checkIntervalMilliseconds)
            source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(20))
            source.setEventHandler { [weak self] in self?.shutDownOverdue() }
            source.resume()
            timer = source
        }
    }

    /// Stops looking (libmicrohttpd closes what is left when the daemon stops).
    func stop() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }

    private func set(_ phase: Phase, of connection: OpaquePointer) {
        entries.withLock { $0[Self.key(connection)]?.phase = phase }
    }

    /// Called with the entries' lock held, for a socket libmicrohttpd still holds.
    private static func shutDown(_ socket: Int32) {
        if socket >= 0 { _ = shutdown(socket, Int32(SHUT_RDWR)) }
    }

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: connection) }
}
