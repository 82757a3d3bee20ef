internal import Foundation

/// Reads the files of a folder (an unpacked export) the way ``ArchiveReader`` reads an archive's
/// members: the same rules (hidden files, links, sizes), the same budget, archives inside read
/// in turn. Paths are relative to the folder, `/`-separated, in sorted order; symbolic links are
/// not followed (reported as not regular files).
package enum FolderReader {
    /// Calls `body` with each file `decide` asks for.
    /// - Throws: ``ReadError`` `.io` when the folder cannot be listed; `.tooLarge` past the
    ///   member-count or total limits; or what `decide` or `body` throw. A file that cannot be
    ///   read is skipped as damaged.
    @discardableResult
    package static func forEachMember(inFolderAt path: String, limits: ArchiveLimits = .default,
                                     opensNestedArchives: Bool = true,
                                     decide: (ArchiveMemberInfo) throws -> MemberDecision = { _ in .read },
                                     _ body: (ArchiveMember) throws -> Void) throws -> ArchiveReader.Report {
        let budget = ArchiveBudget(limits: limits)
        var skipped: [SkippedMember] = []
        try forEachMember(inFolderAt: path, budget: budget, opensNestedArchives: opensNestedArchives, skipped: &skipped,
                          decide: decide, body)
        return ArchiveReader.Report(skipped: skipped, memberCount: budget.memberCount, inflatedBytes: budget.inflatedBytes)
    }

    static func forEachMember(inFolderAt root: String, budget: ArchiveBudget, opensNestedArchives: Bool,
                              skipped: inout [SkippedMember], decide: (ArchiveMemberInfo) throws -> MemberDecision,
                              _ body: (ArchiveMember) throws -> Void) throws {
        let manager = FileManager.default
        var pending: [String] = [""]  // relative folders still to list
        while let folder = pending.popLast() {
            let absolute = folder.isEmpty ? root : root + "/" + folder
            let names: [String]
            do {
                names = try manager.contentsOfDirectory(atPath: absolute).sorted()
            } catch {
                if folder.isEmpty {
                    throw ReadError(code: .io, message: "cannot list the folder: \(error.localizedDescription)", file: root)
                }
                skipped.append(SkippedMember(path: folder, reason: .damaged("cannot list the folder: \(error.localizedDescription)")))
                continue
            }
            var subfolders: [String] = []
            for name in names {
                let relative = folder.isEmpty ? name : folder + "/" + name
                try budget.countMember(in: root)
                let attributes = try? manager.attributesOfItem(atPath: absolute + "/" + name)  // lstat: links not followed
                let type = attributes?[.type] as? FileAttributeType
                if MemberPath.isHiddenOrMetadata(name) {
                    skipped.append(SkippedMember(path: relative, reason: .hiddenOrMetadata))
                    continue
                }
                if type == .typeDirectory { subfolders.append(relative); continue }
                guard type == .typeRegular else { skipped.append(SkippedMember(path: relative, reason: .notRegularFile)); continue }
                let size = (attributes?[.size] as? NSNumber)?.intValue
                let info = ArchiveMemberInfo(path: relative, declaredSize: size)
                try visit(info, absolutePath: absolute + "/" + name, budget: budget, opensNestedArchives: opensNestedArchives,
                          skipped: &skipped, decide: decide, body)
            }
            pending.append(contentsOf: subfolders.reversed())  // depth first, in sorted order
        }
    }

    private static func visit(_ info: ArchiveMemberInfo, absolutePath: String, budget: ArchiveBudget, opensNestedArchives: Bool,
                              skipped: inout [SkippedMember], decide: (ArchiveMemberInfo) throws -> MemberDecision,
                              _ body: (ArchiveMember) throws -> Void) throws {
        let limit = budget.limits.maximumMemberBytes
        func skip(_ reason: SkippedMember.Reason) { skipped.append(SkippedMember(path: info.path, reason: reason)) }
        if let size = info.declaredSize, size > limit { skip(.tooLarge(limitBytes: limit)); return }
        let nested = opensNestedArchives && ArchiveFormat.nameSuggestsArchive(info.name)
        if nested && budget.limits.maximumDepth < 2 { skip(.nestedTooDeep); return }
        if !nested {
            switch try decide(info) {
            case .ignore: return
            case .skip(let reason): skip(reason); return
            case .read: break
            }
        }
        var bytes: [UInt8] = []
        do {
            try ChunkedFile.forEachChunk(ofFileAt: absolutePath) { chunk in
                guard bytes.count + chunk.count <= limit else { throw PastMemberLimit() }
                bytes.append(contentsOf: chunk)
            }
        } catch is PastMemberLimit {
            skip(.tooLarge(limitBytes: limit))
            return
        } catch let error as ReadError {
            skip(.damaged(error.message))
            return
        }
        try budget.charge(bytes.count, in: info.path)
        if nested {
            if bytes.withUnsafeBytes({ ArchiveFormat.sniff($0) }) != nil {
                try bytes.withUnsafeBytes {
                    try ArchiveReader.forEachMember(of: $0, fileName: info.path, containers: [info.path], depth: 2, budget: budget,
                                                    opensNestedArchives: opensNestedArchives, skipped: &skipped,
                                                    decide: decide, body)
                }
                return
            }
            switch try decide(info) {  // named like an archive, but not one
            case .ignore: return
            case .skip(let reason): skip(reason); return
            case .read: break
            }
        }
        try body(ArchiveMember(info: info, bytes: bytes))
    }
}

/// Stops reading a file at the per-member limit.
private struct PastMemberLimit: Error {}
