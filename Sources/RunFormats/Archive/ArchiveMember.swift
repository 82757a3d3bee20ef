/// A member of an archive (or a file of a folder) as its header describes it.
package struct ArchiveMemberInfo: Sendable, Equatable {
    /// The path as the archive gives it (UTF-8; libarchive converts other encodings).
    package var path: String
    /// Paths of the archive members holding this one, outermost first; empty at the top level.
    package var containers: [String]
    /// The size the header declares, when it declares one (it may lie; reading is bounded anyway).
    package var declaredSize: Int?

    package init(path: String, containers: [String] = [], declaredSize: Int? = nil) {
        self.path = path
        self.containers = containers
        self.declaredSize = declaredSize
    }

    /// The path with those of the containing archives before it, joined by `/`.
    package var fullPath: String { (containers + [path]).joined(separator: "/") }

    /// The path's parts without empty and `.` parts (`./a//b` → `a`, `b`).
    package var components: [String] { MemberPath.components(of: path) }

    /// The last part of the path.
    package var name: String { components.last ?? "" }
}

/// A member read whole: its description and its bytes as stored (a `.fit.gz` member's bytes are gzip).
package struct ArchiveMember: Sendable {
    package var info: ArchiveMemberInfo
    package var bytes: [UInt8]

    package init(info: ArchiveMemberInfo, bytes: [UInt8]) {
        self.info = info
        self.bytes = bytes
    }
}

/// What to do with a member: read it and hand it over, or leave it unread with a reason.
package enum MemberDecision: Sendable, Equatable {
    case read
    case skip(SkippedMember.Reason)
    /// Leave it unread and unreported (a first pass looking for one file).
    case ignore
}
