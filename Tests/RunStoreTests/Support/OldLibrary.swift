import Foundation
import RunCore
import RunStore
@testable import RunStoreSQLite

/// A library as runlog wrote it at schema 4 (before a file could hold several runs: one run per
/// original, the original keyed by the run), made with the migrations of that time and rows in
/// that layout, to test the upgrades.
enum OldLibrary {
    /// Creates a schema-4 library at `path` holding `files`, one run each, numbered from 1.
    static func makeSchemaFour(at path: String, files: [String]) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try Database(path: path)
        try LibrarySchema.migrate(database, upTo: 4)
        for file in files {
            let prepared = try RunImporter.prepareFile(atPath: file, options: ImportOptions())
            let part = prepared.parts[0], content = part.content, original = prepared.original
            try database.immediateTransaction {
                try database.run("""
                    INSERT INTO runs (name, start_time, imported_at, source_name, creator, gpx_version, content_sha256,
                                      distance_m, summary_json, diagnostics_json, activity_json, analysis_json, skips_invalid_points)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 0)
                    """, part.name, content.summary.startTimeSeconds, 1_767_225_600.0, original.sourceName, content.creator,
                    content.gpxVersion, original.contentSHA256, content.summary.distanceMeters, content.summaryJSON,
                    content.diagnosticsJSON, content.headerJSON, content.analysisJSON)
                let id = database.lastInsertRowID
                try database.run("INSERT INTO originals (run_id, size, compression, data) VALUES (?1, ?2, 'zlib', ?3)",
                                 id, original.size, original.compressed)
                for segment in content.segments {
                    try database.run("INSERT INTO segments (run_id, track_index, segment_index, point_count, samples) VALUES (?1, ?2, ?3, ?4, ?5)",
                                     id, segment.track, segment.segment, segment.pointCount, segment.samples)
                }
                for effort in content.bestEfforts {
                    try database.run("INSERT INTO best_efforts (run_id, distance_m, elapsed_s, start_distance_m, start_time) VALUES (?1, ?2, ?3, ?4, ?5)",
                                     id, effort.distanceMeters, effort.elapsedTimeSeconds, effort.startDistanceMeters, effort.startTimeSeconds)
                }
            }
        }
    }
}
