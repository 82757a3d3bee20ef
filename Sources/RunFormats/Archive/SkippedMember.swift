/// A member of an archive (or a file of a folder) that was not handed over, and why.
package struct SkippedMember: Sendable, Equatable, CustomStringConvertible {
    /// Why a member is skipped.
    package enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// Its path is absolute or climbs out with `..`: runlog never writes members anywhere, but
        /// says so, since such a member is a sign of a crafted archive.
        case unsafePath
        /// It is encrypted (runlog asks for no passwords).
        case encrypted
        /// A link, device or other entry that is not a regular file.
        case notRegularFile
        /// A hidden file (a name starting with `.`) or macOS metadata (`__MACOSX/`).
        case hiddenOrMetadata
        /// It inflates past the per-member limit (a zip bomb?).
        case tooLarge(limitBytes: Int)
        /// An archive inside an archive deeper than ``ArchiveLimits/maximumDepth``.
        case nestedTooDeep
        /// Its data cannot be read (libarchive's words).
        case damaged(String)
        /// Not an activity file (by its name: not `.fit`, `.gpx` or `.tcx`, compressed or not).
        case notActivityFile

        package var description: String {
            switch self {
            case .unsafePath: "unsafe path (absolute or with '..'); nothing is ever written, the member is left out"
            case .encrypted: "encrypted"
            case .notRegularFile: "not a regular file (a link or device)"
            case .hiddenOrMetadata: "hidden file or macOS metadata"
            case .tooLarge(let limit): "inflates past \(ByteCountText.describe(limit)) (a zip bomb?)"
            case .nestedTooDeep: "an archive nested too deep"
            case .damaged(let message): "damaged: \(message)"
            case .notActivityFile: "not an activity file (.fit, .gpx, .tcx, compressed or not)"
            }
        }
    }

    /// The member's path, those of the archives holding it first (`outer.zip/inner.fit`).
    package var path: String
    package var reason: Reason

    package init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    package var description: String { "\(path): \(reason)" }
}
