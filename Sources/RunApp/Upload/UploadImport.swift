package import Foundation
package import RunFormats
package import RunStore

/// The files of one upload imported through a ``LibraryImport`` within the upload's caps
/// (``UploadLimits``): each file that is not an archive counts one entry, and a compressed one the
/// bytes it decompresses to (counted before it is read); an archive is read with what is left of
/// the caps as its limits, so a zip listing more members than are left is refused before any of
/// it is read (``RunFormats/ArchiveReader``), and one that inflates past what is left stops there.
///
/// Use: one per upload, ``importFile(_:fileName:each:)`` for each file in order, then the
/// ``library``'s `finish()`. One thread at a time.
package final class UploadImport {
    package let library: LibraryImport
    package let limits: UploadLimits
    /// What the upload has cost so far.
    package private(set) var usage = UploadUsage()

    /// Sets what the upload has cost back to `usage`, taken before a file whose import is to be
    /// tried again (it failed only because another writer held the library's lock).
    package func rewind(to usage: UploadUsage) { self.usage = usage }

    package init(library: LibraryImport, limits: UploadLimits = .default) {
        self.library = library
        self.limits = limits
    }

    /// Imports one file of the upload: an archive (told by its bytes) as an export, else as one
    /// activity file, plain or compressed. An archive that cannot be read is one failure.
    /// - Parameters:
    ///   - data: the file's bytes (a part of the spooled upload, mapped).
    ///   - fileName: its name in the upload.
    ///   - each: each file's or member's name and outcome, as it is stored.
    /// - Returns: what an archive held besides its files; nil for a single file or an unreadable archive.
    /// - Throws: ``UploadError`` when this file passes a cap — the upload stops there (runs stored
    ///   before stay; of an archive refused from its directory, nothing is read) —; storage errors.
    @discardableResult
    package func importFile(_ data: Data, fileName: String,
                           each: (String, Result<ImportResult, any Error>) throws -> Void) throws -> ExportSummary? {
        usage.files += 1
        guard usage.files <= limits.maximumFiles else { throw UploadError.tooManyFiles(limit: limits.maximumFiles) }
        let isArchive = data.withUnsafeBytes { ArchiveFormat.sniff($0) != nil }
        if isArchive { return try importArchive(data, fileName: fileName, each: each) }

        usage.entries += 1
        guard usage.entries <= limits.maximumEntries else {
            throw UploadError.tooManyEntries(file: fileName, limit: limits.maximumEntries)
        }
        // A compressed file whose head cannot begin an activity file is refused by its read unread: not inflated to be counted.
        if data.withUnsafeBytes({ Compression.sniff($0) != nil && ActivityReadSession.compressedHeadMayBeActivity($0) }) {
            let left = limits.maximumInflatedBytes - usage.inflatedBytes
            let limit = min(left, ActivityReadSession.decompressedLimit)
            // A damaged file is counted as far as it decompresses; its import says what is wrong with it.
            let size = (try? data.withUnsafeBytes { try Decompression.decompressedSize($0, fileName: fileName, limit: limit) }) ?? 0
            usage.inflatedBytes += min(size, limit)
            if size > left { throw UploadError.inflatesTooMuch(file: fileName, limit: limits.maximumInflatedBytes) }
        }
        try library.importData(data, fileName: fileName, each: each)
        return nil
    }

    private func importArchive(_ data: Data, fileName: String,
                               each: (String, Result<ImportResult, any Error>) throws -> Void) throws -> ExportSummary? {
        var archiveLimits = ArchiveLimits.default
        archiveLimits.maximumMemberCount = max(0, limits.maximumEntries - usage.entries)
        archiveLimits.maximumTotalBytes = max(0, limits.maximumInflatedBytes - usage.inflatedBytes)
        do {
            let summary = try library.importExport(.archive(data, name: fileName), limits: archiveLimits, each: each)
            usage.entries += summary.memberCount
            usage.inflatedBytes += summary.inflatedBytes
            return summary
        } catch let error as ReadError where error.code == .tooLarge {
            // Thrown only for the count or the total: a member too large is skipped, not thrown.
            if error.limitMembers != nil {
                usage.entries = limits.maximumEntries + 1
                throw UploadError.tooManyEntries(file: fileName, limit: limits.maximumEntries)
            }
            usage.inflatedBytes = limits.maximumInflatedBytes + 1
            throw UploadError.inflatesTooMuch(file: fileName, limit: limits.maximumInflatedBytes)
        } catch let error as ReadError {
            usage.entries += 1
            try each(fileName, .failure(error))
            return nil
        }
    }
}
