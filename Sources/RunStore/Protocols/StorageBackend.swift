/// One way of keeping runlog's data — SQLite files (``RunStoreSQLite/SQLiteStorage``) or a
/// PostgreSQL database (``RunStorePostgres/PostgresStorage``, as one user) — opened at the places
/// the user chose: the run library and the store every process shares. The front ends receive the
/// backend from the program's entry point and never name an implementation; each thread opens its
/// own connections.
package protocol StorageBackend: Sendable {
    /// Where the library is, as the user chose it (for messages; never a password).
    var libraryLocation: String { get }
    /// Where the shared store is.
    var sharedLocation: String { get }
    /// Whether there is a library yet (nothing is created by asking).
    var libraryExists: Bool { get }
    /// Whether there is a shared store yet.
    var sharedStorageExists: Bool { get }
    /// Opens the library; creates it when `creating` and it does not exist.
    /// - Throws: ``StorageOpenError`` `.noLibrary`, `.notALibrary`, `.cannotOpen`, `.newerSchema`; ``StorageFailure``.
    func openLibrary(creating: Bool) throws -> any RunLibrary
    /// Opens (and creates) the shared store. One that cannot be written here is opened to be
    /// read: what it holds applies, and writing fails naming it.
    /// - Throws: ``StorageOpenError`` `.damagedStore` (a copy is kept), `.cannotOpen`; ``StorageFailure``.
    func openSharedStorage() throws -> any SharedStorage
}

/// A backend kept in files at paths the user chose (the embedded backend, SQLite's): made from
/// the library's and the shared store's paths, as the command line names them (`--library`,
/// `RUNLOG_HOME`).
package protocol FileStorageBackend: StorageBackend {
    /// The backend for a library and a shared store at these paths. Nothing is opened or created yet.
    init(libraryLocation: String, sharedLocation: String)
}

/// A backend in a database server (PostgreSQL's, server mode): made from the database's address
/// (a `postgresql://` URL) and the runlog user whose data it opens.
package protocol DatabaseStorageBackend: StorageBackend {
    /// The backend of `user`'s data in the database at `url`. Nothing is opened yet.
    init(url: String, user: String)
    /// The database's accounts and API tokens (every user's: for operators and the web's login),
    /// its schema brought up to date first.
    /// - Throws: ``StorageOpenError`` `.cannotOpen`, `.newerSchema`; ``StorageFailure``.
    static func openAccountStore(url: String) throws -> any AccountStore
}

/// A failure of the storage itself, as an implementation reports it; front ends tell a busy
/// store (try again) from a damaged one and from the rest without knowing the implementation.
package protocol StorageFailure: Error, CustomStringConvertible {
    /// Another writer holds the lock longer than the store waits.
    var isBusy: Bool { get }
    /// The stored data is damaged (not the store's format, or failing its checks).
    var isDamage: Bool { get }
    /// The store may only be read here (a read-only file, folder or account).
    var isReadOnly: Bool { get }
    /// The disk or the store's quota is full.
    var isFull: Bool { get }
    /// The store concerned (a path for the embedded backend), when known.
    var location: String? { get }
    /// How the data of a damaged store can often be rescued with the implementation's own tools.
    var rescueHint: String? { get }
    /// The implementation's own words.
    var message: String { get }
}
