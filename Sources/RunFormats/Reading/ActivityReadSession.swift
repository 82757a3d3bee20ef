package import RunCore
import Foundation

/// One read of one activity file of any format runlog reads — GPX, FIT or TCX, plain or
/// compressed (gzip, bzip2, xz) — fed in pieces, for callers that also hash or store the bytes as
/// they stream through. The format is chosen by the content (``FileFormat``, the XML root element,
/// compression magic), never by the file's name. GPX and TCX stream through libxml2; FIT and
/// compressed files are kept until ``finish()`` (a FIT file is a few MB); what a compressed file
/// inflates to is streamed into a nested read in 64 KiB pieces, inflating stopped as soon as it
/// passes ``decompressedLimit`` (so a GPX or TCX inside is never held whole).
package final class ActivityReadSession {
    private enum Mode {
        /// Collecting the first bytes.
        case sniffing
        case gpx(GPXReadSession, ActivityBuilder)
        case tcx(TCXReadSession)
        /// Whole-file formats: FIT, and compressed files of any format.
        case buffered
    }

    /// Largest decompressed size of a compressed file (a zip bomb is refused past it).
    package static let decompressedLimit = 512 * 1024 * 1024
    /// Largest size kept in memory for a whole-file format.
    package static let bufferedLimit = 512 * 1024 * 1024

    private let fileName: String
    private let options: ReadOptions
    /// Largest decompressed size of a compressed file read by this session (``decompressedLimit``
    /// unless a test sets a smaller one): inflating stops as soon as it is passed.
    package var decompressedLimitBytes = ActivityReadSession.decompressedLimit
    /// The most bytes this read (and a nested read of what a compressed file holds) kept in memory
    /// at once: the file's own bytes while they are sniffed or kept whole (FIT, a compressed file),
    /// never GPX or TCX, which stream. For tests of what a read holds.
    package private(set) var peakBufferedBytes = 0
    private var mode = Mode.sniffing
    private var bytes: [UInt8] = []
    /// The format read, once known (at the latest after ``finish()``).
    package private(set) var format: ActivityFileFormat?
    /// The compression around it, if any.
    package private(set) var compression: Compression?

    package init(fileName: String, options: ReadOptions = ReadOptions()) {
        self.fileName = fileName
        self.options = options
    }

    /// Room for a file of `byteCount` bytes (its size on disk), so a whole-file format is read
    /// into one buffer without growing it.
    package func reserve(_ byteCount: Int) {
        if byteCount > 0, byteCount <= Self.bufferedLimit { bytes.reserveCapacity(byteCount) }
    }

    /// Takes the next piece of the file.
    /// - Throws: ``ReadError`` as soon as the file is known to be unusable.
    package func feed(_ chunk: UnsafeRawBufferPointer) throws {
        switch mode {
        case .gpx(let session, _): try session.feed(chunk)
        case .tcx(let session): try session.feed(chunk)
        case .buffered:
            guard bytes.count + chunk.count <= Self.bufferedLimit else {
                throw ReadError(code: .tooLarge, message: "larger than \(Self.bufferedLimit >> 20) MB, more than this version reads as one activity file",
                                file: fileName, limitBytes: Self.bufferedLimit)
            }
            bytes.append(contentsOf: chunk)
        case .sniffing:
            bytes.append(contentsOf: chunk)
            peakBufferedBytes = max(peakBufferedBytes, bytes.count)
            if bytes.count >= Self.headSize { try choose(isComplete: false) }
        }
        if case .buffered = mode { peakBufferedBytes = max(peakBufferedBytes, bytes.count) }
    }

    /// Ends the file and reads what is left.
    /// - Throws: ``ReadError``.
    package func finish() throws -> ActivityReadResult {
        if case .sniffing = mode { try choose(isComplete: true) }
        switch mode {
        case .gpx(let session, let builder):
            let diagnostics = try session.finish()
            var activity = builder.activity
            activity.sourceFormat = .gpx
            return ActivityReadResult(activity: activity, diagnostics: diagnostics)
        case .tcx(let session):
            return Self.withoutPlaceholderPositions(try session.finish())
        case .buffered, .sniffing:
            let whole = bytes
            bytes = []
            if compression != nil {
                // The first few KiB decompressed tell what the file holds: content that cannot be
                // an activity file is refused before the rest is inflated (a few KB of bzip2 can
                // inflate to tens of MB of one byte).
                let head = whole.withUnsafeBytes { Decompression.decompressedPrefix($0, count: Self.headSize) } ?? []
                try Self.refuseUnlessActivity(head, fileName: fileName)
                // Inflated piece by piece into a nested read, which streams GPX and TCX (and keeps a
                // FIT file whole, as it would uncompressed); past the limit inflating stops at once,
                // the inflated bytes never held here (breaker finding U5: 1.9 GB of spaces after a
                // GPX head once grew to 537 MB before the limit was seen).
                let nested = ActivityReadSession(fileName: fileName, options: options)
                nested.nestingDepth = nestingDepth + 1
                nested.decompressedLimitBytes = decompressedLimitBytes
                defer { peakBufferedBytes = max(peakBufferedBytes, nested.peakBufferedBytes) }
                try whole.withUnsafeBytes { compressed in
                    try Decompression.inflate(compressed, fileName: fileName, limit: decompressedLimitBytes) { try nested.feed($0) }
                }
                let result = try nested.finish()
                format = nested.format
                return result
            }
            if format == .manual { return try ManualActivity.read(whole, fileName: fileName) }
            format = .fit
            return Self.withoutPlaceholderPositions(try whole.withUnsafeBytes {
                try FITReader(options: FITReader.Options(keepsDecodedPartOfDamagedFile: options.isLenient)).read($0, fileName: fileName)
            })
        }
    }

    private static let headSize = 4096

    /// Refuses a compressed file whose decompressed `head` (its first ``headSize`` bytes, fewer
    /// when it is shorter) cannot begin GPX, TCX, FIT or a manual entry — binary data, or text
    /// that is not XML — so that the rest is never inflated. XML, FIT, a compressed file inside
    /// (read in turn), an archive (refused with its own remedy by the nested read) and empty
    /// content pass: the nested read says what is wrong with them.
    /// - Throws: ``ReadError`` `.binaryData` or `.unsupportedFormat`, naming `fileName`.
    static func refuseUnlessActivity(_ head: [UInt8], fileName: String) throws(ReadError) {
        let (isPacked, format, isManual) = head.withUnsafeBytes { head in
            (Compression.sniff(head) != nil || ArchiveFormat.sniff(head) != nil, FileFormat.sniff(head), ManualActivity.looksLike(head))
        }
        guard !isPacked else { return }
        switch format {
        case .binary:
            throw ReadError(code: .binaryData, message: "decompresses to binary data, not an activity file (this version reads GPX, FIT and TCX, plain or compressed)",
                            file: fileName)
        case .text where !isManual:
            throw ReadError(code: .unsupportedFormat, message: "decompresses to text that is not XML: neither GPX nor TCX nor FIT "
                            + "(this version reads GPX, FIT and TCX, plain or compressed)", file: fileName)
        default: return
        }
    }

    /// A device file's tracks of (0, 0) placeholders as records without position (``PlaceholderPositions``).
    private static func withoutPlaceholderPositions(_ read: ActivityReadResult) -> ActivityReadResult {
        var result = read
        if let note = PlaceholderPositions.moveAllZeroTracks(&result.activity) { result.diagnostics.append(note) }
        return result
    }
    private var nestingDepth = 0

    private func choose(isComplete: Bool) throws {
        let head = bytes
        if let found = head.withUnsafeBytes({ Compression.sniff($0) }) {
            guard nestingDepth < 2 else {
                throw ReadError(code: .badArchive, message: "compressed more than twice over; not an activity file", file: fileName)
            }
            compression = found
            mode = .buffered
            return
        }
        if head.withUnsafeBytes({ ArchiveFormat.sniff($0) }) != nil {
            throw ReadError(code: .unsupportedFormat, message: "an archive (zip or tar) holding files, not one activity file; "
                            + "it can be imported as an archive", file: fileName, remedy: .importAsArchive)
        }
        switch head.withUnsafeBytes({ FileFormat.sniff($0) }) {
        case .fit:
            format = .fit
            mode = .buffered
        case .xml where head.withUnsafeBytes({ XMLRootSniffer.rootName($0) }) == "TrainingCenterDatabase":
            format = .tcx
            let session = TCXReadSession(fileName: fileName)
            mode = .tcx(session)
            bytes = []
            try head.withUnsafeBytes { try session.feed($0) }
        case .binary:
            throw ReadError(code: .binaryData, message: "binary data, not an activity file (this version reads GPX, FIT and TCX, plain or compressed)",
                            file: fileName)
        case .text where head.withUnsafeBytes({ ManualActivity.looksLike($0) }):
            format = .manual
            mode = .buffered
        default:
            // XML other than TCX, other text, empty and UTF-32 files: the GPX reader says what is wrong with them.
            format = .gpx
            let builder = ActivityBuilder()
            let session = GPXReadSession(fileName: fileName, options: GPXReader.Options(skipsInvalidPoints: options.isLenient), handler: builder)
            mode = .gpx(session, builder)
            bytes = []
            try head.withUnsafeBytes { try session.feed($0) }
        }
    }
}

extension ActivityReadSession {
    /// Whether a file starting with `head` (its first 4096 bytes) is GPX, neither compressed nor
    /// another format: what a streaming GPX reader can take.
    package static func isPlainGPX(head: UnsafeRawBufferPointer) -> Bool {
        guard Compression.sniff(head) == nil, ArchiveFormat.sniff(head) == nil else { return false }
        switch FileFormat.sniff(head) {
        case .fit, .binary: return false
        case .text: return !ManualActivity.looksLike(head)
        case .xml: return XMLRootSniffer.rootName(head) != "TrainingCenterDatabase"
        case .utf32, .empty: return true
        }
    }

    /// Whether a compressed file's first decompressed bytes can begin an activity file (what
    /// ``finish()`` checks before inflating the rest): false for binary data and text that is not
    /// XML, which a read refuses from its head. For an upload's caps, which need not inflate a
    /// file to count it when its read will refuse it unread (``RunApp/UploadImport``).
    package static func compressedHeadMayBeActivity(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let head = Decompression.decompressedPrefix(bytes, count: headSize) else { return true }
        do { try refuseUnlessActivity(head, fileName: "") } catch { return false }
        return true
    }

    /// Reads a whole file (`-`: standard input) of any format, streamed in chunks.
    /// - Throws: ``ReadError``.
    package static func read(fileAt path: String, options: ReadOptions = ReadOptions()) throws -> ActivityReadResult {
        let session = ActivityReadSession(fileName: path == "-" ? "stdin" : path, options: options)
        var info = stat()
        if path != "-", stat(path, &info) == 0 { session.reserve(Int(info.st_size)) }
        try ChunkedFile.forEachChunk(ofFileAt: path) { try session.feed($0) }
        return try session.finish()
    }

    /// Reads a file held in memory.
    package static func read(_ bytes: [UInt8], fileName: String, options: ReadOptions = ReadOptions()) throws -> ActivityReadResult {
        let session = ActivityReadSession(fileName: fileName, options: options)
        try bytes.withUnsafeBytes { try session.feed($0) }
        return try session.finish()
    }
}
