import Foundation
import RunCore
package import RunStore

/// runlog's storage on a PostgreSQL server (server mode): one database holds every user's run
/// library and shared store (settings, the live recording); a backend is opened as one user, and
/// everything it opens reads and writes that user's rows only. Several processes, on several
/// machines, may open the same database at once.
///
/// The schema is brought up to date when a store is opened (``PostgresSchema``). Users are made
/// through the accounts (``openAccountStore(url:)``, `runlog users add`), or without a password by
/// ``createUser()`` (tests); opening a store for a user the database does not know fails.
package struct PostgresStorage: DatabaseStorageBackend {
    /// The database, as the user named it (a `postgresql://` URL or a libpq `key=value` string).
    package let database: PostgresLocation
    /// The runlog user whose data this backend opens.
    package let user: String

    /// - Parameters:
    ///   - url: a `postgresql://` URL or libpq `key=value` string (libpq's environment variables fill what it leaves out).
    ///   - user: the runlog user (not the database role, which the URL names).
    package init(url: String, user: String) {
        database = PostgresLocation(url)
        self.user = user
    }

    /// `postgresql://role@host/database, user NAME` (never the password; without a user, the database alone).
    package var libraryLocation: String { user.isEmpty ? database.display : "\(database.display), user \(user)" }
    package var sharedLocation: String { libraryLocation }

    /// Whether the user has a library in the database (false when it cannot be reached).
    package var libraryExists: Bool { (try? exists("libraries")) ?? false }
    /// Whether the user has a shared store in the database (false when it cannot be reached).
    package var sharedStorageExists: Bool { (try? exists("shared_stores")) ?? false }

    package func openLibrary(creating: Bool) throws -> any RunLibrary {
        try sayingDatabase { try library(creating: creating) }
    }

    package func openSharedStorage() throws -> any SharedStorage {
        try sayingDatabase { try sharedStore() }
    }

    private func library(creating: Bool) throws -> any RunLibrary {
        let connection = try connect(for: .library)
        if !creating, try PostgresSchema.currentVersion(connection) == 0 { throw noLibrary() }
        try PostgresSchema.migrate(connection, store: .library)
        let owner = try userID(connection, store: .library)
        let now = Date().timeIntervalSince1970
        let created = try connection.transaction {
            guard creating else { return try connection.scalarInt("SELECT 1 FROM libraries WHERE owner = $1", owner) != nil }
            let made = try connection.query(
                "INSERT INTO libraries (owner, created_at) VALUES ($1, $2) ON CONFLICT (owner) DO NOTHING", owner, now).changes > 0
            if made {
                // The default set "All runs" is stored with the library, as schema 4 of the SQLite library does.
                try connection.query("""
                    INSERT INTO search_sets (owner, name, definition_json, created_at, updated_at) VALUES ($1, $2, '{"version":1}', $3, $3)
                    """, owner, SearchSet.allRunsName, now)
            }
            return true
        }
        guard created else { throw noLibrary() }
        return try PostgresLibrary(connection: connection, owner: owner, location: libraryLocation)
    }

    private func sharedStore() throws -> any SharedStorage {
        let connection = try connect(for: .shared)
        try PostgresSchema.migrate(connection, store: .shared)
        let owner = try userID(connection, store: .shared)
        try connection.query("INSERT INTO shared_stores (owner, created_at) VALUES ($1, $2) ON CONFLICT (owner) DO NOTHING",
                             owner, Date().timeIntervalSince1970)
        return try PostgresSharedStore(connection: connection, owner: owner, storage: self)
    }

    /// Adds ``user`` to the database (bringing its schema up to date first), unless it is there.
    /// - Returns: the user's id.
    /// - Throws: ``RunStore/StorageOpenError`` `.cannotOpen` when the database cannot be reached, ``PostgresError``.
    @discardableResult
    package func createUser() throws -> Int64 {
        try sayingDatabase {
            let connection = try connect(for: .library)
            try PostgresSchema.migrate(connection)
            try connection.query("INSERT INTO users (name, created_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                                 user, Date().timeIntervalSince1970)
            return try userID(connection, store: .library)
        }
    }

    /// The accounts and API tokens of the database at `url` (``PostgresAccountStore``), its schema
    /// brought up to date first.
    /// - Throws: ``RunStore/StorageOpenError`` `.cannotOpen`, `.newerSchema`; ``PostgresError``.
    package static func openAccountStore(url: String) throws -> any AccountStore {
        let storage = PostgresStorage(url: url, user: "")
        return try storage.sayingDatabase {
            let connection = try storage.connect(for: .library)
            try PostgresSchema.migrate(connection)
            return PostgresAccountStore(connection: connection)
        }
    }

    /// Runs `body`, its ``RunStore/StorageOpenError`` marked as a database's (front ends then
    /// point at the database's address and user, not at a file).
    func sayingDatabase<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as StorageOpenError {
            error.isDatabase = true
            throw error
        }
    }

    // MARK: - Connecting

    /// A new connection to the database.
    /// - Throws: ``RunStore/StorageOpenError`` `.cannotOpen` with libpq's reason (no password in it).
    func connect(for store: StorageOpenError.Store) throws -> PostgresConnection {
        if let parseError = database.parseError {
            throw StorageOpenError(.cannotOpen, "cannot read the database's address: \(parseError)", store: store,
                                   location: libraryLocation, reason: parseError)
        }
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection(conninfo: database.conninfo, location: database.display)
        } catch let error as PostgresError {
            throw StorageOpenError(.cannotOpen, "cannot connect to \(database.display): \(error.message)", store: store,
                                   location: libraryLocation, reason: error.message)
        }
        if connection.parameter("server_encoding") != "UTF8" {
            let reason = "its encoding is \(connection.parameter("server_encoding") ?? "unknown"), and text is kept in UTF8"
            throw StorageOpenError(.cannotOpen, "cannot use \(database.display): \(reason)", store: store, location: libraryLocation, reason: reason)
        }
        if connection.serverVersion < 130_000 {
            let reason = "PostgreSQL \(connection.parameter("server_version") ?? "?") is older than 13, the oldest this version works with"
            throw StorageOpenError(.cannotOpen, "cannot use \(database.display): \(reason)", store: store, location: libraryLocation, reason: reason)
        }
        return connection
    }

    private func userID(_ connection: PostgresConnection, store: StorageOpenError.Store) throws -> Int64 {
        guard let id = try connection.scalarInt("SELECT id FROM users WHERE name = $1", user) else {
            let reason = "there is no user '\(user)' in it"
            throw StorageOpenError(.cannotOpen, "cannot open \(database.display): \(reason)", store: store, location: libraryLocation, reason: reason)
        }
        return id
    }

    private func exists(_ table: String) throws -> Bool {
        let connection = try connect(for: .library)
        guard try PostgresSchema.currentVersion(connection) > 0 else { return false }
        return try connection.scalarInt("SELECT 1 FROM \(table) t JOIN users u ON u.id = t.owner WHERE u.name = $1", user) != nil
    }

    private func noLibrary() -> StorageOpenError {
        StorageOpenError(.noLibrary, "there is no library of user '\(user)' in \(database.display)", store: .library, location: libraryLocation)
    }
}
