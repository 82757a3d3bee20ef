/// What one upload may cost the server (the web's import page and `POST /api/v1/imports`),
/// besides its size in bytes (the web configuration's upload limit): how many files it holds, how
/// many entries those files and the archives among them hold, and how much they decompress to.
///
/// A security review uploaded 64 MB holding 754,000 empty files: the server worked 12 s, answered
/// 140 MB and grew by over a gigabyte. Each cap stops such an upload within a bounded amount of
/// work, while the largest real uploads — a year of a runner's account export — stay well inside:
///
/// | cap | default | a real upload |
/// |---|---|---|
/// | files in the upload | 1,000 | a folder of a year's GPX files chosen in the browser: a few hundred |
/// | entries in all | 20,000 | a Strava export of a year: about 400 activities and 1,000 photos; Garmin Connect's: a few thousand JSON and FIT files |
/// | bytes decompressed in all | 2 GiB | a year of GPX at 1–5 MB a run: under 2 GB; FIT files are ten times smaller |
///
/// An upload past a cap stops at the file that passed it (``UploadError``); what was stored
/// before stays, as with any import that stops. Larger collections go through the command line,
/// whose own archive limits are wider (``RunFormats/ArchiveLimits/default``).
package struct UploadLimits: Sendable, Equatable {
    /// Files in one upload, at most (the form's file parts; an archive counts as one file here).
    /// Checked when the upload arrives, before it is queued.
    package var maximumFiles: Int
    /// Entries in one upload, at most: each file that is not an archive counts one, each archive
    /// every member it holds (folders, skipped members and nested archives' members included).
    /// A zip is counted from its central directory before anything of it is read.
    package var maximumEntries: Int
    /// Bytes decompressed from the upload's archives and compressed files, in all, at most
    /// (members of an uncompressed zip count as they are read out of it).
    package var maximumInflatedBytes: Int

    package init(maximumFiles: Int = 1_000, maximumEntries: Int = 20_000, maximumInflatedBytes: Int = 2 << 30) {
        self.maximumFiles = maximumFiles
        self.maximumEntries = maximumEntries
        self.maximumInflatedBytes = maximumInflatedBytes
    }

    /// 1,000 files, 20,000 entries, 2 GiB decompressed.
    package static let `default` = UploadLimits()
}

/// What an upload has cost so far, against its ``UploadLimits``.
package struct UploadUsage: Sendable, Equatable {
    /// Files of the upload taken (the one being imported included).
    package var files = 0
    /// Entries counted: files that are not archives, and archives' members.
    package var entries = 0
    /// Bytes decompressed from archives and compressed files.
    package var inflatedBytes = 0

    package init() {}
}
