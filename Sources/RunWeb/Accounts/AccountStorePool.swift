package import RunStore
import Synchronization

/// Connections to the database's accounts (users, API tokens, login sessions), one per
/// concurrent request that needs one, at most ``idleLimit`` kept idle. An account store is used
/// by one thread at a time; it moves between threads only through the pool's lock.
package final class AccountStorePool: Sendable {
    /// An account store handed between threads (`@unchecked Sendable`: one thread at a time has
    /// it — checked out of the pool's lock, used, given back under it).
    private final class Held: @unchecked Sendable {
        let store: any AccountStore
        init(_ store: any AccountStore) { self.store = store }
    }

    private let open: @Sendable () throws -> any AccountStore
    private let idle = Mutex<[Held]>([])
    /// Idle connections kept at most.
    package let idleLimit: Int

    /// - Parameter open: opens a new account store (a new connection; the schema brought up to date).
    package init(idleLimit: Int = 4, open: @escaping @Sendable () throws -> any AccountStore) {
        self.idleLimit = idleLimit
        self.open = open
    }

    /// Runs `body` with an account store of this thread's own.
    /// - Throws: what opening the store throws (``StorageOpenError``), or `body`'s error.
    package func withStore<T>(_ body: (any AccountStore) throws -> T) throws -> T {
        let held = try idle.withLock { $0.popLast() } ?? Held(try open())
        defer { idle.withLock { if $0.count < idleLimit { $0.append(held) } } }
        return try body(held.store)
    }

    /// Runs `body` with the accounts' rules over a store of this thread's own.
    package func withAccounts<T>(_ body: (Accounts) throws -> T) throws -> T {
        try withStore { try body(Accounts(store: $0)) }
    }
}
