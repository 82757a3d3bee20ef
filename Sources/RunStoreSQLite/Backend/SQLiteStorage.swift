import Foundation
public import RunStore
public import RunCore

/// runlog's embedded storage: the run library in one SQLite file (`library.sqlite`, ``Library``)
/// and the store every process shares in another (`group.sqlite`, ``SharedStore``), at the paths
/// the user chose (`--library`, `RUNLOG_HOME`).
public struct SQLiteStorage: StorageBackend {
    public let libraryLocation: String
    public let sharedLocation: String

    public init(libraryLocation: String, sharedLocation: String) {
        self.libraryLocation = libraryLocation
        self.sharedLocation = sharedLocation
    }

    public var libraryExists: Bool { FileManager.default.fileExists(atPath: libraryLocation) }
    public var sharedStorageExists: Bool { FileManager.default.fileExists(atPath: sharedLocation) }

    public func openLibrary(creating: Bool) throws -> any RunLibrary {
        try Library(path: libraryLocation, creating: creating)
    }

    /// A store that cannot be written here (SQLite's `SQLITE_READONLY` or `SQLITE_CANTOPEN` on an
    /// existing file: a read-only file or folder) is opened to be read.
    public func openSharedStorage() throws -> any SharedStorage {
        do {
            return try SharedStore(path: sharedLocation)
        } catch let error as SQLiteError where [8, 14].contains(error.primaryCode) && sharedStorageExists {
            return try SharedStore(readingOnly: sharedLocation)
        }
    }
}

extension SettingsStore {
    /// The settings of `group.sqlite` in a runlog home folder.
    /// - Throws: ``RunStore/StoreError`` `.damagedStore` (a copy is kept), `.cannotOpen`, ``SQLiteError``.
    public convenience init(home: String, schema: SettingsSchema = .runlog) throws {
        try self.init(store: try SharedStore(path: home + "/group.sqlite"), schema: schema)
    }
}
