import Foundation
import Synchronization

/// Tells a process when any process (itself included) commits to the shared store.
///
/// A background thread waits on inotify for the wake-up file that writers touch after each
/// commit, and checks SQLite's `data_version` on its own connection when woken; it also checks at
/// a slow rate (every `fallbackSeconds`) in case a wake-up was missed, so it never busy-polls.
/// The handler runs on that thread, once per observed change (changes in quick succession may be
/// reported once). Stop it with ``stop()`` (also done in `deinit`).
public final class StoreObserver: Sendable {
    private let stopSignal = StopSignal()
    private let wakeFileDescriptors: (read: Int32, write: Int32)

    /// Starts observing.
    /// - Parameters:
    ///   - store: the store to observe (its path; the observer opens its own connection).
    ///   - fallbackSeconds: how often `data_version` is checked without a wake-up.
    ///   - handler: called on the observer's thread after each change.
    /// - Throws: ``StoreError`` / ``SQLiteError`` when the observer's connection cannot be opened.
    public init(store: SharedStore, fallbackSeconds: Double = 1, handler: @escaping @Sendable () -> Void) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw StoreError(.cannotOpen, "cannot create a pipe: \(String(cString: strerror(errno)))") }
        wakeFileDescriptors = (fds[0], fds[1])
        let databasePath = store.path
        let wakeUpPath = store.wakeUpPath
        WakeUpFile.ring(wakeUpPath)   // the file must exist to be watched
        let connection = try ObserverConnection(path: databasePath)
        let stopPipe = fds[0]
        let signal = stopSignal
        let thread = Thread {
            Self.run(connection: connection, wakeUpPath: wakeUpPath, stopPipe: stopPipe, stopSignal: signal,
                     fallbackSeconds: fallbackSeconds, handler: handler)
        }
        thread.name = "runlog.store-observer"
        thread.start()
    }

    deinit {
        stop()
        close(wakeFileDescriptors.write)   // the thread closes the read end when it ends
    }

    /// Stops the observer thread (the handler is not called after it returns… once the thread has
    /// noticed; a handler already running finishes).
    public func stop() {
        let alreadyStopped = stopSignal.flag.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        if !alreadyStopped {
            var byte: UInt8 = 1
            _ = write(wakeFileDescriptors.write, &byte, 1)
        }
    }

    private static func run(connection: ObserverConnection, wakeUpPath: String, stopPipe: Int32, stopSignal: StopSignal,
                            fallbackSeconds: Double, handler: @Sendable () -> Void) {
        defer { close(stopPipe) }
        let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        var watch: Int32 = -1
        if inotify >= 0 {
            watch = inotify_add_watch(inotify, wakeUpPath, UInt32(IN_ATTRIB | IN_MODIFY | IN_CLOSE_WRITE | IN_DELETE_SELF))
        }
        defer { if inotify >= 0 { close(inotify) } }
        var lastVersion = connection.dataVersion
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopSignal.isStopped {
            var fds = [pollfd(fd: stopPipe, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, inotify >= 0 ? 2 : 1, Int32(fallbackSeconds * 1000))
            if fds[0].revents != 0 || stopSignal.isStopped { return }
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
                    watch = inotify_add_watch(inotify, wakeUpPath, UInt32(IN_ATTRIB | IN_MODIFY | IN_CLOSE_WRITE | IN_DELETE_SELF))
                }
            }
            let version = connection.dataVersion
            if version != lastVersion {
                lastVersion = version
                handler()
            }
        }
        _ = watch
    }
}

/// Set once to stop the observer thread.
private final class StopSignal: Sendable {
    let flag = Mutex(false)
    var isStopped: Bool { flag.withLock { $0 } }
}

/// The observer thread's own connection (SQLite connections are used by one thread).
private final class ObserverConnection: @unchecked Sendable {  // used only on the observer thread after init
    let database: Database

    init(path: String) throws {
        database = try Database(path: path, synchronous: "FULL")
    }

    var dataVersion: Int64 { (try? database.scalarInt("PRAGMA data_version")) ?? 0 }
}
