import Foundation

/// How ``HTTPServer`` listens, and what one client can cost it.
///
/// The defaults bound each client's cost so that one address cannot shut others out (issue 16):
///
/// | limit | default | enforced by |
/// |---|---|---|
/// | connections in all | 512, shared fairly | ``ConnectionTable`` and ``FairShare`` (libmicrohttpd's `MHD_OPTION_CONNECTION_LIMIT` an eighth above) |
/// | connections from one address | 64 | libmicrohttpd (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`) |
/// | request line and headers | 10 s after connecting or the previous answer | ``ConnectionTable`` |
/// | a body read, a response write | 20 s without a byte moving | libmicrohttpd (`MHD_OPTION_CONNECTION_TIMEOUT`) |
/// | request line and headers, size | 64 KiB (431 beyond) | libmicrohttpd (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`) |
/// | threads | twice the processors, 4 to 16 | libmicrohttpd (`MHD_OPTION_THREAD_POOL_SIZE`) |
/// | in-memory answers being written | 128 MiB in all, 32 MiB per address (503/429 beyond) | ``AnswerBudget`` |
///
/// So an address holding its 64 connections with headers sent a line every few seconds leaves
/// 448 places to everyone else, and holds each of its own for at most 10 s at a time; and when
/// eight such addresses hold all 512, a ninth is still answered at once: each newcomer below its
/// fair share (512 / 9 = 56 places) closes one of theirs (``FairShare``).
package struct ServerConfiguration: Sendable {
    /// The address to listen on: a numeric IPv4 or IPv6 address, or `localhost`. Default 127.0.0.1:
    /// only this machine can connect.
    package var host: String
    /// The TCP port; 0 lets the system choose a free one (``HTTPServer/port`` tells which).
    package var port: UInt16
    /// Threads serving connections: libmicrohttpd's pool, each thread with its own poll loop and
    /// its own share of the connections (a connection stays on the thread that accepted it).
    /// Handlers run on these threads, so a handler that waits stalls the other connections of its
    /// thread while it waits; a connection waiting for a slow client costs no thread.
    /// Default ``defaultThreadCount(processors:)``.
    package var threadCount: Int
    /// A connection that moves no byte for this many seconds while a request's body is read or its
    /// answer written is closed: libmicrohttpd's connection timeout (`MHD_OPTION_CONNECTION_TIMEOUT`),
    /// an *idle* timeout, restarted by every byte received or sent — so it bounds each read of a
    /// body and each write of an answer (a client that stops reading a large answer is let go
    /// after this long), not the whole body, which may take as long as it keeps moving. A
    /// connection suspended by the server (a ``ResponseStream`` waiting for its producer) is
    /// exempt: the producer's own writes bound it — a write waits this long at most for a client
    /// that takes nothing (``ResponseStream/stallSeconds``). Default 20 s, the default of Apache httpd's
    /// `mod_reqtimeout` for a body (`body=20`).
    package var idleTimeoutSeconds: Int
    /// Seconds a connection has to deliver a request's line and headers, counted from when it
    /// connected or from the end of its previous answer (so also how long a kept-alive connection
    /// may wait idle): an absolute deadline, which libmicrohttpd does not have — ``HeadDeadlines``
    /// adds it. A connection past it is closed within a quarter of a second. Default 10 s: a head
    /// is one or two packets, and 10 s leaves room for three lost ones (TCP retransmits after 1, 2
    /// and 4 s: RFC 6298's initial timeout, doubled); Apache httpd's `mod_reqtimeout` allows 20 s
    /// for headers, extended while they keep arriving at 500 bytes/s.
    package var requestHeadTimeoutSeconds: Int
    /// Connections open at once, at most, shared fairly among the addresses (``FairShare``): when
    /// all are open, a connection from an address holding fewer than `connectionLimit / addresses`
    /// is made by closing one of the address holding the most (one waiting for its request's
    /// head first, one being answered last), and one from an address holding its share is
    /// closed at once. Default 512: eight addresses at ``perAddressConnectionLimit``; with
    /// libmicrohttpd's own limit an eighth above (``libraryConnectionLimit``) it keeps the open
    /// files under the usual limit of 1,024 with room for the stores each thread opens.
    package var connectionLimit: Int
    /// Connections open at once from one address (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`): one more
    /// is accepted and closed at once, while connections from other addresses are still accepted
    /// and answered. Default 64, an eighth of ``connectionLimit``: a browser opens at most 6
    /// connections to a server (plus a live page's event stream), so a household or a club behind
    /// one address of a router has room, and `wrk -c64` from this machine still fits. The address
    /// is the one libmicrohttpd sees: behind a reverse proxy every client has the proxy's; an IPv6
    /// client with many addresses counts as many clients.
    package var perAddressConnectionLimit: Int
    /// The limit libmicrohttpd enforces (`MHD_OPTION_CONNECTION_LIMIT`, split evenly among the
    /// threads): ``connectionLimit`` and an eighth more (at least the thread count), so that it
    /// keeps accepting while every fair place is taken and ``ConnectionTable`` decides who gives
    /// way; the room above holds connections closed to make room until libmicrohttpd's thread
    /// has closed them (the next round of its poll loop). Beyond it a connection waits in the
    /// kernel's listen queue.
    var libraryConnectionLimit: Int { connectionLimit + max(threadCount, connectionLimit / 8) }
    /// Memory per connection for the request line and headers (libmicrohttpd's pool): larger
    /// headers are refused with 431.
    package var headerMemoryBytes: Int
    /// A body over the handler's limit is read and dropped (to answer 413 to a client that sends
    /// it all before reading) up to this many bytes; a larger one is refused at its head.
    package var discardLimitBytes: Int
    /// Bytes of in-memory answers being written at once, in all (``AnswerBudget``): an answer
    /// over 64 KiB is read in place, so readers of one answer (a cached one) share its bytes and
    /// add 32 KiB each; a distinct answer adds its size. One that would pass this is answered 503
    /// with `Retry-After` instead, unless nothing else is held. Default 128 MiB: 16 of the largest
    /// track answers (7.8 MB, 300,000 points) being read at once, or 4,096 readers of a cached one.
    package var answerBytesLimit: Int
    /// Bytes of in-memory answers being written at once to one client address: 429 with
    /// `Retry-After` beyond, unless the address holds nothing else. Default 32 MiB, a quarter of
    /// ``answerBytesLimit``, so four addresses reading large answers leave room for the rest.
    package var answerBytesPerAddressLimit: Int

    package init(host: String = "127.0.0.1", port: UInt16 = 8080,
                 threadCount: Int = ServerConfiguration.defaultThreadCount(processors: ProcessInfo.processInfo.activeProcessorCount),
                 idleTimeoutSeconds: Int = 20, requestHeadTimeoutSeconds: Int = 10,
                 connectionLimit: Int = 512, perAddressConnectionLimit: Int = 64,
                 headerMemoryBytes: Int = 64 * 1024, discardLimitBytes: Int = 512 * 1024 * 1024,
                 answerBytesLimit: Int = 128 << 20, answerBytesPerAddressLimit: Int = 32 << 20) {
        self.host = host
        self.port = port
        self.threadCount = threadCount
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.requestHeadTimeoutSeconds = requestHeadTimeoutSeconds
        self.connectionLimit = connectionLimit
        self.perAddressConnectionLimit = perAddressConnectionLimit
        self.headerMemoryBytes = headerMemoryBytes
        self.discardLimitBytes = discardLimitBytes
        self.answerBytesLimit = answerBytesLimit
        self.answerBytesPerAddressLimit = answerBytesPerAddressLimit
    }

    /// The pool's size for a machine: twice its processors, at least 4 and at most 16.
    ///
    /// Twice, because handlers also wait (the disk; imports, which wait for the library's write
    /// lock, run off the pool since issue 16) and a waiting handler stalls its thread's
    /// connections: a second thread per processor keeps it busy meanwhile. At least 4, so one waiting handler stalls at most a quarter of the
    /// connections; at most 16, because each thread that handles a request keeps a library and a
    /// settings connection open (files, SQLite's page cache), and more threads than that add
    /// waiting, not throughput.
    /// - Parameter processors: the processors available (`ProcessInfo.activeProcessorCount`).
    package static func defaultThreadCount(processors: Int) -> Int {
        min(16, max(4, 2 * processors))
    }

    /// Why this configuration cannot serve, or nil: every limit and timeout at least 1, the
    /// per-address limit at most the global one.
    var problem: String? {
        let positive: [(String, Int)] = [("threads", threadCount), ("idle timeout", idleTimeoutSeconds),
                                         ("request head timeout", requestHeadTimeoutSeconds),
                                         ("connection limit", connectionLimit),
                                         ("per-address connection limit", perAddressConnectionLimit),
                                         ("answer bytes limit", answerBytesLimit),
                                         ("per-address answer bytes limit", answerBytesPerAddressLimit)]
        if let (name, value) = positive.first(where: { $0.1 < 1 }) { return "the \(name) must be at least 1, not \(value)" }
        if perAddressConnectionLimit > connectionLimit {
            return "the per-address connection limit (\(perAddressConnectionLimit)) is over the connection limit (\(connectionLimit))"
        }
        return nil
    }
}
