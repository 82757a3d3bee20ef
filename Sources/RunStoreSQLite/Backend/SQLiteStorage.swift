import Foundation
package import RunStore
package import RunCore

/// runlog's embedded storage: the run library in one SQLite file (`library.sqlite`, ``Library``)
/// and the store every process shares in another (`group.sqlite`, ``SharedStore``), at the paths
/// the user chose (`--library`, `RUNLOG_HOME`).
package struct SQLiteStorage: FileStorageBackend {
    package let libraryLocation: String
    package let sharedLocation: String

    package init(libraryLocation: String, sharedLocation: String) {
        self.libraryLocation = libraryLocation
        self.sharedLocation = sharedLocation
    }

    package var libraryExists: Bool { FileManager.default.fileExists(atPath: libraryLocation) }
    package var sharedStorageExists: Bool { FileManager.default.fileExists(atPath: sharedLocation) }

    package func openLibrary(creating: Bool) throws -> any RunLibrary {
        try Library(path: libraryLocation, creating: creating)
    }

    /// A store that cannot be written here (SQLite's `SQLITE_READONLY` or `SQLITE_CANTOPEN` on an
    /// existing file: a read-only file or folder; or a full disk) is opened to be read.
    package func openSharedStorage() throws -> any SharedStorage {
        do {
            return try SharedStore(path: sharedLocation)
        } catch let error as SQLiteError where error.isFull && sharedStorageExists {
            return try SharedStore(readingOnly: sharedLocation, onFullDisk: error)
        } catch let error as SQLiteError where [8, 14].contains(error.primaryCode) && sharedStorageExists {
            return try SharedStore(readingOnly: sharedLocation)
        }
    }
}

extension SettingsStore {
    /// The settings of `group.sqlite` in a runlog home folder.
    /// - Throws: ``RunStore/StorageOpenError`` `.damagedStore` (a copy is kept), `.cannotOpen`, ``SQLiteError``.
    package convenience init(home: String, schema: SettingsSchema = .runlog) throws {
        try self.init(store: try SharedStore(path: home + "/group.sqlite"), schema: schema)
    }
}
