import RunStore
import Foundation
import Synchronization

/// Tells a process when any process (itself included) commits to the shared store.
///
/// A background thread waits on inotify for the wake-up file that writers touch after each
/// commit, and checks SQLite's `data_version` on its own connection when woken; it also checks at
/// a slow rate (every `fallbackSeconds`) in case a wake-up was missed, so it never busy-polls.
/// The handler runs on that thread, once per observed change (changes in quick succession may be
/// reported once). Every commit made after `init` returns is reported. Stop it with ``stop()``
/// (also done in `deinit`).
package final class StoreObserver: ChangeObservation {
    private let state = ObserverState()
    private let wakeFileDescriptors: (read: Int32, write: Int32)

    /// Starts observing.
    /// - Parameters:
    ///   - store: the store to observe (its path; the observer opens its own connection).
    ///   - fallbackSeconds: how often `data_version` is checked without a wake-up.
    ///   - handler: called on the observer's thread after each change.
    /// - Throws: ``StorageOpenError`` / ``SQLiteError`` when the observer's connection cannot be opened.
    package init(store: SharedStore, fallbackSeconds: Double = 1, handler: @escaping @Sendable () -> Void) throws {
        // Nothing throws once the pipe exists (a throw after that would run deinit).
        let connection = try ObserverConnection(path: store.path)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw StorageOpenError(.cannotOpen, "cannot create a pipe: \(String(cString: strerror(errno)))", store: .shared,
                                   reason: String(cString: strerror(errno)))
        }
        wakeFileDescriptors = (fds[0], fds[1])
        let wakeUpPath = store.wakeUpPath
        // The watch and the first data_version are taken here, before init returns, so that a
        // commit made right after is seen as a change (not taken for the starting state).
        WakeUpFile.ring(wakeUpPath)   // the file must exist to be watched
        let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        if inotify >= 0 { _ = inotify_add_watch(inotify, wakeUpPath, Self.watchMask) }
        let firstVersion = connection.dataVersion
        let stopPipe = fds[0]
        let state = self.state
        let thread = Thread {
            Self.run(connection: connection, inotify: inotify, firstVersion: firstVersion, wakeUpPath: wakeUpPath,
                     stopPipe: stopPipe, state: state, fallbackSeconds: fallbackSeconds, handler: handler)
        }
        thread.name = "runlog.store-observer"
        thread.start()
    }

    deinit {
        stop()
        close(wakeFileDescriptors.write)   // the thread closes the read end when it ends
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
            _ = write(wakeFileDescriptors.write, &byte, 1)
        }
        if !state.isObserverThread {
            state.handlerLock.withLock { _ in }   // waits for a handler that is running
        }
    }

    private static let watchMask = UInt32(IN_ATTRIB | IN_MODIFY | IN_CLOSE_WRITE | IN_DELETE_SELF)

    private static func run(connection: ObserverConnection, inotify: Int32, firstVersion: Int64, wakeUpPath: String,
                            stopPipe: Int32, state: ObserverState, fallbackSeconds: Double, handler: @Sendable () -> Void) {
        state.observerThread.withLock { $0 = pthread_self() }
        defer { close(stopPipe) }
        defer { if inotify >= 0 { close(inotify) } }
        var lastVersion = firstVersion
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !state.isStopped {
            var fds = [pollfd(fd: stopPipe, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, inotify >= 0 ? 2 : 1, Int32(fallbackSeconds * 1000))
            if fds[0].revents != 0 || state.isStopped { return }
            if ready > 0, inotify >= 0, fds[1].revents != 0 {
                // Drain the events; if the file was replaced, watch the new one.
                var replaced = false
                while true {
                    let n = read(inotify, &buffer, buffer.count)
                    if n <= 0 { break }
                    var offset = 0
                    while offset + MemoryLayout<inotify_event>.size <= n {
                        let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                        if event.mask & UInt32(IN_DELETE_SELF | IN_IGNORED) != 0 { replaced = true }
                        offset += MemoryLayout<inotify_event>.size + Int(event.len)
                    }
                }
                if replaced {
                    WakeUpFile.ring(wakeUpPath)
                    _ = inotify_add_watch(inotify, wakeUpPath, watchMask)
                }
            }
            let version = connection.dataVersion
            if version != lastVersion {
                lastVersion = version
                state.handlerLock.withLock { _ in
                    if !state.isStopped { handler() }
                }
            }
        }
    }
}

/// What the observer and its thread share: the stop flag, the lock held while the handler runs
/// (``StoreObserver/stop()`` waits on it), and which thread is the observer's.
private final class ObserverState: Sendable {
    let stopped = Mutex(false)
    let handlerLock = Mutex(())
    let observerThread = Mutex<pthread_t?>(nil)
    var isStopped: Bool { stopped.withLock { $0 } }
    var isObserverThread: Bool {
        observerThread.withLock { thread in thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }
}

/// The observer thread's own connection (SQLite connections are used by one thread).
private final class ObserverConnection: @unchecked Sendable {  // used only on the observer thread after init
    let database: Database

    init(path: String) throws {
        database = try Database(path: path, busyTimeoutMilliseconds: SharedStore.busyTimeoutMilliseconds, synchronous: "FULL")
    }

    var dataVersion: Int64 { (try? database.scalarInt("PRAGMA data_version")) ?? 0 }
}
