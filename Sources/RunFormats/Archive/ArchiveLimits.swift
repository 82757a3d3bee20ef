/// What reading an archive may cost at most: each overrun is reported, never read past.
package struct ArchiveLimits: Sendable, Equatable {
    /// The most one member may inflate to; a larger member is skipped (``SkippedMember/Reason/tooLarge(limitBytes:)``).
    package var maximumMemberBytes: Int
    /// The most all members read may inflate to together, nested archives included; past it,
    /// reading stops with ``ReadError`` `.tooLarge`.
    package var maximumTotalBytes: Int
    /// The most members (of every kind, nested archives' included); past it, reading stops with `.tooLarge`.
    package var maximumMemberCount: Int
    /// How deep archives are opened: 1 reads the archive's own members, 2 also those of an
    /// archive inside it (Garmin Connect's `UploadedFiles_0-_Part1.zip` in its export); deeper
    /// ones are skipped (``SkippedMember/Reason/nestedTooDeep``).
    package var maximumDepth: Int

    package init(maximumMemberBytes: Int = Decompression.defaultLimitBytes, maximumTotalBytes: Int = 8 << 30,
                maximumMemberCount: Int = 500_000, maximumDepth: Int = 2) {
        self.maximumMemberBytes = maximumMemberBytes
        self.maximumTotalBytes = maximumTotalBytes
        self.maximumMemberCount = maximumMemberCount
        self.maximumDepth = maximumDepth
    }

    /// 256 MiB a member, 8 GiB in all (a large account export inflates to a few GiB, mostly
    /// photos that are skipped unread), 500 000 members, depth 2.
    package static let `default` = ArchiveLimits()
}

/// What an archive (and the archives inside it) has cost so far, checked against the limits.
/// One budget is shared by every level of one reading.
final class ArchiveBudget {
    let limits: ArchiveLimits
    private(set) var inflatedBytes = 0
    private(set) var memberCount = 0

    init(limits: ArchiveLimits) { self.limits = limits }

    /// Counts one more member. - Throws: `.tooLarge` past ``ArchiveLimits/maximumMemberCount``.
    func countMember(in fileName: String) throws(ReadError) {
        memberCount += 1
        if memberCount > limits.maximumMemberCount { throw tooManyMembers(fileName) }
    }

    /// Members the limit still allows.
    var remainingMembers: Int { max(0, limits.maximumMemberCount - memberCount) }

    /// Checks an archive's listed members before it is read (``ZipDirectory``).
    /// - Throws: `.tooLarge` when `listed` is more than the limit still allows.
    func expect(members listed: Int, in fileName: String) throws(ReadError) {
        if listed > remainingMembers { throw tooManyMembers(fileName) }
    }

    private func tooManyMembers(_ fileName: String) -> ReadError {
        ReadError(code: .tooLarge, message: "holds more than \(limits.maximumMemberCount) members; this version reads no more from one archive",
                  file: fileName, limitMembers: limits.maximumMemberCount)
    }

    /// Counts `count` more inflated bytes. - Throws: `.tooLarge` past ``ArchiveLimits/maximumTotalBytes``.
    func charge(_ count: Int, in fileName: String) throws(ReadError) {
        let (sum, overflow) = inflatedBytes.addingReportingOverflow(count)
        inflatedBytes = overflow ? .max : sum
        if inflatedBytes > limits.maximumTotalBytes {
            throw ReadError(code: .tooLarge,
                            message: "inflates past \(ByteCountText.describe(limits.maximumTotalBytes)) in all (a zip bomb?); this version reads no more from one archive",
                            file: fileName, limitBytes: limits.maximumTotalBytes)
        }
    }
}
