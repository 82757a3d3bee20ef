import RunStore
import Foundation
import Synchronization

/// Tells a process when any process, on any machine, commits to a user's shared store: a thread
/// of the observer's own `LISTEN`s on the user's channel (every write transaction sends `NOTIFY`
/// to it, delivered at commit) on a connection of its own, waiting in `poll` on the connection's
/// socket and a stop pipe — no polling of the database. Every `fallbackSeconds` without a
/// notification it reads the store's version instead; a connection found broken is made again,
/// listening again, and the handler is called (a commit may have passed meanwhile).
///
/// The handler runs on that thread, once per notified change (changes in quick succession may be
/// reported once). Every commit made after `init` returns is reported. Stop it with ``stop()``
/// (also done in `deinit`).
package final class PostgresObserver: ChangeObservation {
    private let state = PostgresObserverState()
    private let stopPipe: (read: Int32, write: Int32)

    /// Starts observing: the `LISTEN` is in place when this returns.
    /// - Throws: ``RunStore/StorageOpenError`` when the observer's connection cannot be made, ``PostgresError``.
    init(storage: PostgresStorage, owner: Int64, fallbackSeconds: Double, handler: @escaping @Sendable () -> Void) throws {
        let connection = ObserverConnection(try storage.sayingDatabase { try storage.connect(for: .shared) })
        let channel = PostgresSharedStore.channel(owner: owner)
        try connection.listen(channel)
        let firstVersion = connection.version(owner: owner)
        // Nothing throws once the pipe exists (a throw after that would run deinit).
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw StorageOpenError(.cannotOpen, "cannot create a pipe: \(String(cString: strerror(errno)))", store: .shared,
                                   reason: String(cString: strerror(errno)))
        }
        stopPipe = (fds[0], fds[1])
        let readEnd = fds[0], state = self.state
        let thread = Thread {
            Self.run(connection: connection, channel: channel, owner: owner, firstVersion: firstVersion, stopPipe: readEnd, state: state,
                     fallbackSeconds: fallbackSeconds, handler: handler)
        }
        thread.name = "runlog.postgres-observer"
        thread.start()
    }

    deinit {
        stop()
        close(stopPipe.write)   // the thread closes the read end when it ends
    }

    /// Stops the observer thread. Once it returns the handler is not called again; a handler
    /// already running finishes first (unless `stop()` is called from the handler itself).
    package func stop() {
        let alreadyStopped = state.stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        if !alreadyStopped {
            var byte: UInt8 = 1
            _ = write(stopPipe.write, &byte, 1)
        }
        if !state.isObserverThread {
            state.handlerLock.withLock { _ in }   // waits for a handler that is running
        }
    }

    private static func run(connection: ObserverConnection, channel: String, owner: Int64, firstVersion: Int64?, stopPipe: Int32,
                            state: PostgresObserverState, fallbackSeconds: Double, handler: @Sendable () -> Void) {
        state.observerThread.withLock { $0 = pthread_self() }
        defer { close(stopPipe) }
        var lastVersion = firstVersion
        func notify() {
            state.handlerLock.withLock { _ in
                if !state.isStopped { handler() }
            }
        }
        while !state.isStopped {
            // What arrived — also while a statement of this loop ran (libpq keeps those aside, and
            // the socket has nothing more to say of them).
            guard let arrived = connection.notifications() else {
                // The connection broke: made again, listening again; a commit may have passed meanwhile.
                if connection.reconnect(listeningTo: channel) {
                    lastVersion = connection.version(owner: owner)
                    notify()
                } else {
                    // The server is away: try again after the fallback interval (the stop pipe still ends the wait).
                    var stop = pollfd(fd: stopPipe, events: Int16(POLLIN), revents: 0)
                    _ = poll(&stop, 1, Int32(fallbackSeconds * 1000))
                }
                continue
            }
            if arrived > 0 {
                lastVersion = connection.version(owner: owner) ?? lastVersion
                notify()
                continue
            }
            var fds = [pollfd(fd: stopPipe, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, Int32(fallbackSeconds * 1000))
            if fds[0].revents != 0 || state.isStopped { return }
            if ready == 0, let version = connection.version(owner: owner), version != lastVersion {
                lastVersion = version
                notify()
            }
        }
    }
}

/// What the observer and its thread share: the stop flag, the lock held while the handler runs
/// (``PostgresObserver/stop()`` waits on it), and which thread is the observer's.
private final class PostgresObserverState: Sendable {
    let stopped = Mutex(false)
    let handlerLock = Mutex(())
    let observerThread = Mutex<pthread_t?>(nil)
    var isStopped: Bool { stopped.withLock { $0 } }
    var isObserverThread: Bool {
        observerThread.withLock { thread in thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }
}

/// The observer thread's own connection (a connection is used by one thread at a time).
private final class ObserverConnection: @unchecked Sendable {  // used only on the observer thread after init
    let connection: PostgresConnection

    init(_ connection: PostgresConnection) {
        self.connection = connection
    }

    var socket: Int32 { connection.socket }
    var isBroken: Bool { connection.isBroken }

    /// Listens on `channel`; the connection is named after it (`pg_stat_activity.application_name`
    /// says which store a connection observes).
    func listen(_ channel: String) throws {
        // A channel is an identifier: the name is runlog's own (letters, digits, underscores).
        try connection.execute("SET application_name = 'runlog-observer \(channel)'; LISTEN \(channel)")
    }

    /// The notifications that arrived; nil when the connection broke.
    func notifications() -> Int? {
        (try? connection.takeNotifications())?.count
    }

    func version(owner: Int64) -> Int64? {
        try? connection.scalarInt("SELECT version FROM shared_stores WHERE owner = $1", owner)
    }

    func reconnect(listeningTo channel: String) -> Bool {
        do {
            try connection.reset()
            try listen(channel)
            return true
        } catch {
            return false
        }
    }
}
