import CMicroHTTPD
import Foundation

/// A response body written while it is sent: a producer thread writes, libmicrohttpd reads.
///
/// The bridge between push-style writers (a document writer's output) and
/// libmicrohttpd's pull-style content reader. Writes block the producer once ``capacity`` bytes
/// wait, until the client has taken half of them (back-pressure); when the reader finds nothing to send it suspends its
/// connection (`MHD_suspend_connection`, allowed inside a content reader) and the next write or
/// ``finish()`` resumes it (`MHD_resume_connection`, any thread). So a stream that waits — a slow
/// export, or a Server-Sent Events stream waiting for the next change — holds no thread of the
/// server's pool.
///
/// **Server-Sent Events.** The live page's `text/event-stream` (``LiveEventStream``) is such a
/// stream: its producer waits for the shared store's changes, writes events, and sends a comment
/// line every 15 s for proxies. A closed browser tab is noticed without waiting for a write:
/// ``isCancelled`` looks at the connection's socket (`poll(2)` for the peer's close, `POLLRDHUP`,
/// which reads nothing), so a producer that checks it between rounds — the live stream does once
/// a second — ends within a round of the client going, and its place is free again (a write
/// tells only at the next keep-alive or later: 10–20 s in a trial with killed `curl -sN`
/// clients); ``onCancel(_:)`` wakes it at once.
/// The server cancels every open stream before it stops (``HTTPServer/stop()``), so a
/// never-ending producer does not keep it up.
///
/// **A client that stops reading** holds at most the buffer (``capacity``, 64 KiB) and its
/// producer, and only for ``stallSeconds``: a write that waited that long for the client to take
/// half the buffer cancels the stream (``HTTPStreamCancelled``) and libmicrohttpd closes the
/// connection. So a client must read at least `capacity / 2` bytes every `stallSeconds` (32 KiB
/// every 20 s by default: 1.6 kB/s) — a trickle of a byte at a time does not keep a producer.
///
/// Thread safety: all state is guarded by `condition`'s lock.
package final class ResponseStream: @unchecked Sendable {
    /// Bytes buffered before ``write(_:)`` waits (until half of them are taken).
    let capacity: Int
    /// Seconds a write waits for the client to take half the buffer before the stream is
    /// cancelled as stalled.
    let stallSeconds: Double
    private let condition = NSCondition()
    private var buffer: [UInt8] = []
    private var readOffset = 0
    private var finished = false
    private var failed = false
    private var cancelled = false
    /// The connection the reader suspended, until a write resumes it.
    private var suspendedConnection: OpaquePointer?
    /// The connection this stream answers; set when the response is queued (on the connection's
    /// thread, before the producer starts), with its socket.
    var connection: OpaquePointer? {
        didSet { socket = connection.map { runlog_mhd_connection_socket($0) } ?? -1 }
    }
    /// The connection's socket, -1 when unknown. Looked at (never read from or written to) while
    /// the stream is not cancelled: libmicrohttpd frees the response — cancelling the stream,
    /// which takes the lock — before it closes the socket, so under the lock it is still this
    /// connection's.
    private var socket: Int32 = -1
    /// Called once when the stream is cancelled (a producer waiting on something else wakes up).
    private var cancellationHandlers: [@Sendable () -> Void] = []

    init(capacity: Int = 64 * 1024, stallSeconds: Double = 20) {
        self.capacity = capacity
        self.stallSeconds = stallSeconds
    }

    /// Whether the client went away or the server is stopping: the producer should stop. A
    /// client that closed its end of the connection counts as gone at once (the stream is
    /// cancelled then): a response stream's client sends nothing after its request.
    package var isCancelled: Bool {
        condition.lock()
        if cancelled {
            condition.unlock()
            return true
        }
        let isClientGone = Self.hasPeerClosed(socket)
        condition.unlock()
        if isClientGone { cancel() }
        return isClientGone
    }

    /// Whether the peer of a connected socket closed it or reset it: `poll(2)` without waiting
    /// for `POLLRDHUP` (Linux: the peer shut down its writing side), `POLLHUP` or `POLLERR`.
    /// Reads nothing, so bytes the client sent stay for libmicrohttpd.
    static func hasPeerClosed(_ socket: Int32) -> Bool {
        guard socket >= 0 else { return false }
        let peerShutdown: Int16 = 0x2000   // POLLRDHUP, <bits/poll.h> (a GNU extension Swift's Glibc does not export)
        var entry = pollfd(fd: socket, events: peerShutdown, revents: 0)
        guard poll(&entry, 1, 0) == 1 else { return false }
        return entry.revents & (peerShutdown | Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)) != 0
    }

    /// Runs `handler` once when the stream is cancelled — at once if it is already — so a producer
    /// that waits for something other than a write (the live event stream waits for the store's
    /// changes) stops promptly when the client goes or the server stops. Called on the cancelling
    /// thread, without the stream's lock held.
    package func onCancel(_ handler: @escaping @Sendable () -> Void) {
        condition.lock()
        let isCancelled = cancelled
        if !isCancelled { cancellationHandlers.append(handler) }
        condition.unlock()
        if isCancelled { handler() }
    }

    /// Appends bytes; when the buffer is full, first waits until the client took half of it.
    /// - Throws: ``HTTPStreamCancelled`` when the client went away, the server is stopping, or the
    ///   client took nothing for ``stallSeconds`` (the stream is cancelled then).
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        condition.lock()
        if buffer.count - readOffset >= capacity {
            let deadline = Date(timeIntervalSinceNow: stallSeconds)
            while buffer.count - readOffset > capacity / 2 && !cancelled {
                if !condition.wait(until: deadline) && buffer.count - readOffset > capacity / 2 {
                    condition.unlock()
                    cancel()   // stalled: the reader is told to end the response, the connection closes
                    condition.lock()
                }
            }
        }
        if cancelled {
            condition.unlock()
            throw HTTPStreamCancelled()
        }
        if readOffset > 0 && readOffset == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            readOffset = 0
        }
        buffer.append(contentsOf: bytes)
        let resume = takeSuspendedConnection()
        condition.unlock()
        if let resume { MHD_resume_connection(resume) }
    }

    /// Appends text as UTF-8.
    package func write(_ text: String) throws {
        var copy = text
        try copy.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the body after the bytes written.
    func finish() { end(failed: false) }

    /// Ends the body with an error: the client sees a cut-off transfer (the status was sent already).
    func fail() { end(failed: true) }

    private func end(failed: Bool) {
        condition.lock()
        finished = true
        self.failed = failed
        let resume = takeSuspendedConnection()
        condition.unlock()
        if let resume { MHD_resume_connection(resume) }
    }

    /// Stops the stream from the server's side (the client went away, the server stops, or a
    /// newcomer took its place in a ``FairPool``): the producer's next write throws
    /// ``HTTPStreamCancelled`` and the client sees the transfer cut off (the status was sent already).
    package func cancel() {
        condition.lock()
        cancelled = true
        let resume = takeSuspendedConnection()
        let handlers = cancellationHandlers
        cancellationHandlers = []
        condition.broadcast()
        condition.unlock()
        if let resume { MHD_resume_connection(resume) }
        for handler in handlers { handler() }
    }

    /// Called with the lock held.
    private func takeSuspendedConnection() -> OpaquePointer? {
        defer { suspendedConnection = nil }
        return suspendedConnection
    }

    /// libmicrohttpd's content reader: copies what is buffered, or suspends the connection until
    /// there is more. Runs on the connection's pool thread.
    func read(into destination: UnsafeMutableRawPointer, maximum: Int) -> Int {
        condition.lock()
        let available = buffer.count - readOffset
        if available > 0 {
            let count = min(available, maximum)
            buffer.withUnsafeBytes { source in
                destination.copyMemory(from: source.baseAddress! + readOffset, byteCount: count)
            }
            readOffset += count
            condition.broadcast()
            condition.unlock()
            return count
        }
        if cancelled || (finished && failed) {
            condition.unlock()
            return runlog_mhd_end_with_error()
        }
        if finished {
            condition.unlock()
            return runlog_mhd_end_of_stream()
        }
        // Nothing yet: suspend until the producer writes. A resume that comes before the suspend
        // takes effect is kept by libmicrohttpd (the suspend is then skipped and we are called again).
        suspendedConnection = connection
        condition.unlock()
        if let connection { MHD_suspend_connection(connection) }
        return 0
    }
}

/// Thrown to a stream's producer when the client went away or the server is stopping.
package struct HTTPStreamCancelled: Error, Sendable {
    package init() {}
}
