/// An account export (Strava, Garmin Connect) or any archive or folder of activity files, read
/// into the activity files it holds, each with its Strava `activities.csv` row when there is one.
///
/// Format-agnostic: it hands over names, bytes (decompressed when a member is gzip, bzip2 or xz,
/// told by its bytes) and CSV rows; which reader reads a file is the importer's business. Members
/// whose names are not `.fit`, `.gpx` or `.tcx` (compressed or not) are skipped with that reason.
/// Two passes: the first finds `activities.csv` (the shallowest; its folder is the export's root,
/// which `Filename` paths are relative to) and reads it; the second hands over the files.
package enum ExportArchive {
    /// Reads an export held in memory (zip or tar, compressed or not).
    ///
    /// - Parameters:
    ///   - fileName: the archive's name, for messages.
    ///   - limits: what reading may cost (the per-member limit also bounds each decompressed file).
    ///   - body: receives each activity file, in archive order.
    /// - Returns: the kind of export, the CSV rows without files, the CSV's errors, the members skipped.
    /// - Throws: ``ReadError`` `.unsupportedFormat` when the bytes are not an archive;
    ///   `.badArchive` when it is damaged past reading on; `.tooLarge` past the count or total
    ///   limits; or what `body` throws.
    package static func read(archive bytes: UnsafeRawBufferPointer, fileName: String, limits: ArchiveLimits = .default,
                            _ body: (ExportActivityFile) throws -> Void) throws -> ExportSummary {
        try read(source: .archive(bytes, fileName: fileName), limits: limits, body)
    }

    /// Reads an export held in an array.
    package static func read(archive bytes: [UInt8], fileName: String, limits: ArchiveLimits = .default,
                            _ body: (ExportActivityFile) throws -> Void) throws -> ExportSummary {
        try bytes.withUnsafeBytes { try read(archive: $0, fileName: fileName, limits: limits, body) }
    }

    /// Reads an unpacked export (a folder), with the same rules as an archive.
    /// - Throws: ``ReadError`` `.io` when the folder cannot be listed; the rest as for an archive.
    package static func read(folderAt path: String, limits: ArchiveLimits = .default,
                            _ body: (ExportActivityFile) throws -> Void) throws -> ExportSummary {
        try read(source: .folder(path), limits: limits, body)
    }

    private enum Source {
        case archive(UnsafeRawBufferPointer, fileName: String)
        case folder(String)

        var name: String {
            switch self {
            case .archive(_, let fileName): fileName
            case .folder(let path): path
            }
        }

        func forEachMember(budget: ArchiveBudget, opensNestedArchives: Bool, skipped: inout [SkippedMember],
                           decide: (ArchiveMemberInfo) throws -> MemberDecision, _ body: (ArchiveMember) throws -> Void) throws {
            switch self {
            case .archive(let bytes, let fileName):
                try ArchiveReader.forEachMember(of: bytes, fileName: fileName, containers: [], depth: 1, budget: budget,
                                                opensNestedArchives: opensNestedArchives, skipped: &skipped, decide: decide, body)
            case .folder(let path):
                try FolderReader.forEachMember(inFolderAt: path, budget: budget, opensNestedArchives: opensNestedArchives,
                                               skipped: &skipped, decide: decide, body)
            }
        }
    }

    private static func read(source: Source, limits: ArchiveLimits, _ body: (ExportActivityFile) throws -> Void) throws -> ExportSummary {
        // Pass 1: the names, and the shallowest activities.csv.
        var csv: ArchiveMember?
        var isGarmin = false
        var ignored: [SkippedMember] = []
        try source.forEachMember(budget: ArchiveBudget(limits: limits), opensNestedArchives: false, skipped: &ignored,
                                 decide: { info in
            let parts = info.components
            if parts.contains("DI_CONNECT") { isGarmin = true }
            guard parts.last?.lowercased() == "activities.csv" else { return .ignore }
            if let found = csv, found.info.components.count <= parts.count { return .ignore }
            return .read
        }, { member in csv = member })

        var summary = ExportSummary(kind: csv != nil ? .strava : isGarmin ? .garminConnect : .files)
        var rowsByPath: [String: StravaActivity] = [:]
        var csvComponents: [String]?
        if let csv {
            let csvPath = source.name + "/" + csv.info.path
            summary.stravaCSVPath = csv.info.path
            csvComponents = csv.info.components
            let root = csv.info.components.dropLast()
            do {
                let table = try StravaActivitiesCSV(csv.bytes, fileName: csvPath)
                summary.csvErrors = table.rowErrors
                for activity in table.activities {
                    if activity.isManual { summary.activitiesWithoutFile.append(activity); continue }
                    let key = (root + MemberPath.components(of: activity.fileName)).joined(separator: "/")
                    if rowsByPath[key] == nil { rowsByPath[key] = activity } else { summary.activitiesWithMissingFile.append(activity) }
                }
            } catch let error as ReadError {
                summary.csvErrors.append(error)
            }
        }

        // Pass 2: the activity files.
        let budget = ArchiveBudget(limits: limits)
        var skipped: [SkippedMember] = []
        try source.forEachMember(budget: budget, opensNestedArchives: true, skipped: &skipped, decide: { info in
            if info.containers.isEmpty, info.components == csvComponents { return .ignore }
            return ExportActivityFile.isActivityFileName(info.name) ? .read : .skip(.notActivityFile)
        }, { member in
            let row = member.info.containers.isEmpty ? rowsByPath.removeValue(forKey: member.info.components.joined(separator: "/")) : nil
            let compression = Compression.sniff(member.bytes)
            var content: Result<[UInt8], ReadError> = .success(member.bytes)
            if compression != nil {
                do {
                    content = .success(try Decompression.decompress(member.bytes, fileName: member.info.fullPath,
                                                                    limit: limits.maximumMemberBytes))
                } catch let error as ReadError {
                    content = .failure(error)
                }
                if case .success(let inflated) = content { try budget.charge(inflated.count, in: source.name) }
            }
            try body(ExportActivityFile(path: member.info.fullPath, compression: compression, content: content, stravaActivity: row))
        })
        summary.activitiesWithMissingFile += rowsByPath.values
        summary.activitiesWithMissingFile.sort { $0.line < $1.line }
        summary.skipped = skipped
        summary.memberCount = budget.memberCount
        summary.inflatedBytes = budget.inflatedBytes
        return summary
    }
}
