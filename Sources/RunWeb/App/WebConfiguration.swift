import Foundation
package import RunApp
package import RunHTTP

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
    /// Live event streams open at once, at most, shared fairly among client addresses
    /// (``RunHTTP/FairPool``: when all are open, an address below its share still gets one, the
    /// newest stream of the address holding the most ended); one more is refused with 503. Each
    /// holds a connection (suspended while it waits: no thread of the server's pool) and a thread
    /// of its own. Default 16.
    package var liveStreamLimit: Int
    /// Live event streams open at once from one client address, at most; one more is refused
    /// with 429 (`tooManyStreamsFromAddress`, `Retry-After`). Default 4, a quarter of
    /// ``liveStreamLimit``: a household's tabs and phones behind one router fit, and one address
    /// cannot take every place (four addresses at least can always follow).
    package var liveStreamsPerAddress: Int
    /// Sessions kept at once (each with its CSRF token), at most; past it the least recently used
    /// is dropped, so a client making sessions without end never grows memory. Default 1024.
    package var sessionLimit: Int
    /// Sessions kept at once that one client address made, at most; past it the address's own
    /// least recently used goes. Past ``sessionLimit`` the address holding the most gives one
    /// up, so one address making sessions without end pushes out nobody else's whatever this
    /// share; the share bounds how much of the store one address holds before the store is full.
    /// Default 256, a quarter of ``sessionLimit``: a club behind one router, or every client of a
    /// reverse proxy (which all have the proxy's address), has room for a browser each.
    package var sessionsPerAddress: Int
    /// A session unused for this long is over (its token is no longer accepted; an unsafe request
    /// naming it is refused with `sessionExpired`, a page gets a new session). Default 12 hours:
    /// a day's use of a page left open, a long recording followed on the live page (whose script
    /// takes a new session's token when its own expired).
    package var sessionIdleSeconds: Double
    /// Seconds on a monotonic clock, for the sessions' idle time and how long import reports are
    /// kept; tests give their own.
    package var sessionClock: @Sendable () -> Double
    /// What one upload may hold besides its bytes: files, entries, decompressed bytes
    /// (``RunApp/UploadLimits``: 1,000, 20,000, 2 GiB).
    package var uploadLimits: UploadLimits
    /// Where an upload's body is written as it arrives (a file unlinked at once: it has no name,
    /// and goes with the import that reads it), so uploads cost disk, not memory. `runlog serve`
    /// uses the library's folder (a disk, where `/tmp` may be memory); default the system's
    /// temporary folder.
    package var spoolDirectory: String
    /// The server's own folders besides ``spoolDirectory`` (`runlog serve`: the library's and the
    /// settings' folders, `RUNLOG_HOME`): a path inside one is said by its last component only in
    /// what clients read (``ServerPaths``); other paths in errors — a client's own words — are kept.
    package var serverFolders: [String] = []
    /// Upload bodies being written to ``spoolDirectory`` at once, in bytes: in all, from one client
    /// address, and the free room kept on its disk (``RunHTTP/SpoolBudget``; the bytes in all shared
    /// fairly among addresses, ``RunHTTP/FairPool``). An upload is
    /// admitted by its declared length before a byte of it is written; past a figure it is refused
    /// at once (503 `uploadsBusy`, 429 `tooManyUploads`, 507 `diskFull`, each with `Retry-After`).
    /// Defaults: twice ``uploadLimitBytes`` in all (two uploads at the limit arriving together),
    /// ``uploadLimitBytes`` from one address, and 512 MiB kept free (the library writes what it
    /// imports, and SQLite's journal, beside the spooled bodies).
    package var spoolBudget: SpoolBudget.Limits
    /// Uploads waiting or being imported, at most, shared fairly among client addresses (an address
    /// refused while below its share gets the next place: ``ImportQueue``); one more is refused
    /// with 503 and `Retry-After`. Default 8: one is imported at a time (the library has one writer), and eight waiting
    /// uploads at the upload limit are 2 GiB of spooled bodies on disk at most.
    package var importQueueLimit: Int
    /// Uploads of one session waiting or being imported, at most; one more is refused with 429
    /// and `Retry-After`. Default 2: a tab uploads one at a time (sessions are free: the queue's
    /// fair share among addresses is what keeps one client from filling it).
    package var importSessionQueueLimit: Int
    /// How long an import's report is kept after it ended, in seconds: its page and
    /// `GET /api/v1/imports/{id}` answer until then (to the session that made it only). Default one hour.
    package var importResultSeconds: Double
    /// Reports kept at most: past it the oldest of the address holding the most goes (so one
    /// address's uploads never push out another's report before its time). Default 64.
    package var importResultLimit: Int
    /// Entries an import's report lists (the page's lines, the API's arrays); the rest are
    /// counted (``RunUI/ImportReport/listLimit``). Default 500: a page of about 100 KB.
    package var importReportListLimit: Int
    /// Downloads (a run's GPX) written at once, at most, shared fairly among client addresses (when
    /// all are taken an address below its share still gets one, the newest download of the address
    /// holding the most cut off); one more is refused with 503 `downloadsBusy` and `Retry-After`. Each is written by a thread of its own with its own store connections
    /// while the client reads it (``WorkSlots``). Default 8: twice the default pool's threads,
    /// so a few readers that stall hold no more than a few megabytes and threads.
    package var downloadLimit: Int
    /// Downloads written at once for one client address, at most; one more is refused with 429
    /// `tooManyDownloads` and `Retry-After`. Default 2: one address cannot take every place.
    package var downloadAddressLimit: Int
    /// The slowest a download may be read: bytes per second spent waiting for the client, after a
    /// grace of such waiting (default 16 KiB/s after 30 s, ``DownloadPace``); a slower one is cut
    /// off and its place given back.
    package var downloadPace: DownloadPace = .default
    /// Tracks cleaned again from all their points at once (`GET /api/v1/runs/{id}/track` not in the
    /// page cache), at most; one more is refused with 503 `trackWorkBusy` and `Retry-After`. The work
    /// and its memory grow with the run (a million points: about 200 MB and seconds), so few run at
    /// once. Default 2.
    package var trackWorkLimit: Int
    /// Such tracks for one client address at once, at most; one more is refused with 429
    /// `tooManyTrackRequests` and `Retry-After`. Default 1.
    package var trackWorkAddressLimit: Int
    /// Called on the background recompute's thread before each pass (``RecomputeWorker``): tests
    /// hold the recompute there to see that a settings change does not wait for it. Nil in service.
    package var recomputeWillStart: (@Sendable () -> Void)?
    /// The origin people reach the server at when it is not `http://` + the `Host` they send —
    /// behind a reverse proxy that speaks TLS, `https://runs.example.org` (`runlog serve
    /// --public-url`) —: what a browser's `Origin` must be on an unsafe request. Nil: `http://` + `Host`.
    package var publicOrigin: String? = nil

    package init(uploadLimitBytes: Int = 256 * 1024 * 1024, formLimitBytes: Int = 1024 * 1024, requiresLoopbackHost: Bool = true,
                leafletDirectory: String = "/usr/share/javascript/leaflet", cacheBudgetBytes: Int = 64 * 1024 * 1024,
                liveKeepAliveSeconds: Double = 15, liveStreamLimit: Int = 16, liveStreamsPerAddress: Int = 4,
                sessionLimit: Int = 1024, sessionsPerAddress: Int = 256,
                sessionIdleSeconds: Double = 12 * 3600, sessionClock: @escaping @Sendable () -> Double = SessionStore.systemSeconds,
                uploadLimits: UploadLimits = .default, spoolDirectory: String = FileManager.default.temporaryDirectory.path,
                importQueueLimit: Int = 8, importSessionQueueLimit: Int = 2, importResultSeconds: Double = 3600,
                importResultLimit: Int = 64, importReportListLimit: Int = 500, downloadLimit: Int = 8, downloadAddressLimit: Int = 2, trackWorkLimit: Int = 2, trackWorkAddressLimit: Int = 1,
                recomputeWillStart: (@Sendable () -> Void)? = nil, spoolBudget: SpoolBudget.Limits? = nil) {
        self.uploadLimitBytes = uploadLimitBytes
        self.formLimitBytes = formLimitBytes
        self.requiresLoopbackHost = requiresLoopbackHost
        self.leafletDirectory = leafletDirectory
        self.cacheBudgetBytes = cacheBudgetBytes
        self.liveKeepAliveSeconds = liveKeepAliveSeconds
        self.liveStreamLimit = liveStreamLimit
        self.liveStreamsPerAddress = liveStreamsPerAddress
        self.sessionLimit = sessionLimit
        self.sessionsPerAddress = sessionsPerAddress
        self.sessionIdleSeconds = sessionIdleSeconds
        self.sessionClock = sessionClock
        self.uploadLimits = uploadLimits
        self.spoolDirectory = spoolDirectory
        self.importQueueLimit = importQueueLimit
        self.importSessionQueueLimit = importSessionQueueLimit
        self.importResultSeconds = importResultSeconds
        self.importResultLimit = importResultLimit
        self.importReportListLimit = importReportListLimit
        self.spoolBudget = spoolBudget ?? SpoolBudget.Limits(totalBytes: 2 * uploadLimitBytes, perAddressBytes: uploadLimitBytes,
                                                             diskReserveBytes: 512 * 1024 * 1024)
        self.downloadLimit = downloadLimit
        self.downloadAddressLimit = downloadAddressLimit
        self.trackWorkLimit = trackWorkLimit
        self.trackWorkAddressLimit = trackWorkAddressLimit
        self.recomputeWillStart = recomputeWillStart
    }
}
