import Foundation
import RunApp
import RunCore
import RunHTTP
import RunLive
import RunStore
import RunWeb

/// `runlog serve [--host 127.0.0.1] [--port 8080]`; with a database and no `RUNLOG_USER`, server
/// mode: every user of the database, each logging in (``RunWeb/ServerModeApplication``).
enum ServeCommand: Command {
    static let name = "serve"
    static let servesManyUsers = true
    static var databaseOption: Option? { Options.database }
    static let summary = "the web UI and JSON API on this machine (http://127.0.0.1:8080)"
    static let overview = """
        Serves the web UI — runs, a run's map and charts, settings, import — and the JSON API
        (/api/v1, described at /api/v1/openapi.json) until Ctrl-C (SIGINT) or SIGTERM, which stop it
        after the uploads it took are imported (new ones are refused meanwhile; a second Ctrl-C or
        SIGTERM stops at once and names the uploads not imported). Everything is served from this
        program: no CDN, no web fonts; map tiles are fetched by the browser only when the setting
        map.downloadTiles is on.

        Server mode: with a PostgreSQL database (--database or RUNLOG_DATABASE_URL) and no
        RUNLOG_USER, it serves every user of the database: each logs in at /login (users are
        added with 'runlog users add'; scripts send an API token from 'runlog tokens create' as
        Authorization: Bearer), and sees and changes their own runs, settings and recording
        only. Sessions are kept in the database, so every server process on it knows them; one
        ends unused for 12 hours or 7 days after its login, when its user logs out, or when
        the user's password is reset or the account disabled. Failed logins are throttled: after
        5 for a name (20 from an address) each further attempt waits 1, 2, 4 … s, up to 300 s.
        GET /healthz answers {"status":"ok"} while the database is reachable and its schema
        current, else 503. A line per request goes to standard error (see --access-log). With
        RUNLOG_USER set, it serves that one user's data without logins, as on files.
        """
    enum Options {
        static let host = Option("--host", .required("ADDRESS"), help: """
            where to listen: 127.0.0.1 (the default: this machine only), ::1, or
            another address of this machine (then anyone who reaches it can use
            runlog, unless it serves a database in server mode, with logins)
            """)
        static let port = Option("--port", .required("PORT"), help: "the TCP port (default 8080; 0 lets the system choose, and the address is printed)")
        static let database = Option("--database", .required("URL"), help: """
            the PostgreSQL database to serve (postgresql://…), in place of
            RUNLOG_DATABASE_URL: without RUNLOG_USER, server mode
            """)
        static let publicURL = Option("--public-url", .required("URL"), help: """
            where people reach the server, behind a reverse proxy
            (https://runs.example.org): an https URL marks the session cookie
            Secure, and unsafe requests must come from its origin
            """)
        static let accessLog = Option("--access-log", .required("on|off", .words(["on", "off"])), help: """
            a line per request on standard error: time, method, path (secrets in
            the query left out), status, bytes, milliseconds, user (default: on
            in server mode, off otherwise)
            """)
        static let trustProxy = Option("--trust-proxy", .required("ADDRESS[,ADDRESS…]"), help: """
            the reverse proxies in front (127.0.0.1,::1): a request from one of
            them is counted, for every limit per address and the log, as from the
            last address of its X-Forwarded-For that is not a proxy
            """)
    }
    /// The limits each client meets, from the server's defaults (so the help stays true).
    static var epilogue: String? {
        let limits = ServerConfiguration(), processors = ProcessInfo.processInfo.activeProcessorCount
        let web = WebConfiguration(), upload = web.uploadLimits
        return """
            limits: at most \(limits.connectionLimit) connections at once, shared fairly (when all are open, a new address
            holding less than its share — \(limits.connectionLimit) / addresses — is let in by closing a connection of the
            address holding the most, one still sending its headers first), \(limits.perAddressConnectionLimit) from one address (one
            more from it is closed at once; behind a reverse proxy every client has the proxy's
            address); a request's line and headers must arrive within \(limits.requestHeadTimeoutSeconds) s of connecting or of the
            previous answer; a body read or an answer's write that moves no byte for \(limits.idleTimeoutSeconds) s closes the
            connection. \(limits.threadCount) threads serve requests (twice the processors, at least 4 and at most 16; this
            machine has \(processors)). Live pages: at most \(web.liveStreamLimit) event streams at once, \(web.liveStreamsPerAddress) from one address;
            downloads: at most \(web.downloadLimit) being written at once, \(web.downloadAddressLimit) for one address, each read at \(web.downloadPace.minimumBytesPerSecond >> 10) KiB/s at
            least once \(Int(web.downloadPace.graceSeconds)) s have passed. Streams, downloads, uploads arriving and waiting imports are shared
            fairly like connections: when all are taken, a new address within its share still gets one (an
            accepted upload is never dropped: that address gets the next free place). An IPv6 client
            counts by its /64;
            sessions: at most \(web.sessionLimit), \(web.sessionsPerAddress) made from one address (its own oldest go first).
            Downloads (a run's GPX): at most \(web.downloadLimit) written at once, \(web.downloadAddressLimit) for one address; a track cleaned
            again from its points (GET /api/v1/runs/N/track with its own tolerance): at most \(web.trackWorkLimit) at once,
            \(web.trackWorkAddressLimit) for one address. Answers held in memory while they are sent: at most \(mebibytes(limits.answerBytesLimit)),
            \(mebibytes(limits.answerBytesPerAddressLimit)) for one address (readers of one answer share it). A refusal that
            waiting mends (503, 429) says in Retry-After how long to wait.
            uploads: at most \(web.uploadLimitBytes >> 20) MiB, \(upload.maximumFiles) files, \(upload.maximumEntries) files and archive members in all,
            \(mebibytes(upload.maximumInflatedBytes)) decompressed. An upload is written to the library's folder as it
            arrives (a file with no name, gone with its import) and imported on a thread of its own,
            one at a time: at most \(web.importQueueLimit) uploads wait (\(web.importSessionQueueLimit) of one browser or client); a report
            is kept for \(Int(web.importResultSeconds / 60)) minutes, for the browser that sent the upload.
            """
    }
    /// `2 GiB`, `512 MiB`.
    private static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
    }

    static let shape = CommandShape(options: [Options.host, Options.port, Options.database, Options.publicURL, Options.accessLog, Options.trustProxy],
                                    globals: [GlobalOptions.library.help("the library file (created if missing)"), GlobalOptions.help])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        // The web shows and changes the active profile (its settings page switches it for every
        // process); a profile for this server alone would be silently ignored, so it is refused.
        if context.profileOverride != nil {
            throw UsageError("serve shows the active settings profile; make another active with 'runlog settings profile use NAME'",
                             command: name)
        }
        let host = arguments.value(Options.host) ?? "127.0.0.1"
        var port: UInt16 = 8080
        if let text = arguments.value(Options.port) {
            guard let value = UInt16(text) else { throw UsageError("--port takes a number from 0 to 65535, not '\(text)'", command: name) }
            port = value
        }
        let publicURL = try arguments.value(Options.publicURL).map(Self.publicURL)
        let proxies = try arguments.value(Options.trustProxy).map(Self.proxies) ?? []
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.")
        // SIGINT and SIGTERM stop the server (never the default exit): the first after the uploads
        // taken are imported, a second at once (ServeShutdown).
        let shutdown = ServeShutdown()
        let signals = SignalWatch(signals: [SIGINT, SIGTERM]) { shutdown.signalled() }
        defer { signals.cancel() }
        let handler: any HTTPHandler, uploads: any UploadQueues, serving: String
        if let database = context.serverDatabase {
            // Server mode: a clear error now (an unreachable database, a newer schema) rather than on the first request.
            _ = try database.type.openAccountStore(url: database.url)
            let mode = ServerMode(openAccounts: { try database.type.openAccountStore(url: database.url) },
                                  storage: { database.type.init(url: database.url, user: $0) }, publicURL: publicURL,
                                  logsRequests: arguments.value(Options.accessLog) != "off")
            // Behind a proxy on this machine, requests name the public host: with logins, a page of
            // another site naming this machine can do nothing without a session (its cookies are
            // the public host's), so the loopback host check gives way to the public URL.
            let application = ServerModeApplication(mode: mode, configuration: WebConfiguration(requiresLoopbackHost: loopback && publicURL == nil))
            (handler, uploads) = (application, application.tenants)
            serving = "every user of \(context.libraryPath), who log in at /login"
        } else {
            _ = try context.library(creating: true)   // a clear error now rather than on the first request
            // Uploads are spooled beside the library: a disk, where /tmp may be memory.
            var configuration = WebConfiguration(requiresLoopbackHost: loopback, spoolDirectory: PathText.folder(of: context.libraryPath))
            configuration.serverFolders = [PathText.folder(of: context.settingsStorePath)]
            configuration.publicOrigin = publicURL.flatMap { ServerMode.origin(of: $0) }
            let application = WebApplication(pool: StorePool(storage: context.storage), configuration: configuration)
            handler = arguments.value(Options.accessLog) == "on" ? AccessLoggedHandler(application) : application
            uploads = application.imports
            serving = "library \(context.libraryPath)"
        }
        let server: HTTPServer
        do {
            server = try HTTPServer(configuration: ServerConfiguration(host: host, port: port),
                                    handler: proxies.isEmpty ? handler : ForwardedClientHandler(handler, trusting: proxies))
        } catch let error as HTTPServerError {
            switch error.code {
            case .portTaken, .portNeedsPrivileges: throw CommandFailure(error.message + " (choose another with --port)")
            case .cannotListen: throw CommandFailure(error.message + " (see 'runlog serve --help')")
            default: throw CommandFailure(error.message)
            }
        }
        context.console.print("runlog serves \(server.baseURL)/ (\(serving)); Ctrl-C stops it")
        context.console.flush()
        let finished = shutdown.run(imports: uploads, server: server, console: context.console)
        server.stop()
        return finished ? ExitCode.success : ExitCode.failure
    }

    /// `--trust-proxy`'s value: addresses separated by commas.
    /// - Throws: ``UsageError`` for one that is not an IPv4 or IPv6 address.
    static func proxies(_ text: String) throws -> Set<ClientAddress> {
        Set(try text.split(separator: ",", omittingEmptySubsequences: false).map { entry in
            let trimmed = entry.trimmingCharacters(in: .whitespaces)
            guard let address = ForwardedClientHandler.address(trimmed) else {
                throw UsageError("--trust-proxy takes the proxies' IP addresses separated by commas (127.0.0.1,::1), not '\(trimmed)'",
                                 command: name)
            }
            return address
        })
    }

    /// `--public-url`'s value: an http or https URL of a host, with a port and no path, query or fragment.
    /// - Throws: ``UsageError`` otherwise.
    static func publicURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty, url.user == nil, url.query == nil, url.fragment == nil, ["", "/"].contains(url.path) else {
            throw UsageError("--public-url takes where people reach the server, such as https://runs.example.org, not '\(text)'", command: name)
        }
        return url
    }
}
