import Foundation
import RunCore
package import RunStore
import Synchronization

/// Connections to the library and the settings store, one pair per concurrent request: SQLite
/// connections are used by one thread at a time, and the server's pool has several threads. A
/// request checks a ``Workspace`` out, uses it on its thread, and gives it back.
///
/// It also tells when what pages show changed — in this server or in another process (`runlog
/// import`, `runlog settings set`): ``generation`` grows whenever a workspace's connections see a
/// commit by another connection (the store's change token) to the library, or one to the shared store
/// that changed the settings, and when this server writes. Cached pages are keyed by it.
package final class StorePool: Sendable {
    /// The storage the server opens its connections in.
    package let storage: any StorageBackend
    private let idle = Mutex<[Workspace]>([])
    private let changeCount = Atomic<UInt64>(0)
    /// Idle workspaces kept for the next request, at most: one given back beyond them is closed,
    /// so the connections (and their page caches) a burst opened — downloads, live streams, each
    /// with a workspace of its own — are not kept after it.
    package let idleLimit: Int
    /// Idle workspaces kept by every pool sharing it (server mode: one pool per user, one budget
    /// for the database's connections); nil: ``idleLimit`` alone.
    private let sharedBudget: IdleBudget?

    /// - Parameters:
    ///   - storage: the library and the shared store (each created when missing).
    ///   - idleLimit: idle workspaces kept at most (default 8: the default server's threads twice over).
    ///   - sharedBudget: idle workspaces kept at most by all the pools that share it, besides `idleLimit`.
    package init(storage: any StorageBackend, idleLimit: Int = 8, sharedBudget: IdleBudget? = nil) {
        self.storage = storage
        self.idleLimit = idleLimit
        self.sharedBudget = sharedBudget
    }

    deinit {
        let kept = idle.withLock { $0.count }
        sharedBudget?.release(kept)
    }

    /// Idle workspaces kept now.
    package var idleCount: Int { idle.withLock { $0.count } }

    /// The count of changes noticed so far.
    package var generation: UInt64 { changeCount.load(ordering: .acquiring) }

    /// Records a change this server made (call after the commit).
    package func noteChange() { changeCount.add(1, ordering: .releasing) }

    /// Runs `body` with a workspace of this thread's own, after noting changes made since it was
    /// last used.
    /// - Throws: what opening the stores throws (a damaged settings store, an unwritable folder), or `body`'s error.
    package func withWorkspace<T>(_ body: (Workspace) throws -> T) throws -> T {
        let taken = idle.withLock { $0.popLast() }
        if taken != nil { sharedBudget?.release(1) }
        let workspace = try taken ?? Workspace(storage: storage)
        // One past the limit is not kept: its connections close when this returns (its deinit).
        defer {
            idle.withLock {
                if $0.count < idleLimit, sharedBudget?.take() ?? true { $0.append(workspace) }
            }
        }
        if workspace.noticeOtherWriters() { noteChange() }
        return try body(workspace)
    }
}

/// A library connection and a settings connection, used by one thread at a time (they move
/// between threads only through ``StorePool``'s lock).
package final class Workspace: @unchecked Sendable {
    package let library: any RunLibrary
    package let settings: SettingsStore
    /// The shared store (settings, the live recording).
    package var shared: any SharedStorage { settings.store }
    private var libraryVersion: Int64?
    private var settingsVersion: Int64?
    /// The settings read, and the shared store's change token then.
    private var cachedReading: (reading: SettingsReading, token: Int64)?

    init(storage: any StorageBackend) throws {
        library = try storage.openLibrary(creating: true)
        settings = try SettingsStore(store: try storage.openSharedStorage())
        settings.references = LibraryReferences(storage: storage)
    }

    /// Whether another connection changed what pages show since this one last looked: any commit
    /// to the library, or a commit to the shared store that changed the active profile's settings
    /// (the store also holds the live recording's state, written up to ten times a second, which
    /// pages do not show). Forgets the settings read when the store changed.
    func noticeOtherWriters() -> Bool {
        var changed = false
        let library = self.library.changeToken
        if library != libraryVersion {
            libraryVersion = library
            changed = true
        }
        let settings = self.settings.store.changeToken
        if settings != settingsVersion {
            settingsVersion = settings
            let before = cachedReading?.reading.snapshot
            let after = try? reading().snapshot
            if before == nil || after == nil || before != after { changed = true }
        }
        return changed
    }

    /// The active profile's settings, read again after any commit to the shared store — another
    /// process's, or this connection's own (a settings form, a search-set rename naming the new set).
    package func reading() throws -> SettingsReading {
        let token = settings.store.changeToken
        if let cachedReading, cachedReading.token == token { return cachedReading.reading }
        let reading = try settings.read()
        cachedReading = (reading, token)
        return reading
    }
}
