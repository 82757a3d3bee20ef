import RunStore

/// Originals: the imported bytes zlib-compressed (as the import made them), kept in pieces of at
/// most ``chunkBytes`` (`original_chunks`), since a `bytea` holds at most 1 GB and a row is read
/// whole; read back one piece at a time, so an original of any size needs bounded memory.
extension PostgresLibrary {
    /// The largest piece of a compressed original in one row: 1 MiB.
    static let chunkBytes = 1 << 20

    package func forEachOriginalChunk(id: Int64, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let rows = try connection.query("""
            SELECT o.id, o.size FROM runs r JOIN originals o ON o.owner = r.owner AND o.id = r.original_id
            WHERE r.owner = $1 AND r.id = $2
            """, owner, id)
        guard let row = rows.first else { _ = try run(id: id); throw StoredDataError("run \(id) has no stored original", runID: id) }
        let (originalID, size) = (row.int64(0), row.int(1))
        do {
            let stream = try InflateStream(expectedSize: size)
            var number: Int32 = 0
            while let piece = try connection.query(
                "SELECT data FROM original_chunks WHERE owner = $1 AND original_id = $2 AND number = $3", owner, originalID, number).first {
                try piece.withBytes(0) { try stream.feed($0, body) }
                number += 1
            }
            try stream.finish()
        } catch let error as StoredDataError {
            throw StoredDataError("the stored original of run \(id) is damaged: \(error.message)", runID: id)
        }
    }

    /// Stores an original's compressed bytes in pieces (inside the import's transaction).
    func storeChunks(of compressed: [UInt8], originalID: Int64) throws {
        var number: Int32 = 0
        var start = 0
        repeat {
            let end = min(start + Self.chunkBytes, compressed.count)
            try connection.query("INSERT INTO original_chunks (owner, original_id, number, data) VALUES ($1, $2, $3, $4)",
                                 owner, originalID, number, Array(compressed[start..<end]))
            number += 1
            start = end
        } while start < compressed.count
    }
}
