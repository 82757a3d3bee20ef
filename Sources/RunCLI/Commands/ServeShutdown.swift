import Dispatch
import Foundation
import RunHTTP
import RunWeb
import Synchronization

/// How `runlog serve` stops, so that nothing a user gave is lost: the first SIGINT or SIGTERM
/// refuses new uploads (503 `shuttingDown`) and waits until the uploads already taken are
/// imported — each waits for the library's write lock as long as it must —, saying so on
/// standard error; then it waits for the requests still under way (``RunHTTP/HTTPServer/requestsInProgress``):
/// an upload still arriving is read to its end and answered 503 `shuttingDown` (the queue is
/// closed: it is not imported, and the client knows to send it again) rather than cut off with
/// no answer (breaker finding L), and an answer being written is finished (a reader that stops is
/// closed after the idle timeout). A second signal stops at once and names the uploads not
/// imported (their spooled bodies go with the process).
final class ServeShutdown: Sendable {
    private let events = DispatchSemaphore(value: 0)
    private let signals = Atomic<Int>(0)
    private let drained = Atomic<Bool>(false)

    /// Called for each signal (on a dispatch queue).
    func signalled() {
        signals.add(1, ordering: .sequentiallyConsistent)
        events.signal()
    }

    /// Waits for the first signal, then for the queue to drain and the requests under way on
    /// `server` to end, or for a second signal.
    /// - Returns: whether every upload taken was imported.
    func run(imports: any UploadQueues, server: HTTPServer, console: Console) -> Bool {
        events.wait()
        imports.close()
        let imported = drain(imports, console: console)
        guard imported else { return false }
        let underway = server.requestsInProgress
        guard underway > 0 else { return true }
        console.error("runlog: stopping: finishing the \(underway) request\(underway == 1 ? "" : "s") under way (an upload still "
                      + "arriving is answered shuttingDown; Ctrl-C or SIGTERM again stops at once)")
        while server.requestsInProgress > 0 {
            if events.wait(timeout: .now() + .milliseconds(50)) == .success, signals.load(ordering: .sequentiallyConsistent) >= 2 {
                return true
            }
        }
        return true
    }

    /// Waits until the uploads taken are imported, or a second signal.
    /// - Returns: whether every upload taken was imported.
    private func drain(_ imports: any UploadQueues, console: Console) -> Bool {
        let taken = imports.unfinished.count
        guard taken > 0 else {
            console.error("runlog: stopping")
            return true
        }
        console.error("runlog: stopping: new uploads are refused; importing the \(taken) upload\(taken == 1 ? "" : "s") taken first "
                      + "(Ctrl-C or SIGTERM again stops at once)")
        let waiter = Thread { [self] in
            _ = imports.waitUntilDrained(timeoutSeconds: nil)
            drained.store(true, ordering: .sequentiallyConsistent)
            events.signal()
        }
        waiter.name = "runlog.serve-drain"
        waiter.start()
        while true {
            events.wait()
            if drained.load(ordering: .sequentiallyConsistent) {
                console.error("runlog: every upload taken is imported; stopping")
                return true
            }
            if signals.load(ordering: .sequentiallyConsistent) >= 2 {
                let left = imports.unfinished
                guard !left.isEmpty else { return true }
                console.error("runlog: stopping at once; \(left.count) upload\(left.count == 1 ? " was" : "s were") not imported: "
                              + left.map(Self.describe).joined(separator: "; "))
                return false
            }
        }
    }

    /// `import 3f…e1 (running, received 2026-12-02T04:40:00Z): a.gpx, b.zip` — the first five files named.
    static func describe(_ job: ImportJob) -> String {
        let names = job.fileNames.prefix(5).joined(separator: ", ") + (job.fileCount > 5 ? ", and \(job.fileCount - 5) more" : "")
        let received = job.createdAt.formatted(Date.ISO8601FormatStyle())
        return "import \(job.id) (\(job.snapshot.phase.rawValue), received \(received)): \(names)"
    }
}
