import Foundation
import RunApp
import RunCore
import RunHTTP
import RunLive
import RunStore
import RunWeb

/// `runlog serve [--host 127.0.0.1] [--port 8080]`
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "the web UI and JSON API on this machine (http://127.0.0.1:8080)"
    static let overview = """
        Serves the web UI — runs, a run's map and charts, settings, import — and the JSON API
        (/api/v1, described at /api/v1/openapi.json) until Ctrl-C (SIGINT) or SIGTERM, which stop it
        after the uploads it took are imported (new ones are refused meanwhile; a second Ctrl-C or
        SIGTERM stops at once and names the uploads not imported). Everything is served from this
        program: no CDN, no web fonts; map tiles are fetched by the browser only when the setting
        map.downloadTiles is on.
        """
    enum Options {
        static let host = Option("--host", .required("ADDRESS"), help: """
            where to listen: 127.0.0.1 (the default: this machine only), ::1, or
            another address of this machine (then anyone who reaches it can use
            runlog: there are no accounts)
            """)
        static let port = Option("--port", .required("PORT"), help: "the TCP port (default 8080; 0 lets the system choose, and the address is printed)")
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

    static let shape = CommandShape(options: [Options.host, Options.port],
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
        _ = try context.library(creating: true)   // a clear error now rather than on the first request
        let pool = StorePool(storage: context.storage)
        // SIGINT and SIGTERM stop the server (never the default exit): the first after the uploads
        // taken are imported, a second at once (ServeShutdown).
        let shutdown = ServeShutdown()
        let signals = SignalWatch(signals: [SIGINT, SIGTERM]) { shutdown.signalled() }
        defer { signals.cancel() }
        let server: HTTPServer
        let application: WebApplication
        do {
            let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.")
            // Uploads are spooled beside the library: a disk, where /tmp may be memory.
            var configuration = WebConfiguration(requiresLoopbackHost: loopback, spoolDirectory: PathText.folder(of: context.libraryPath))
            configuration.serverFolders = [PathText.folder(of: context.settingsStorePath)]
            application = WebApplication(pool: pool, configuration: configuration)
            server = try HTTPServer(configuration: ServerConfiguration(host: host, port: port), handler: application)
        } catch let error as HTTPServerError {
            switch error.code {
            case .portTaken, .portNeedsPrivileges: throw CommandFailure(error.message + " (choose another with --port)")
            case .cannotListen: throw CommandFailure(error.message + " (see 'runlog serve --help')")
            default: throw CommandFailure(error.message)
            }
        }
        context.console.print("runlog serves \(server.baseURL)/ (library \(context.libraryPath)); Ctrl-C stops it")
        context.console.flush()
        let finished = shutdown.run(imports: application.imports, server: server, console: context.console)
        server.stop()
        return finished ? ExitCode.success : ExitCode.failure
    }
}
