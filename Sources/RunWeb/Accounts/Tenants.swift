package import RunStore
import Synchronization

/// Each logged-in user's ``WebApplication`` — their stores, page cache, import queue, live feed,
/// recompute — made on their first request from their storage in the shared database, so every
/// page and API route a request reaches opens that user's rows only: another user's run is, to
/// them, a run that does not exist. Not one process per user: one application object each, in
/// this process.
///
/// **Bounded.** At most ``limit`` applications are kept; making one more drops the least
/// recently used one that is idle (no upload waiting or importing — its report would be lost to
/// the user's next application —, no live stream, no recompute running; a download being written
/// keeps what it needs and ends on its own). When every one is busy the request is refused with
/// 503 `tooManyUsers` and `Retry-After`. The store pools of all users share one ``IdleBudget``:
/// idle database connections are bounded over all users, not per user; and every application
/// shares the server's ``ServerWideResources`` — the spool budget, the places for downloads and
/// for tracks cleaned from their points, the static files —, so those limits are the server's.
package final class Tenants: Sendable {
    private struct Entry {
        let application: WebApplication
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Int64: Entry] = [:]
        var clock: UInt64 = 0
        /// Whether the server is stopping: every queue, a new user's too, takes no more uploads.
        var isClosed = false
    }

    private let state = Mutex(State())
    package let limit: Int
    private let configuration: WebConfiguration
    private let storage: @Sendable (String) -> any StorageBackend
    package let idleBudget: IdleBudget
    /// The spool budget, download and track places and static files every user's application shares.
    private let shared: ServerWideResources

    /// - Parameters:
    ///   - configuration: every user's application's.
    ///   - storage: a user's storage, by their name.
    package init(limit: Int, idleWorkspaces: Int, configuration: WebConfiguration,
                 storage: @escaping @Sendable (String) -> any StorageBackend) {
        self.limit = max(1, limit)
        self.configuration = configuration
        self.storage = storage
        idleBudget = IdleBudget(limit: idleWorkspaces)
        shared = ServerWideResources(configuration: configuration)
    }

    /// The application of `account`, made now when it has none.
    /// - Throws: ``WebError`` 503 `tooManyUsers` when ``limit`` are kept and all are busy.
    package func application(for account: Account) throws -> WebApplication {
        try state.withLock { state in
            state.clock += 1
            if var entry = state.entries[account.id] {
                entry.lastUse = state.clock
                state.entries[account.id] = entry
                return entry.application
            }
            if state.entries.count >= limit {
                let idle = state.entries.filter { Self.isIdle($0.value.application) }
                guard let oldest = idle.min(by: { $0.value.lastUse < $1.value.lastUse })?.key else {
                    throw WebError(503, "tooManyUsers", "the server serves as many users at once as it keeps (\(limit)), each busy; "
                                   + "try again in a moment").retryingAfter(seconds: 5)
                }
                state.entries[oldest] = nil
            }
            let pool = StorePool(storage: storage(account.name), idleLimit: 2, sharedBudget: idleBudget)
            let application = WebApplication(pool: pool, configuration: configuration, shared: shared)
            if state.isClosed { application.imports.close() }
            state.entries[account.id] = Entry(application: application, lastUse: state.clock)
            return application
        }
    }

    /// The applications kept now (a server that stops closes their import queues).
    package var applications: [WebApplication] { state.withLock { $0.entries.values.map(\.application) } }

    /// Whether the application may be dropped: no upload waiting or being imported, no live
    /// stream, no recompute running.
    private static func isIdle(_ application: WebApplication) -> Bool {
        application.imports.unfinished.isEmpty && application.liveFeed.reservedStreamCount == 0
            && application.recompute.waitUntilIdle(timeoutSeconds: 0)
    }
}

extension Tenants: UploadQueues {
    /// Closes every user's queue, and those of users who come later.
    package func close() {
        let applications = state.withLock { state in
            state.isClosed = true
            return state.entries.values.map(\.application)
        }
        for application in applications { application.imports.close() }
    }

    package var unfinished: [ImportJob] { applications.flatMap { $0.imports.unfinished } }

    package func waitUntilDrained(timeoutSeconds: Double?) -> Bool {
        applications.allSatisfy { $0.imports.waitUntilDrained(timeoutSeconds: timeoutSeconds) }
    }
}
