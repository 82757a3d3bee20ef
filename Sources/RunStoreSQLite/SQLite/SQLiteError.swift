import Foundation
import RunCore
import RunStore

/// A failed SQLite call: the extended result code, SQLite's message, and the statement (without
/// bound values).
package struct SQLiteError: StorageFailure, Sendable {
    /// SQLite's extended result code (e.g. 2067 `SQLITE_CONSTRAINT_UNIQUE`).
    package var code: Int32
    package var message: String
    package var sql: String?
    /// The database file, when known.
    package var path: String?
    /// Whether the failure comes from a full disk though SQLite's code does not say so: an I/O
    /// error whose system error is `ENOSPC` or `EDQUOT` (growing the WAL index, `-shm`), or a
    /// write refused by a connection opened read-only because the disk was full.
    package var isOutOfSpace = false

    package init(code: Int32, message: String, sql: String? = nil, path: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// Whether the file is damaged (`SQLITE_CORRUPT`) or not a database (`SQLITE_NOTADB`).
    package var isDamage: Bool { primaryCode == 11 || primaryCode == 26 }

    /// Whether another connection held the lock past the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    package var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }

    /// `SQLITE_READONLY`.
    package var isReadOnly: Bool { primaryCode == 8 }

    /// `SQLITE_FULL`, or ``isOutOfSpace``.
    package var isFull: Bool { primaryCode == 13 || isOutOfSpace }

    package var location: String? { path }

    package var rescueHint: String? {
        "'sqlite3 \(path ?? "FILE") .recover' can often rescue its content"
    }

    /// The primary result code (the low byte of ``code``), e.g. 19 `SQLITE_CONSTRAINT`.
    package var primaryCode: Int32 { code & 0xFF }

    /// Whether `code` means a full disk: `SQLITE_FULL`, or an I/O error whose system error
    /// (`sqlite3_system_errno`) is `ENOSPC` or `EDQUOT` or — SQLite does not keep the error of the
    /// WAL index, `-shm` — with no space left in the folder of `path`.
    static func meansFullDisk(code: Int32, systemErrno: Int32, path: String?) -> Bool {
        if code & 0xFF == 13 { return true }
        guard code & 0xFF == 10 else { return false }
        if systemErrno == ENOSPC || systemErrno == EDQUOT { return true }
        guard let path else { return false }
        let folder = PathText.folder(of: path)
        var status = statvfs()
        return statvfs(folder.isEmpty ? "." : folder, &status) == 0 && status.f_bavail == 0
    }

    package var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
