import CZlib

/// zlib (RFC 1950) compression, streaming: bytes go in as they are read, the compressed bytes
/// accumulate in memory. Owns its `z_stream`; ended in `deinit`.
package final class Deflater {
    private var stream = z_stream()
    private(set) var output: [UInt8] = []
    private var isFinished = false

    /// - Parameter level: 1 (fastest) … 9 (smallest); 6 is zlib's default balance.
    package init(level: Int32 = 6) {
        let status = runlog_deflate_init(&stream, level)
        precondition(status == Z_OK, "deflateInit failed: \(status)")  // only fails on out-of-memory or a bad level
    }

    deinit { deflateEnd(&stream) }

    /// Compresses the next piece of input.
    package func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        run(bytes, flush: Z_NO_FLUSH)
    }

    /// Finishes the stream and returns all compressed bytes.
    package func finish() -> [UInt8] {
        if !isFinished {
            run(UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH)
            isFinished = true
        }
        return output
    }

    private func run(_ input: UnsafeRawBufferPointer, flush: Int32) {
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        repeat {
            let produced: Int = chunk.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                let status = deflate(&stream, flush)
                precondition(status != Z_STREAM_ERROR, "zlib stream state corrupted")
                return buffer.count - Int(stream.avail_out)
            }
            output.append(contentsOf: chunk[0..<produced])
        } while stream.avail_out == 0
    }

    /// Compresses a whole buffer at once.
    package static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        let deflater = Deflater(level: level)
        bytes.withUnsafeBytes { deflater.append($0) }
        return deflater.finish()
    }
}

/// zlib decompression.
package enum Inflater {
    /// Decompresses a complete zlib stream.
    /// - Parameter expectedSize: the original size, when known (allocates once).
    /// - Throws: ``StoredDataError`` when the data is not a complete zlib stream.
    package static func decompress(_ data: [UInt8], expectedSize: Int? = nil) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(expectedSize ?? data.count * 4)
        try forEachChunk(of: data, expectedSize: expectedSize) { output.append(contentsOf: $0) }
        return output
    }

    /// Decompresses a complete zlib stream piece by piece: `body` gets each piece of at most
    /// 256 KiB in order, so an original of any size is never whole in memory.
    /// - Parameter expectedSize: the original size, when known: more is damage.
    /// - Throws: ``StoredDataError`` when the data is not a complete zlib stream, or what `body` throws.
    package static func forEachChunk(of data: [UInt8], expectedSize: Int? = nil, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var stream = z_stream()
        guard runlog_inflate_init(&stream) == Z_OK else { throw StoredDataError("cannot start zlib decompression") }
        defer { inflateEnd(&stream) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)
        defer { chunk.deallocate() }
        var status: Int32 = Z_OK
        var total = 0
        try data.withUnsafeBytes { input in
            var offset = 0
            repeat {
                if stream.avail_in == 0, offset < input.count {
                    // avail_in is 32 bits: hand the input over in pieces.
                    let piece = min(input.count - offset, 1 << 30)
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self))
                    stream.avail_in = uInt(piece)
                    offset += piece
                }
                stream.next_out = chunk.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(chunk.count)
                status = inflate(&stream, Z_NO_FLUSH)
                let produced = chunk.count - Int(stream.avail_out)
                guard status == Z_OK || status == Z_STREAM_END else {
                    throw StoredDataError("stored data is damaged (zlib status \(status))")
                }
                total += produced
                if let expectedSize, total > expectedSize {
                    throw StoredDataError("stored data is damaged (it inflates beyond its recorded size)")
                }
                if status == Z_OK, produced == 0, stream.avail_in == 0, offset == input.count {
                    throw StoredDataError("stored data is truncated")
                }
                if produced > 0 { try body(UnsafeRawBufferPointer(rebasing: chunk[0..<produced])) }
            } while status != Z_STREAM_END
        }
        if let expectedSize, total != expectedSize {
            throw StoredDataError("stored data is damaged (it inflates to \(total) bytes, not \(expectedSize))")
        }
    }
}

/// zlib decompression of a stream that arrives in pieces (a store that keeps a compressed
/// original in several rows): each piece is fed in order, the output handed on in pieces of at
/// most 256 KiB, then ``finish()`` checks the stream ended, with the size recorded. Owns its
/// `z_stream`; ended in `deinit`.
package final class InflateStream {
    private var stream = z_stream()
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)
    private let expectedSize: Int?
    private var total = 0
    private var hasEnded = false

    /// - Parameter expectedSize: the original size, when known: more is damage.
    /// - Throws: ``StoredDataError`` when zlib cannot start.
    package init(expectedSize: Int?) throws {
        self.expectedSize = expectedSize
        guard runlog_inflate_init(&stream) == Z_OK else {
            chunk.deallocate()
            throw StoredDataError("cannot start zlib decompression")
        }
    }

    deinit {
        inflateEnd(&stream)
        chunk.deallocate()
    }

    /// Decompresses the next piece of the stream; `body` gets the output as it comes. Input after
    /// the stream's end is ignored (as ``Inflater/forEachChunk(of:expectedSize:_:)`` does).
    /// - Throws: ``StoredDataError`` when the data is not zlib or inflates beyond the expected size; what `body` throws.
    package func feed(_ input: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var offset = 0
        while !hasEnded, offset < input.count {
            // avail_in is 32 bits: hand the input over in pieces.
            let piece = min(input.count - offset, 1 << 30)
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(piece)
            offset += piece
            repeat {
                stream.next_out = chunk.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(chunk.count)
                let status = inflate(&stream, Z_NO_FLUSH)
                let produced = chunk.count - Int(stream.avail_out)
                guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced == 0) else {
                    throw StoredDataError("stored data is damaged (zlib status \(status))")
                }
                total += produced
                if let expectedSize, total > expectedSize {
                    throw StoredDataError("stored data is damaged (it inflates beyond its recorded size)")
                }
                if produced > 0 { try body(UnsafeRawBufferPointer(rebasing: chunk[0..<produced])) }
                if status == Z_STREAM_END { hasEnded = true }
                if status == Z_BUF_ERROR { break }
            } while !hasEnded && (stream.avail_in > 0 || stream.avail_out == 0)
        }
    }

    /// Checks that the stream ended, with the size recorded.
    /// - Throws: ``StoredDataError`` when it is truncated or inflated to another size.
    package func finish() throws {
        guard hasEnded else { throw StoredDataError("stored data is truncated") }
        if let expectedSize, total != expectedSize {
            throw StoredDataError("stored data is damaged (it inflates to \(total) bytes, not \(expectedSize))")
        }
    }
}
