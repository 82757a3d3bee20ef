import Foundation
import RunCore
@testable import RunStore
@testable import RunStorePostgres
import Testing
import TestSupport

/// Originals come back byte for byte across the pieces they are kept in, and a missing or
/// damaged piece is said, not passed off as the file.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipNote))
struct PostgresOriginalsTests {
    static let sample = SharedData.repository("samples/runs/lunch-intervals.gpx")

    /// Stores `bytes` as the original of the sample's run (compressed as imports do): bytes of
    /// random noise barely compress, so 2.5 MiB make three pieces of at most 1 MiB.
    static func storeOriginal(_ bytes: [UInt8], in library: any RunLibrary) throws -> Int64 {
        let prepared = try RunImporter.prepareFile(atPath: sample, options: ImportOptions())
        let original = StoredOriginal(contentSHA256: SHA256.hash(bytes), sourceName: "noise.bin", size: bytes.count,
                                      compressed: Deflater.compress(bytes, level: 3), skipsInvalidPoints: false)
        let outcomes = try library.insert(original, parts: prepared.parts, isStored: { _ in [] }, refuse: { _, _ in nil })
        guard case .imported(let run)? = outcomes.first else { throw ConformanceTestFailure("not stored: \(outcomes)") }
        return run.id
    }

    static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(state: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count { withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0) } }
        return Array(bytes.prefix(count))
    }

    @Test func anOriginalOfSeveralPiecesComesBackByteForByte() throws {
        let storage = try TestDatabase.freshUser("originals")
        let library = try storage.openLibrary(creating: true)
        let bytes = Self.noise(count: 5 * PostgresLibrary.chunkBytes / 2, seed: 7)
        let id = try Self.storeOriginal(bytes, in: library)
        let connection = try TestDatabase.adminConnection()
        let pieces = try connection.query("""
            SELECT count(*), max(length(c.data)) FROM original_chunks c JOIN users u ON u.id = c.owner WHERE u.name = $1
            """, storage.user).first
        #expect(pieces?.int64(0) == 3, "pieces: \(pieces?.int64(0) ?? 0)")
        #expect(pieces?.int64(1) == Int64(PostgresLibrary.chunkBytes))
        var chunks = 0
        var read: [UInt8] = []
        try library.forEachOriginalChunk(id: id) { chunk in
            chunks += 1
            #expect(chunk.count <= 256 * 1024)
            read.append(contentsOf: chunk)
        }
        #expect(read == bytes)
        #expect(chunks >= (bytes.count + 256 * 1024 - 1) / (256 * 1024))
        // An empty original is one short piece (zlib's header and end) and reads back empty.
        let other = try TestDatabase.freshUser("empty").openLibrary(creating: true)
        #expect(try other.original(id: try Self.storeOriginal([], in: other)) == [])
    }

    @Test func aMissingOrDamagedPieceIsSaid() throws {
        let storage = try TestDatabase.freshUser("damaged")
        let library = try storage.openLibrary(creating: true)
        let id = try Self.storeOriginal(Self.noise(count: 3 * PostgresLibrary.chunkBytes / 2, seed: 8), in: library)
        let connection = try TestDatabase.adminConnection()
        let owner = try #require(try connection.scalarInt("SELECT id FROM users WHERE name = $1", storage.user))
        try connection.query("DELETE FROM original_chunks WHERE owner = $1 AND number = 1", owner)
        #expect { _ = try library.original(id: id) } throws: { error in
            (error as? StoredDataError)?.message.contains("the stored original of run \(id) is damaged") == true
        }
        try connection.query("UPDATE original_chunks SET data = $2 WHERE owner = $1 AND number = 0", owner, [UInt8](repeating: 0x55, count: 64))
        #expect { _ = try library.original(id: id) } throws: { ($0 as? StoredDataError) != nil }
    }
}

struct ConformanceTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
