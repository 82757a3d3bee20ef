public import RunCore
import Foundation

/// The library's best effort at one distance, with the run it came from.
public struct LibraryRecord: Sendable, Equatable {
    public var effort: BestEffort
    public var runID: Int64
    public var runName: String
    /// Start of the run, seconds since 1970 UTC.
    public var runStartTimeSeconds: Double?
}

extension Library {
    /// The fastest effort of each distance over all runs (ties: the earlier run).
    public func records() throws -> [LibraryRecord] {
        let statement = try database.prepare("""
            SELECT b.distance_m, b.elapsed_s, b.start_distance_m, b.start_time, r.id, r.name, r.start_time
            FROM best_efforts b JOIN runs r ON r.id = b.run_id
            WHERE NOT EXISTS (SELECT 1 FROM best_efforts o WHERE o.distance_m = b.distance_m
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
