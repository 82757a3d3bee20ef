/// Typed entries by domain and key that every runlog process of one installation shares:
/// settings per profile, the active profile. ``RunStoreSQLite/SharedStore`` implements it on
/// SQLite (`group.sqlite`). Writes are atomic across keys; ``update(_:)`` runs a read-modify-write
/// under the write lock, so it never interleaves with another writer.
package protocol EntryStore: EntryReading, AnyObject {
    /// Whether the store was opened only to be read (writes then fail).
    var isReadOnly: Bool { get }
    /// Where the store is (for messages).
    var location: String { get }
    /// A number that changes whenever anyone commits to the store — another connection of any
    /// process, or this one; the same value while nothing was written. Cheap: for caches.
    var changeToken: Int64 { get }
    /// The domains that have entries, sorted.
    func domains() throws -> [String]
    /// Runs `body` in one transaction holding the write lock, commits, and tells observers.
    func update<T>(_ body: (any EntryTransaction) throws -> T) throws -> T
}

/// Reading entries, in a store or inside one of its transactions.
package protocol EntryReading {
    /// The entry for `key` in `domain`, if any.
    func entry(_ key: String, in domain: String) throws -> StoredEntry?
    /// All entries of a domain.
    func entries(in domain: String) throws -> [String: StoredEntry]
}

/// Reads and writes inside one transaction of an ``EntryStore``.
package protocol EntryTransaction: EntryReading {
    /// Sets (``StoreWrite/entry`` non-nil) or removes an entry.
    func apply(_ write: StoreWrite) throws
    /// Removes every entry of a domain.
    func removeDomain(_ domain: String) throws
    /// Copies every entry of `source` into `destination` (replacing what is there).
    func copyDomain(_ source: String, to destination: String) throws
}

extension EntryTransaction {
    package func set(_ value: StoredValue, forKey key: String, in domain: String, origin: ValueOrigin = .user) throws {
        try apply(.set(value, forKey: key, in: domain, origin: origin))
    }

    package func remove(_ key: String, in domain: String) throws {
        try apply(.remove(key, in: domain))
    }
}

extension EntryStore {
    /// Applies several changes in one transaction: all or none.
    package func write(_ writes: [StoreWrite]) throws {
        try update { transaction in
            for write in writes { try transaction.apply(write) }
        }
    }
}
