internal import CArchive

/// Decompression of a whole gzip, bzip2 or xz file held in memory, with libarchive (its "raw"
/// format: the decompressed stream as one member), bounded by a limit the caller sets.
///
/// Only the filter the first bytes show is enabled, so nothing else is tried on the data and no
/// outside program is ever started. A gzip file of several members (RFC 1952 §2.2, `cat a.gz b.gz`)
/// decompresses to the members' contents one after the other.
package enum Decompression {
    /// The usual limit on what one file may inflate to: 256 MiB (the largest activity files are a
    /// few tens of MiB; more is a mistake or a decompression bomb).
    package static let defaultLimitBytes = 256 << 20

    /// Decompresses `bytes`, whose compression is told by their first bytes (``Compression/sniff(_:)-5ufbk``).
    ///
    /// - Parameters:
    ///   - fileName: the name messages give.
    ///   - limit: the most bytes the result may hold.
    /// - Returns: the decompressed bytes (empty when the stream holds nothing).
    /// - Throws: ``ReadError`` `.unsupportedFormat` when the bytes are not gzip, bzip2 or xz;
    ///   `.tooLarge` when they inflate past `limit`; `.badArchive` when they are damaged or cut
    ///   short (with libarchive's words).
    /// - Complexity: O(n) in the decompressed size; memory the result only (read in 64 KiB pieces).
    package static func decompress(_ bytes: UnsafeRawBufferPointer, fileName: String, limit: Int) throws(ReadError) -> [UInt8] {
        guard let compression = Compression.sniff(bytes) else {
            throw ReadError(code: .unsupportedFormat, message: "is not gzip, bzip2 or xz compressed", file: fileName)
        }
        var output: [UInt8] = []
        _ = try read(bytes, compression: compression, fileName: fileName, into: &output, stopAfter: limit < Int.max ? limit + 1 : limit)
        if output.count > limit { throw tooLarge(fileName: fileName, limit: limit) }
        return output
    }

    /// Decompresses `bytes` (their compression told by their first bytes) piece by piece, handing
    /// each piece of at most 64 KiB to `consume` as it is inflated, and stops as soon as more than
    /// `limit` bytes came out — before that piece is handed over: what the stream inflates to is
    /// never held here, whatever it holds (a run of spaces included).
    ///
    /// - Throws: ``ReadError`` `.unsupportedFormat` when the bytes are not gzip, bzip2 or xz;
    ///   `.tooLarge` when they inflate past `limit`; `.badArchive` when they are damaged or cut
    ///   short; or the first error `consume` throws (inflating stops there).
    /// - Complexity: O(n) in the decompressed size, up to `limit`; memory 64 KiB.
    package static func inflate(_ bytes: UnsafeRawBufferPointer, fileName: String, limit: Int,
                                into consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let compression = Compression.sniff(bytes) else {
            throw ReadError(code: .unsupportedFormat, message: "is not gzip, bzip2 or xz compressed", file: fileName)
        }
        var count = 0
        var failure: (any Error)?
        let stopAfter = limit < Int.max ? limit + 1 : limit
        _ = try read(bytes, compression: compression, fileName: fileName, stopAfter: stopAfter,
                     produced: { failure == nil ? count : stopAfter }) { piece in
            count += piece.count
            guard count <= limit else { return }
            do { try consume(piece) } catch { failure = error }
        }
        if let failure { throw failure }
        if count > limit { throw tooLarge(fileName: fileName, limit: limit) }
    }

    /// The refusal of a stream that inflates past `limit`.
    private static func tooLarge(fileName: String, limit: Int) -> ReadError {
        ReadError(code: .tooLarge,
                  message: "inflates past \(ByteCountText.describe(limit)) (a zip bomb?); this version reads no more than that from one compressed file",
                  file: fileName, limitBytes: limit)
    }

    /// How many bytes `bytes` decompress to (their compression told by their first bytes),
    /// counted in 64 KiB pieces and kept nowhere: what a compressed file will cost before it is read.
    /// - Returns: the decompressed size, or `limit + 1` when it is larger than `limit` (counting stops there).
    /// - Throws: ``ReadError`` `.unsupportedFormat` when the bytes are not gzip, bzip2 or xz;
    ///   `.badArchive` when they are damaged or cut short.
    /// - Complexity: O(n) in the decompressed size, up to `limit`; memory 64 KiB.
    package static func decompressedSize(_ bytes: UnsafeRawBufferPointer, fileName: String, limit: Int) throws(ReadError) -> Int {
        guard let compression = Compression.sniff(bytes) else {
            throw ReadError(code: .unsupportedFormat, message: "is not gzip, bzip2 or xz compressed", file: fileName)
        }
        var count = 0
        _ = try read(bytes, compression: compression, fileName: fileName, stopAfter: limit < Int.max ? limit + 1 : limit,
                     produced: { count }) { count += $0.count }
        return min(count, limit < Int.max ? limit + 1 : limit)
    }

    /// Decompresses `bytes` (whose compression is told by their first bytes) into an array.
    package static func decompress(_ bytes: [UInt8], fileName: String, limit: Int) throws -> [UInt8] {
        try bytes.withUnsafeBytes { try decompress($0, fileName: fileName, limit: limit) }
    }

    /// The first `count` decompressed bytes (fewer when the stream is shorter or damaged), or nil
    /// when the bytes are not compressed: for telling what a compressed file holds (a tar?).
    static func decompressedPrefix(_ bytes: UnsafeRawBufferPointer, count: Int) -> [UInt8]? {
        guard let compression = Compression.sniff(bytes) else { return nil }
        var output: [UInt8] = []
        _ = try? read(bytes, compression: compression, fileName: "", into: &output, stopAfter: count)
        return Array(output.prefix(count))
    }

    /// Reads the decompressed stream into `output` until its end or until `output` holds at
    /// least `stopAfter` bytes. - Returns: whether the end was reached.
    private static func read(_ bytes: UnsafeRawBufferPointer, compression: Compression, fileName: String,
                             into output: inout [UInt8], stopAfter: Int) throws(ReadError) -> Bool {
        try read(bytes, compression: compression, fileName: fileName, stopAfter: stopAfter,
                 produced: { output.count }) { output.append(contentsOf: $0) }
    }

    /// Reads the decompressed stream, handing each piece to `consume`, until its end or until
    /// `produced()` is at least `stopAfter`. - Returns: whether the end was reached.
    private static func read(_ bytes: UnsafeRawBufferPointer, compression: Compression, fileName: String, stopAfter: Int,
                             produced: () -> Int, consume: (UnsafeRawBufferPointer) -> Void) throws(ReadError) -> Bool {
        let handle = try ArchiveReadHandle(fileName: fileName)
        try handle.enable(compression)
        try handle.enableRawFormat()
        try handle.open(bytes)
        var entry: OpaquePointer?
        let status = archive_read_next_header(handle.pointer, &entry)
        if status == ARCHIVE_EOF { return true }  // an empty stream
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN else {
            throw damaged(handle, compression: compression, fileName: fileName)
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while produced() < stopAfter {
            let got = chunk.withUnsafeMutableBytes { archive_read_data(handle.pointer, $0.baseAddress, $0.count) }
            if got == 0 { return true }
            guard got > 0 else { throw damaged(handle, compression: compression, fileName: fileName) }
            chunk.withUnsafeBytes { consume(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
        }
        return false
    }

    private static func damaged(_ handle: ArchiveReadHandle, compression: Compression, fileName: String) -> ReadError {
        ReadError(code: .badArchive,
                  message: "is damaged or cut short: its \(compression) data cannot be decompressed (\(handle.errorMessage))",
                  file: fileName)
    }
}
