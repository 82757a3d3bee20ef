import Foundation
import RunStore
import RunWeb

/// `runlog serve [--host 127.0.0.1] [--port 8080]`
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "the web UI and JSON API on this machine (http://127.0.0.1:8080)"
    static let help = """
        usage: runlog serve [--host ADDRESS] [--port PORT]

        Serves the web UI — runs, a run's map and charts, settings, import — and the JSON API
        (/api/v1, described at /api/v1/openapi.json) until Ctrl-C (SIGINT) or SIGTERM, which stop it
        after the requests under way. Everything is served from this program: no CDN, no web fonts;
        map tiles are fetched by the browser only when the setting map.downloadTiles is on.

        options:
          --host ADDRESS  where to listen: 127.0.0.1 (the default: this machine only), ::1, or
                          another address of this machine (then anyone who reaches it can use
                          runlog: there are no accounts)
          --port PORT     the TCP port (default 8080; 0 lets the system choose, and the address is printed)
          --library PATH  the library file (created if missing)
        """
    static let arguments = ArgumentSpec(options: ["--host", "--port"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let host = arguments.value("--host") ?? "127.0.0.1"
        var port: UInt16 = 8080
        if let text = arguments.value("--port") {
            guard let value = UInt16(text) else { throw UsageError("--port takes a number from 0 to 65535, not '\(text)'", command: name) }
            port = value
        }
        _ = try context.library(creating: true)   // a clear error now rather than on the first request
        let pool = StorePool(libraryPath: context.libraryPath, settingsPath: context.settingsStorePath)
        let signals = ShutdownSignals()
        let server: HTTPServer
        do {
            let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.")
            let application = WebApplication(pool: pool, configuration: WebConfiguration(requiresLoopbackHost: loopback))
            server = try HTTPServer(configuration: ServerConfiguration(host: host, port: port,
                                                                       threadCount: max(2, ProcessInfo.processInfo.activeProcessorCount)),
                                    handler: application)
        } catch let error as HTTPServerError {
            throw CommandFailure(error.message)
        }
        context.console.print("runlog serves \(server.baseURL)/ (library \(context.libraryPath)); Ctrl-C stops it")
        context.console.flush()
        let signal = signals.wait()
        context.console.error("runlog: \(signal), stopping")
        server.stop()
        return ExitCode.success
    }
}

/// Waits for SIGINT or SIGTERM: both are ignored by default handlers from the start, and a
/// Dispatch signal source reports them (so the server's threads never run the default action).
final class ShutdownSignals {
    private let received = DispatchSemaphore(value: 0)
    private let name = LockedName()
    private let sources: [any DispatchSourceSignal]

    init() {
        var sources: [any DispatchSourceSignal] = []
        for (number, label) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            let semaphore = received, name = self.name
            source.setEventHandler {
                name.set(label)
                semaphore.signal()
            }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// Blocks until a signal arrives; returns its name.
    func wait() -> String {
        received.wait()
        for source in sources { source.cancel() }
        return name.get()
    }
}

/// The name of the signal received, guarded by a lock.
private final class LockedName: @unchecked Sendable {  // `value` is guarded by `lock`
    private let lock = NSLock()
    private var value = "signal"
    func set(_ text: String) { lock.lock(); value = text; lock.unlock() }
    func get() -> String { lock.lock(); defer { lock.unlock() }; return value }
}
