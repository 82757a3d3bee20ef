package import RunStore
import Foundation

/// One user's shared store in a PostgreSQL database: typed entries by domain and key (settings
/// per profile, the active profile) and the live recording, for every runlog process of that
/// user on any machine.
///
/// Every write transaction first updates the user's `shared_stores` row — its lock is the write
/// lock (a read-modify-write is never interleaved with another writer), its `version` the change
/// token — and sends `NOTIFY` on the user's channel, which PostgreSQL delivers to every listening
/// connection when the transaction commits (``PostgresObserver``).
///
/// One `PostgresSharedStore` per thread (it owns one connection).
package final class PostgresSharedStore: SharedStorage {
    let connection: PostgresConnection
    /// The user whose store this is (`users.id`).
    package let owner: Int64
    let storage: PostgresStorage
    package var location: String { storage.sharedLocation }
    package let isReadOnly: Bool

    init(connection: PostgresConnection, owner: Int64, storage: PostgresStorage) throws {
        self.connection = connection
        self.owner = owner
        self.storage = storage
        isReadOnly = try connection.scalarText("SELECT current_setting('transaction_read_only')") == "on"
    }

    /// The channel PostgreSQL notifies of the user's commits to this store.
    static func channel(owner: Int64) -> String { "runlog_shared_\(owner)" }

    /// The store's `version`: every write transaction of any process moves it.
    package var changeToken: Int64 {
        (try? connection.scalarInt("SELECT version FROM shared_stores WHERE owner = $1", owner)) ?? -1
    }

    package func domains() throws -> [String] {
        try connection.query("SELECT domain FROM entries WHERE owner = $1 GROUP BY domain ORDER BY domain COLLATE \"C\"", owner).all
            .map { $0.text(0) ?? "" }
    }

    package func entry(_ key: String, in domain: String) throws -> StoredEntry? {
        try PostgresEntryTransaction(store: self).entry(key, in: domain)
    }

    package func entries(in domain: String) throws -> [String: StoredEntry] {
        try PostgresEntryTransaction(store: self).entries(in: domain)
    }

    package func update<T>(_ body: (any EntryTransaction) throws -> T) throws -> T {
        try write { try body(PostgresEntryTransaction(store: self)) }
    }

    /// Runs `body` in a transaction holding the store's write lock, moving its version and
    /// notifying its channel on commit. Inside another write it is a savepoint of it.
    @discardableResult
    func write<T>(_ body: () throws -> T) throws -> T {
        try connection.transaction {
            if connection.transactionDepth == 1 {
                try connection.query("UPDATE shared_stores SET version = version + 1 WHERE owner = $1", owner)
                try connection.query("SELECT pg_notify($1, '')", Self.channel(owner: owner))
            }
            return try body()
        }
    }

    package func live() -> any LiveStorage { PostgresLiveStore(store: self) }

    /// Observes commits through `LISTEN` on a connection of the observer's own; `fallbackSeconds`:
    /// how often the version is read when no notification came (a lost connection is noticed then).
    package func observeChanges(fallbackSeconds: Double, handler: @escaping @Sendable () -> Void) throws -> any ChangeObservation {
        try PostgresObserver(storage: storage, owner: owner, fallbackSeconds: fallbackSeconds, handler: handler)
    }
}

/// Reads and writes inside a transaction of a ``PostgresSharedStore`` (or, for reads, outside one).
struct PostgresEntryTransaction: EntryTransaction {
    let store: PostgresSharedStore
    var connection: PostgresConnection { store.connection }
    var owner: Int64 { store.owner }

    func entry(_ key: String, in domain: String) throws -> StoredEntry? {
        guard let row = try connection.query("""
            SELECT kind, value, data, origin FROM entries WHERE owner = $1 AND domain = $2 AND key = $3
            """, owner, domain, key).first else { return nil }
        return try Self.entry(row, from: 0)
    }

    func entries(in domain: String) throws -> [String: StoredEntry] {
        var result: [String: StoredEntry] = [:]
        for row in try connection.query("SELECT key, kind, value, data, origin FROM entries WHERE owner = $1 AND domain = $2", owner, domain).all {
            result[row.text(0) ?? ""] = try Self.entry(row, from: 1)
        }
        return result
    }

    func apply(_ write: StoreWrite) throws {
        if let entry = write.entry {
            let (value, data) = Self.columns(of: entry.value)
            try connection.query("""
                INSERT INTO entries (owner, domain, key, kind, value, data, origin, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                ON CONFLICT (owner, domain, key) DO UPDATE SET kind = excluded.kind, value = excluded.value, data = excluded.data,
                    origin = excluded.origin, updated_at = excluded.updated_at
                """, values: [owner, write.domain, write.key, entry.value.kind, value, data, entry.origin.rawValue, Date().timeIntervalSince1970])
        } else {
            try connection.query("DELETE FROM entries WHERE owner = $1 AND domain = $2 AND key = $3", owner, write.domain, write.key)
        }
    }

    func removeDomain(_ domain: String) throws {
        try connection.query("DELETE FROM entries WHERE owner = $1 AND domain = $2", owner, domain)
    }

    func copyDomain(_ source: String, to destination: String) throws {
        try connection.query("DELETE FROM entries WHERE owner = $1 AND domain = $2", owner, destination)
        try connection.query("""
            INSERT INTO entries (owner, domain, key, kind, value, data, origin, updated_at)
            SELECT owner, $3, key, kind, value, data, origin, updated_at FROM entries WHERE owner = $1 AND domain = $2
            """, owner, source, destination)
    }

    /// The `value` and `data` columns of a value: text that reads back exactly (a `Double`'s
    /// shortest round-tripping digits), or the bytes.
    static func columns(of value: StoredValue) -> (String?, [UInt8]?) {
        switch value {
        case .bool(let v): return (v ? "1" : "0", nil)
        case .int(let v): return (String(v), nil)
        case .double(let v): return (String(v), nil)
        case .string(let v): return (v, nil)
        case .date(let v): return (String(v.timeIntervalSince1970), nil)
        case .data(let v): return (nil, v)
        case .strings(let v):
            return ((try? JSONEncoder().encode(v)).map { String(decoding: $0, as: UTF8.self) } ?? "[]", nil)
        }
    }

    /// The entry of a row's `kind, value, data, origin` columns, starting at `first`.
    static func entry(_ row: PostgresRow, from first: Int) throws -> StoredEntry {
        let kind = row.text(first) ?? "", text = row.text(first + 1) ?? ""
        func number<T>(_ parse: (String) -> T?) throws -> T {
            guard let value = parse(text) else { throw StoredDataError("a stored \(kind) cannot be read: '\(text)'") }
            return value
        }
        let value: StoredValue
        switch kind {
        case "bool": value = .bool(text == "1")
        case "int": value = .int(try number { Int($0) })
        case "double": value = .double(try number { Double($0) })
        case "string": value = .string(text)
        case "date": value = .date(Date(timeIntervalSince1970: try number { Double($0) }))
        case "data": value = .data(row.bytes(first + 2))
        case "strings":
            guard let list = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
                throw StoredDataError("a stored list of strings cannot be read")
            }
            value = .strings(list)
        default:
            throw StoredDataError("a stored value has the unknown kind '\(kind)'")
        }
        return StoredEntry(value: value, origin: ValueOrigin(rawValue: row.text(first + 3) ?? "") ?? .user)
    }
}
