/// How ``HTTPServer`` listens and what it allows.
package struct ServerConfiguration: Sendable {
    /// The address to listen on: a numeric IPv4 or IPv6 address, or `localhost`. Default 127.0.0.1:
    /// only this machine can connect.
    package var host: String
    /// The TCP port; 0 lets the system choose a free one (``HTTPServer/port`` tells which).
    package var port: UInt16
    /// Threads serving connections (libmicrohttpd's thread pool, each with its own poll loop).
    package var threadCount: Int
    /// Idle connections are closed after this many seconds.
    package var connectionTimeoutSeconds: Int
    /// Connections open at once, at most.
    package var connectionLimit: Int
    /// Memory per connection for the request line and headers (libmicrohttpd's pool): larger
    /// headers are refused with 431.
    package var headerMemoryBytes: Int
    /// A body over the handler's limit is read and dropped (to answer 413 to a client that sends
    /// it all before reading) up to this many bytes; a larger one is refused at its head.
    package var discardLimitBytes: Int

    package init(host: String = "127.0.0.1", port: UInt16 = 8080, threadCount: Int = 4, connectionTimeoutSeconds: Int = 30,
                connectionLimit: Int = 256, headerMemoryBytes: Int = 64 * 1024, discardLimitBytes: Int = 512 * 1024 * 1024) {
        self.host = host
        self.port = port
        self.threadCount = threadCount
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.connectionLimit = connectionLimit
        self.headerMemoryBytes = headerMemoryBytes
        self.discardLimitBytes = discardLimitBytes
    }
}
