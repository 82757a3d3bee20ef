package import RunStore
package import RunCore
import Foundation

extension Library {
    /// The fastest effort of each distance over the runs of the given sports (ties: the earlier run).
    /// - Parameter sports: the sports whose runs count (nil: every run). A run's sport is the one
    ///   its numbers were computed for (``ActivitySummary/sport``); a run whose sport nothing said —
    ///   assumed, not told by the runner, the file, its names, device or speeds — counts for none,
    ///   and neither does a route (even one whose planner wrote times).
    package func records(sports: Set<Sport>?) throws -> [LibraryRecord] {
        // The sport of each run, from its stored summary (summaries before sports were running).
        let sportOf = { (alias: String) in "COALESCE(json_extract(\(alias).summary_json, '$.sport'), 'running')" }
        let names = sports.map { $0.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ") }
        let known = { (alias: String) in " AND COALESCE(json_extract(\(alias).summary_json, '$.sportSource'), 'file') != 'assumed'" }
        let activity = { (alias: String) in " AND \(alias).kind = 'activity'" }
        let filter = { (alias: String) in activity(alias) + known(alias) + (names.map { " AND \(sportOf(alias)) IN (\($0))" } ?? "") }
        let statement = try database.prepare("""
            SELECT b.distance_m, b.elapsed_s, b.start_distance_m, b.start_time, r.id, r.name, r.start_time
            FROM best_efforts b JOIN runs r ON r.id = b.run_id
            WHERE 1 = 1\(filter("r"))
              AND NOT EXISTS (SELECT 1 FROM best_efforts o JOIN runs q ON q.id = o.run_id
                              WHERE o.distance_m = b.distance_m\(filter("q"))
                                AND (o.elapsed_s < b.elapsed_s OR (o.elapsed_s = b.elapsed_s AND o.run_id < b.run_id)))
            ORDER BY b.distance_m
            """)
        var records: [LibraryRecord] = []
        while try statement.step() {
            records.append(LibraryRecord(
                effort: BestEffort(distanceMeters: statement.double(0), elapsedTimeSeconds: statement.double(1),
                                   startDistanceMeters: statement.double(2), startTimeSeconds: statement.double(3)),
                runID: statement.int64(4), runName: statement.text(5) ?? "", runStartTimeSeconds: statement.optionalDouble(6)))
        }
        return records
    }
}
