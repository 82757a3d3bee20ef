/// What the web application allows and where it finds Leaflet.
package struct WebConfiguration: Sendable {
    /// The largest upload (all files of one import together, an export archive included), in bytes.
    /// Default 256 MiB: a year of a runner's Strava export; larger exports are imported with `runlog import`.
    package var uploadLimitBytes: Int
    /// The largest form or JSON body, in bytes. Default 1 MiB (notes take at most 10 000 characters).
    package var formLimitBytes: Int
    /// Whether the `Host` header must name this machine (localhost, 127.x.x.x, [::1]): on when
    /// listening on a loopback address, against DNS rebinding (a foreign site whose name resolves
    /// to 127.0.0.1 would otherwise read the pages, tokens included).
    package var requiresLoopbackHost: Bool
    /// Debian's libjs-leaflet, read once at start for the interactive map.
    package var leafletDirectory: String
    /// Pages kept in memory, in bytes.
    package var cacheBudgetBytes: Int
    /// A live event stream sends a comment after this many seconds without an event, so the
    /// connection is not taken for idle. (A closed tab is noticed from its socket within about a
    /// second, without waiting for this.) Default 15.
    package var liveKeepAliveSeconds: Double
    /// Live event streams open at once, at most; one more is refused with 503. Each holds a
    /// connection (suspended while it waits: no thread of the server's pool) and a thread of its
    /// own. Default 16.
    package var liveStreamLimit: Int
    /// Sessions kept at once (each with its CSRF token), at most; past it the least recently used
    /// is dropped, so a client making sessions without end never grows memory. Default 1024.
    package var sessionLimit: Int
    /// A session unused for this long is over (its token is no longer accepted; an unsafe request
    /// naming it is refused with `sessionExpired`, a page gets a new session). Default 12 hours:
    /// a day's use of a page left open, a long recording followed on the live page (whose script
    /// takes a new session's token when its own expired).
    package var sessionIdleSeconds: Double
    /// Seconds on a monotonic clock, for the sessions' idle time; tests give their own.
    package var sessionClock: @Sendable () -> Double

    package init(uploadLimitBytes: Int = 256 * 1024 * 1024, formLimitBytes: Int = 1024 * 1024, requiresLoopbackHost: Bool = true,
                leafletDirectory: String = "/usr/share/javascript/leaflet", cacheBudgetBytes: Int = 64 * 1024 * 1024,
                liveKeepAliveSeconds: Double = 15, liveStreamLimit: Int = 16, sessionLimit: Int = 1024,
                sessionIdleSeconds: Double = 12 * 3600, sessionClock: @escaping @Sendable () -> Double = SessionStore.systemSeconds) {
        self.uploadLimitBytes = uploadLimitBytes
        self.formLimitBytes = formLimitBytes
        self.requiresLoopbackHost = requiresLoopbackHost
        self.leafletDirectory = leafletDirectory
        self.cacheBudgetBytes = cacheBudgetBytes
        self.liveKeepAliveSeconds = liveKeepAliveSeconds
        self.liveStreamLimit = liveStreamLimit
        self.sessionLimit = sessionLimit
        self.sessionIdleSeconds = sessionIdleSeconds
        self.sessionClock = sessionClock
    }
}
