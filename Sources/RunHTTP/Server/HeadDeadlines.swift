import Dispatch
import Foundation
import Synchronization

/// The deadline for a request's line and headers, which libmicrohttpd 0.9.75 does not have: its
/// connection timeout is an idle timeout, restarted by every byte received, so a client sending
/// a header line every few seconds could hold a connection for as long as it liked.
///
/// libmicrohttpd says when a connection opens and closes (`MHD_OPTION_NOTIFY_CONNECTION`), when a
/// request's head is complete (the first call of the access handler) and when a request is done
/// (`MHD_OPTION_NOTIFY_COMPLETED`). A connection waiting for a head — a new one, or a kept-alive
/// one after its answer — has a deadline; a timer looks every ``checkInterval`` and shuts the
/// socket of a connection past it down in both directions (`shutdown(2)`). libmicrohttpd's thread
/// then reads the end of the stream and closes the connection itself, as if the client had gone:
/// no HTTP is read or written here, and the socket is never closed here. It is shut down only
/// while libmicrohttpd still holds it: libmicrohttpd reports a connection closed before it closes
/// its socket, and ``closed(_:)`` takes the lock the timer holds while it shuts sockets down, so
/// a socket number reused by a later connection is never touched.
///
/// Thread safety: the entries are behind a `Mutex`, used by libmicrohttpd's threads and the
/// timer's queue; the timer is behind its own.
final class HeadDeadlines: Sendable {
    /// How often overdue connections are looked for: a connection is closed at most this long
    /// after its deadline.
    static let checkInterval: Duration = .milliseconds(checkIntervalMilliseconds)
    private static let checkIntervalMilliseconds = 250

    private struct Entry {
        let socket: Int32
        /// When the head must be in; nil while a request is answered (or once shut down).
        var deadline: ContinuousClock.Instant?
    }

    /// The time a connection has for a head.
    let timeout: Duration
    private let entries = Mutex<[UInt: Entry]>([:])
    private let timer = Mutex<(any DispatchSourceTimer)?>(nil)

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Connections libmicrohttpd holds now (accepted and not yet closed).
    var count: Int { entries.withLock { $0.count } }

    /// A connection was accepted: its first head is due within ``timeout``.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        let deadline = ContinuousClock.now + timeout
        entries.withLock { $0[Self.key(connection)] = Entry(socket: socket, deadline: deadline) }
    }

    /// A request's line and headers are in: no deadline while it is read and answered (the idle
    /// timeout bounds each read and write).
    func headReceived(_ connection: OpaquePointer) {
        entries.withLock { $0[Self.key(connection)]?.deadline = nil }
    }

    /// A request is done (answered, or given up): the next head is due within ``timeout``.
    func requestCompleted(_ connection: OpaquePointer) {
        let deadline = ContinuousClock.now + timeout
        entries.withLock { $0[Self.key(connection)]?.deadline = deadline }
    }

    /// libmicrohttpd closes the connection (it closes the socket after this returns).
    func closed(_ connection: OpaquePointer) {
        _ = entries.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// Shuts down the sockets of connections past their deadline.
    /// - Returns: how many were shut down.
    @discardableResult
    func shutDownOverdue(at now: ContinuousClock.Instant = .now) -> Int {
        entries.withLock { entries in
            let overdue = entries.filter { _, entry in entry.deadline.map { $0 <= now } ?? false }
            for (key, entry) in overdue {
                _ = shutdown(entry.socket, Int32(SHUT_RDWR))
                entries[key]?.deadline = nil
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

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: connection) }
}
