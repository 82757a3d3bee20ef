internal import CArchive

/// Reads the members of a zip or tar archive held in memory (libarchive), one at a time, bounded
/// by ``ArchiveLimits``, writing nothing to disk.
///
/// Only regular files are handed over. Members are skipped, with their reason, when their path is
/// absolute or climbs out with `..`, when they are hidden (`.x`) or macOS metadata (`__MACOSX/`),
/// encrypted, not regular files (links, devices), larger than the per-member limit, or damaged.
/// Directories are passed over silently. An archive inside the archive (by its name: `.zip`,
/// `.tar.gz` …, then by its bytes) is read in turn, to ``ArchiveLimits/maximumDepth``, under the
/// same budget; its members' paths start with its own (``ArchiveMemberInfo/containers``). A zip
/// that can make libarchive build more entries than the budget allows is refused before
/// libarchive reads its directory (``ZipDirectory``, which does not trust what the directory claims).
package enum ArchiveReader {
    /// What a reading found besides the members handed over.
    package struct Report: Sendable, Equatable {
        /// Members not handed over, in archive order, with their reasons.
        package var skipped: [SkippedMember] = []
        /// Members seen (directories and nested archives' members included).
        package var memberCount = 0
        /// Bytes inflated in all.
        package var inflatedBytes = 0
    }

    /// Calls `body` with each regular-file member `decide` asks for, in archive order.
    ///
    /// - Parameters:
    ///   - bytes: the whole archive (zip, tar, tar.gz, tar.bz2, tar.xz; told by its bytes).
    ///   - fileName: the archive's name, for messages.
    ///   - opensNestedArchives: whether archives inside are read (else handed to `decide` like any member).
    ///   - decide: what to do with a member, from its header alone (unread members cost nothing in a zip).
    ///   - body: receives each member read.
    /// - Returns: what was skipped and what the reading cost.
    /// - Throws: ``ReadError`` `.unsupportedFormat` when the bytes are not an archive runlog reads;
    ///   `.badArchive` when the archive is damaged past reading on; `.tooLarge` when it has more
    ///   members, or inflates to more in all, than the limits allow; or what `decide` or `body` throw.
    @discardableResult
    package static func forEachMember(of bytes: UnsafeRawBufferPointer, fileName: String, limits: ArchiveLimits = .default,
                                     opensNestedArchives: Bool = true,
                                     decide: (ArchiveMemberInfo) throws -> MemberDecision = { _ in .read },
                                     _ body: (ArchiveMember) throws -> Void) throws -> Report {
        let budget = ArchiveBudget(limits: limits)
        var skipped: [SkippedMember] = []
        try forEachMember(of: bytes, fileName: fileName, containers: [], depth: 1, budget: budget,
                          opensNestedArchives: opensNestedArchives, skipped: &skipped, decide: decide, body)
        return Report(skipped: skipped, memberCount: budget.memberCount, inflatedBytes: budget.inflatedBytes)
    }

    /// The same, for an archive in an array.
    @discardableResult
    package static func forEachMember(of bytes: [UInt8], fileName: String, limits: ArchiveLimits = .default,
                                     opensNestedArchives: Bool = true,
                                     decide: (ArchiveMemberInfo) throws -> MemberDecision = { _ in .read },
                                     _ body: (ArchiveMember) throws -> Void) throws -> Report {
        try bytes.withUnsafeBytes {
            try forEachMember(of: $0, fileName: fileName, limits: limits, opensNestedArchives: opensNestedArchives,
                              decide: decide, body)
        }
    }

    /// One level of an archive, sharing `budget` with the levels around it.
    static func forEachMember(of bytes: UnsafeRawBufferPointer, fileName: String, containers: [String], depth: Int,
                              budget: ArchiveBudget, opensNestedArchives: Bool, skipped: inout [SkippedMember],
                              decide: (ArchiveMemberInfo) throws -> MemberDecision,
                              _ body: (ArchiveMember) throws -> Void) throws {
        let displayName = (containers.isEmpty ? [fileName] : containers).joined(separator: "/")
        guard let format = ArchiveFormat.sniff(bytes) else {
            throw ReadError(code: .unsupportedFormat, message: "is not a zip or tar archive", file: displayName)
        }
        // libarchive reads a zip's whole central directory before the first member: the entries
        // it can build are counted first, whatever the end records claim, so what it builds is
        // bounded by the members the budget allows (and each member is counted again below).
        if case .zip = format {
            try budget.expect(members: ZipDirectory.entryCount(bytes, limit: budget.remainingMembers), in: displayName)
        }
        let handle = try ArchiveReadHandle(fileName: displayName)
        try handle.enableArchiveFormats()
        if case .tar(let compression?) = format { try handle.enable(compression) }
        try handle.open(bytes)

        var ordinal = 0
        while true {
            var entry: OpaquePointer?
            let status = archive_read_next_header(handle.pointer, &entry)
            if status == ARCHIVE_EOF { break }
            ordinal += 1
            try budget.countMember(in: displayName)
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                let message = handle.errorMessage
                if status == ARCHIVE_FAILED || status == ARCHIVE_RETRY {
                    let path = entry.map { memberPath($0) } ?? "member \(ordinal)"
                    skipped.append(SkippedMember(path: (containers + [path]).joined(separator: "/"), reason: .damaged(message)))
                    continue
                }
                throw ReadError(code: .badArchive, message: "is damaged (\(format), member \(ordinal)): \(message)", file: displayName)
            }
            let info = ArchiveMemberInfo(path: memberPath(entry), containers: containers,
                                         declaredSize: archive_entry_size_is_set(entry) != 0 ? Int(archive_entry_size(entry)) : nil)
            func skip(_ reason: SkippedMember.Reason) { skipped.append(SkippedMember(path: info.fullPath, reason: reason)) }

            let fileType = archive_entry_filetype(entry) & 0o170000  // S_IFMT
            if fileType == 0o040000 { continue }  // a directory: structure, not content
            if MemberPath.isUnsafe(info.path) { skip(.unsafePath); continue }
            if fileType != 0o100000 { skip(.notRegularFile); continue }
            if MemberPath.isHiddenOrMetadata(info.path) { skip(.hiddenOrMetadata); continue }
            if archive_entry_is_encrypted(entry) != 0 { skip(.encrypted); continue }
            let memberLimit = budget.limits.maximumMemberBytes
            if let declared = info.declaredSize, declared > memberLimit { skip(.tooLarge(limitBytes: memberLimit)); continue }

            var alreadyRead: [UInt8]?
            if opensNestedArchives, ArchiveFormat.nameSuggestsArchive(info.name) {
                if depth >= budget.limits.maximumDepth { skip(.nestedTooDeep); continue }
                switch try readData(handle, limit: memberLimit, budget: budget, fileName: displayName) {
                case .tooLarge: skip(.tooLarge(limitBytes: memberLimit)); continue
                case .damaged(let message): skip(.damaged(message)); continue
                case .bytes(let nested):
                    if nested.withUnsafeBytes({ ArchiveFormat.sniff($0) }) != nil {
                        try nested.withUnsafeBytes {
                            try forEachMember(of: $0, fileName: fileName, containers: containers + [info.path], depth: depth + 1,
                                              budget: budget, opensNestedArchives: opensNestedArchives, skipped: &skipped,
                                              decide: decide, body)
                        }
                        continue
                    }
                    alreadyRead = nested  // named like an archive, but not one: an ordinary member
                }
            }

            switch try decide(info) {
            case .ignore: continue
            case .skip(let reason): skip(reason); continue
            case .read: break
            }
            if let alreadyRead { try body(ArchiveMember(info: info, bytes: alreadyRead)); continue }
            switch try readData(handle, limit: memberLimit, budget: budget, fileName: displayName) {
            case .tooLarge: skip(.tooLarge(limitBytes: memberLimit))
            case .damaged(let message): skip(.damaged(message))
            case .bytes(let data): try body(ArchiveMember(info: info, bytes: data))
            }
        }
    }

    private enum MemberData {
        case bytes([UInt8])
        case tooLarge
        case damaged(String)
    }

    /// Reads the current member's data, at most `limit` bytes, charging the budget for each piece.
    private static func readData(_ handle: ArchiveReadHandle, limit: Int, budget: ArchiveBudget,
                                 fileName: String) throws(ReadError) -> MemberData {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let got = chunk.withUnsafeMutableBytes { archive_read_data(handle.pointer, $0.baseAddress, $0.count) }
            if got == 0 { return .bytes(data) }
            if got < 0 {
                if got == Int(ARCHIVE_FATAL) {
                    throw ReadError(code: .badArchive, message: "is damaged: \(handle.errorMessage)", file: fileName)
                }
                return .damaged(handle.errorMessage)
            }
            try budget.charge(got, in: fileName)
            if data.count + got > limit { return .tooLarge }
            data.append(contentsOf: chunk[0..<got])
        }
    }

    /// The member's path in UTF-8: libarchive's conversion when it has one, else its raw bytes
    /// read as UTF-8 (invalid sequences replaced).
    private static func memberPath(_ entry: OpaquePointer) -> String {
        if let utf8 = archive_entry_pathname_utf8(entry) { return String(cString: utf8) }
        if let raw = archive_entry_pathname(entry) { return String(cString: raw) }
        return ""
    }
}
