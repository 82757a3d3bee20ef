import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: the only owner of its `MHD_Daemon`, stopped in ``stop()``
/// or `deinit`.
///
/// Requests are served by libmicrohttpd's internal thread pool (`MHD_USE_INTERNAL_POLLING_THREAD`
/// with `MHD_OPTION_THREAD_POOL_SIZE`, poll(2)), each thread with its own event loop; the handler
/// runs on those threads. Bodies are read whole up to the handler's limit before the handler is
/// called — into memory, or into an unlinked temporary file when the handler admits it so
/// (``HTTPHandler/admitBody(of:declaredLength:)``, ``SpooledBody``: uploads, within a
/// ``SpoolBudget``); the handler may refuse a body from its head, before a byte of it is read;
/// a larger body is answered with the handler's 413 response. Suspending connections
/// is allowed (`MHD_ALLOW_SUSPEND_RESUME`) for streamed bodies (``ResponseStream``).
///
/// **What a client can cost** is bounded by the configuration (``ServerConfiguration`` has the
/// figures and their reasons): connections in all and from one address (libmicrohttpd refuses
/// the one over an address's limit at once, so other addresses are still answered), a deadline
/// for each request's line and headers and a fair share of the connections when all are taken (``ConnectionTable``, ``FairShare``), and an idle timeout for each read of
/// a body and each write of an answer — a client that stops reading a large answer is closed
/// after it, and a waiting connection holds no thread in the meantime. An in-memory answer over
/// 64 KiB is read in place, never copied per connection (``BufferedAnswer``), and the bytes of
/// answers being written are bounded in all and per address (``AnswerBudget``).
///
/// Sources: libmicrohttpd 0.9.75 reference manual (GNU); HTTP semantics RFC 9110, HTTP/1.1 RFC 9112.
package final class HTTPServer: Sendable {
    /// The daemon's address (as an integer: pointers are not `Sendable`), until stopped.
    private let daemon: Mutex<UInt?>
    private let context: ServerContext
    /// The port listened on (the one chosen by the system when the configuration said 0).
    package let port: UInt16
    /// The configured host.
    package let host: String
    /// Whether the address listened on is a loopback address (only this machine can connect).
    let isLoopback: Bool

    /// Starts listening and serving at once.
    /// - Throws: ``HTTPServerError`` `.invalidConfiguration` for a limit or timeout out of range
    ///   (``ServerConfiguration``); `.badAddress` for a host that is not a numeric address or
    ///   `localhost`; `.portTaken`, `.addressNotLocal`, `.portNeedsPrivileges`, or `.cannotListen`
    ///   when libmicrohttpd cannot start for another reason.
    package init(configuration: ServerConfiguration, handler: any HTTPHandler) throws {
        if let problem = configuration.problem { throw HTTPServerError(.invalidConfiguration, "cannot serve: \(problem)") }
        let address = try ListenAddress(host: configuration.host, port: configuration.port)
        let context = ServerContext(handler: handler, discardLimit: configuration.discardLimitBytes,
                                    streamStallSeconds: Double(configuration.idleTimeoutSeconds),
                                    connections: ConnectionTable(timeout: .seconds(configuration.requestHeadTimeoutSeconds),
                                                                 limit: configuration.connectionLimit),
                                    answers: AnswerBudget(totalLimit: configuration.answerBytesLimit,
                                                          perAddressLimit: configuration.answerBytesPerAddressLimit))
        var flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue
                           | MHD_ALLOW_SUSPEND_RESUME.rawValue)
        if address.isIPv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }
        let started: OpaquePointer? = withUnsafeBytes(of: address.storage) { raw in
            var options = runlog_mhd_options(
                flags: flags, address: raw.baseAddress!.assumingMemoryBound(to: sockaddr.self),
                thread_pool_size: UInt32(configuration.threadCount),
                connection_timeout_s: UInt32(configuration.idleTimeoutSeconds),
                connection_limit: UInt32(configuration.libraryConnectionLimit),
                per_ip_connection_limit: UInt32(configuration.perAddressConnectionLimit),
                connection_memory_limit: configuration.headerMemoryBytes,
                accept_policy: acceptPolicy, accept_policy_cls: Unmanaged.passUnretained(context).toOpaque(),
                handler: accessHandler, handler_cls: Unmanaged.passUnretained(context).toOpaque(),
                completed: requestCompleted, completed_cls: Unmanaged.passUnretained(context).toOpaque(),
                connection_notified: connectionNotified, connection_notified_cls: Unmanaged.passUnretained(context).toOpaque())
            return runlog_mhd_start(&options)
        }
        guard let started else {
            let problem = address.bindProblem()
            throw HTTPServerError(problem.code, "cannot listen on \(configuration.host) port \(configuration.port): \(problem.text)")
        }
        daemon = Mutex(UInt(bitPattern: started))
        self.context = context
        context.connections.start()
        port = runlog_mhd_bound_port(started)
        host = configuration.host
        isLoopback = address.isLoopback
    }

    deinit {
        stop()
    }

    /// Connections open now (accepted and not yet closed; one refused over a limit is never
    /// counted).
    package var openConnectionCount: Int { context.connections.count }

    /// Bytes held now by in-memory answers being written (``AnswerBudget``: a buffer shared by
    /// many connections counted once), and the most held at once since the server started.
    package var queuedAnswerBytes: (now: Int, peak: Int) { (context.answers.heldBytes, context.answers.peakBytes) }

    /// Requests under way that a graceful stop lets finish: a body being received, or an answer
    /// being written that is not a stream (a stream — an event stream, a download — is cancelled
    /// by ``stop()``). Kept-alive connections waiting for their next request are not counted.
    package var requestsInProgress: Int {
        let streams = context.streamCount
        return context.connections.count(in: .receiving) + max(0, context.connections.count(in: .answering) - streams)
    }

    /// Bytes of request bodies held in memory now while they arrive (not yet handed to the handler).
    package var bufferedBodyBytes: Int { context.bufferedBodies.value }

    /// The base URL, e.g. `http://127.0.0.1:8080`.
    package var baseURL: String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)"
    }

    /// Stops gracefully: stops accepting connections, cancels open streams (resuming suspended
    /// connections, which libmicrohttpd requires before stopping), waits for the requests being
    /// handled, then closes everything. Safe to call more than once.
    package func stop() {
        guard let address = daemon.withLock({ daemon in defer { daemon = nil }; return daemon }),
              let daemon = OpaquePointer(bitPattern: address) else { return }
        let listening = MHD_quiesce_daemon(daemon)
        context.connections.stop()
        context.cancelStreams()
        context.waitForStreams(timeoutSeconds: 5)
        MHD_stop_daemon(daemon)
        if listening >= 0 { close(listening) }
    }
}

/// What the C callbacks reach: the handler, the open streams and the table of connections (their
/// head deadlines and fair share). Lives as long as the server.
final class ServerContext: Sendable {
    let handler: any HTTPHandler
    let discardLimit: Int
    /// How long a stream's writer waits for a client that takes nothing (the idle timeout).
    let streamStallSeconds: Double
    let connections: ConnectionTable
    /// The bytes of in-memory answers being written.
    let answers: AnswerBudget
    /// The bytes of request bodies being read into memory.
    let bufferedBodies = BodyBytes()
    private let streams = Mutex<[ObjectIdentifier: ResponseStream]>([:])

    init(handler: any HTTPHandler, discardLimit: Int, streamStallSeconds: Double, connections: ConnectionTable, answers: AnswerBudget) {
        self.handler = handler
        self.answers = answers
        self.discardLimit = discardLimit
        self.streamStallSeconds = streamStallSeconds
        self.connections = connections
    }

    func register(_ stream: ResponseStream) {
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
    }

    func unregister(_ stream: ResponseStream) {
        _ = streams.withLock { $0.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Streams being written now.
    var streamCount: Int { streams.withLock { $0.count } }

    func cancelStreams() {
        for stream in streams.withLock({ Array($0.values) }) { stream.cancel() }
    }

    func waitForStreams(timeoutSeconds: Double) {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while !streams.withLock({ $0.isEmpty }) && Date() < deadline { usleep(2000) }
    }

    // MARK: - Requests

    /// libmicrohttpd calls this for the head, for each piece of the body, and once more at its end.
    func handle(_ connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
                uploadSize: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let pending = state.pointee.map({ Unmanaged<PendingRequest>.fromOpaque($0).takeUnretainedValue() }) else {
            connections.headReceived(connection)
            let head = RequestReader.head(of: connection, url: url, method: method)
            // The answer waits for the next call even without a body: a response queued at the
            // head makes libmicrohttpd close the connection after it (no keep-alive).
            let length = head.header("content-length").flatMap { Int($0) }
            let hasBody = (length ?? 0) > 0 || head.header("transfer-encoding") != nil
            let limit = hasBody ? handler.bodyLimit(for: head) : 0
            if let length, length > limit, length > discardLimit {
                return queue(handler.respondPayloadTooLarge(to: head, limit: limit), on: connection, for: head)
            }
            // Before a byte of the body is read: in memory, spooled (within the handler's budget), or refused now.
            var spoolDirectory: String?, reservation: SpoolReservation?
            if hasBody {
                switch handler.admitBody(of: head, declaredLength: length) {
                case .memory: break
                case .spool(let directory, let held): (spoolDirectory, reservation) = (directory, held)
                case .refuse(let response): return queue(response, on: connection, for: head)
                }
            }
            let pending = PendingRequest(head: head, limit: limit, expectedLength: length,
                                         spoolDirectory: spoolDirectory, reservation: reservation, buffered: bufferedBodies)
            state.pointee = Unmanaged.passRetained(pending).toOpaque()
            // A newcomer may take the body's budget (FairPool): the connection is closed then.
            let key = UInt(bitPattern: connection), socket = runlog_mhd_connection_socket(connection)
            reservation?.allowCut { [connections] in connections.close(key, socket: socket) }
            return .YES
        }
        if uploadSize.pointee > 0, pending.isCut {
            // Its budget went to another address (its socket is being shut down): write no more.
            pending.drop()
            return .NO
        }
        if uploadSize.pointee > 0 {
            let keep = pending.append(UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee))
            uploadSize.pointee = 0
            return keep || pending.receivedBytes <= discardLimit ? .YES : .NO
        }
        if pending.isTooLarge {
            return queue(handler.respondPayloadTooLarge(to: pending.head, limit: pending.limit), on: connection, for: pending.head)
        }
        return queue(handler.respond(to: pending.request()), on: connection, for: pending.head)
    }

    /// Queues `response` as the answer to `head` on `connection`. A large in-memory body is read
    /// in place within the ``AnswerBudget`` (``BufferedAnswer``); one the budget refuses is
    /// replaced by the handler's refusal (`mayRefuse` false: queued whatever the budget).
    private func queue(_ response: HTTPResponse, on connection: OpaquePointer, for head: HTTPRequest, mayRefuse: Bool = true) -> MHD_Result {
        let mhdResponse: OpaquePointer?
        var stream: ResponseStream?
        switch response.body {
        case .bytes(let bytes) where bytes.count > BufferedAnswer.copiedLimitBytes:
            return queue(response, reading: [bytes[...]], on: connection, for: head, mayRefuse: mayRefuse)
        case .pieces(let pieces) where pieces.reduce(0, { $0 + $1.count }) > BufferedAnswer.copiedLimitBytes:
            return queue(response, reading: pieces, on: connection, for: head, mayRefuse: mayRefuse)
        case .bytes(let bytes):
            mhdResponse = bytes.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case .pieces(let pieces):
            // One malloc'd buffer, the pieces copied in once; libmicrohttpd frees it (MUST_FREE).
            let count = pieces.reduce(0) { $0 + $1.count }
            guard let buffer = malloc(max(count, 1)) else { return .NO }
            var offset = 0
            for piece in pieces {
                piece.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { (buffer + offset).copyMemory(from: base, byteCount: raw.count) }
                }
                offset += piece.count
            }
            mhdResponse = MHD_create_response_from_buffer(count, buffer, .RESPMEM_MUST_FREE)
            if mhdResponse == nil { free(buffer) }
        case .stream:
            let created = ResponseStream(stallSeconds: streamStallSeconds)
            created.connection = connection
            stream = created
            let box = StreamBox(stream: created, context: self)
            mhdResponse = MHD_create_response_from_callback(runlog_mhd_size_unknown(), 64 * 1024, streamReader,
                                                            Unmanaged.passRetained(box).toOpaque(), streamFreed)
        }
        guard let mhdResponse else { return .NO }
        let result = queue(mhdResponse, status: response.status, headers: response.headers, on: connection)
        // Only a queued stream gets a producer (a refused response is freed by the destroy above).
        if result == .YES, let stream, case .stream(let produce) = response.body {
            register(stream)
            let thread = Thread {
                do {
                    try produce(stream)
                    stream.finish()
                } catch {
                    stream.fail()
                }
            }
            thread.name = "http.response-stream"
            thread.start()
        }
        return result
    }
}

extension ServerContext {
    /// Queues a large in-memory body read in place (``BufferedAnswer``), or the handler's refusal
    /// when the ``AnswerBudget`` has no room for it.
    fileprivate func queue(_ response: HTTPResponse, reading pieces: [ArraySlice<UInt8>], on connection: OpaquePointer,
                           for head: HTTPRequest, mayRefuse: Bool) -> MHD_Result {
        switch BufferedAnswer.response(reading: pieces, budget: answers, address: head.clientAddress, mayRefuse: mayRefuse) {
        case .failure(let refusal):
            return queue(handler.respondAnswersBusy(to: head, refusal: refusal), on: connection, for: head, mayRefuse: false)
        case .success(let created):
            guard let created else { return .NO }
            return queue(created, status: response.status, headers: response.headers, on: connection)
        }
    }

    /// Queues a libmicrohttpd response with its status and header fields, and lets go of the reference to it.
    fileprivate func queue(_ mhdResponse: OpaquePointer, status: Int, headers: [(name: String, value: String)],
                           on connection: OpaquePointer) -> MHD_Result {
        defer { MHD_destroy_response(mhdResponse) }
        for (name, value) in headers { MHD_add_response_header(mhdResponse, name, value) }
        let result = MHD_queue_response(connection, UInt32(status), mhdResponse)
        if result == .YES { connections.answering(connection) }
        return result
    }
}

/// A stream and the server that tracks it, handed to libmicrohttpd's content reader.
private final class StreamBox: Sendable {
    let stream: ResponseStream
    let context: ServerContext

    init(stream: ResponseStream, context: ServerContext) {
        self.stream = stream
        self.context = context
    }
}

// MARK: - libmicrohttpd's callbacks (file-level functions, context through Unmanaged)

private func accessHandler(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
                           _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ upload: UnsafePointer<CChar>?,
                           _ uploadSize: UnsafeMutablePointer<Int>?, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?)
    -> MHD_Result {
    guard let cls, let connection, let url, let method, let uploadSize, let state else { return .NO }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    return context.handle(connection, url: String(cString: url), method: String(cString: method), upload: upload,
                          uploadSize: uploadSize, state: state)
}

private func requestCompleted(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                              _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode) {
    if let cls, let connection {
        Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().connections.requestCompleted(connection)
    }
    guard let state, let pending = state.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pending).release()
    state.pointee = nil
}

private func connectionNotified(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                                _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                                _ event: MHD_ConnectionNotificationCode) {
    guard let cls, let connection else { return }
    let connections = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().connections
    switch event {
    case .CONNECTION_NOTIFY_STARTED:
        connections.opened(connection, socket: runlog_mhd_connection_socket(connection),
                           address: ClientAddress(runlog_mhd_connection_address(connection)))
    case .CONNECTION_NOTIFY_CLOSED: connections.closed(connection)
    }
}

private func acceptPolicy(_ cls: UnsafeMutableRawPointer?, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> MHD_Result {
    guard let cls else { return .YES }
    return Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().connections.admits(ClientAddress(address)) ? .YES : .NO
}

private func streamReader(_ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?,
                          _ maximum: Int) -> Int {
    guard let cls, let buffer else { return runlog_mhd_end_with_error() }
    let box = Unmanaged<StreamBox>.fromOpaque(cls).takeUnretainedValue()
    return box.stream.read(into: UnsafeMutableRawPointer(buffer), maximum: maximum)
}

private func streamFreed(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let box = Unmanaged<StreamBox>.fromOpaque(cls).takeRetainedValue()
    box.stream.cancel()   // the producer stops if it is still writing
    box.context.unregister(box.stream)
}
