package import RunStore
package import RunCore

extension PostgresLibrary {
    /// The fastest effort of each distance over the runs of the given sports (ties: the earlier
    /// run), by the rules of the SQLite library: a run's sport is its summary's (`running` for
    /// summaries older than sports), a run whose sport was only assumed counts for none, and
    /// neither does a route.
    package func records(sports: Set<Sport>?) throws -> [LibraryRecord] {
        var values: [any PostgresEncodable] = [owner]
        let sportNames = sports.map { $0.map(\.rawValue).sorted() }
        let sportList = sportNames.map { names in
            names.map { name -> String in
                values.append(name)
                return "$\(values.count)"
            }.joined(separator: ", ")
        }
        func filter(_ alias: String) -> String {
            var text = " AND \(alias).kind = 'activity'"
                + " AND COALESCE(\(alias).summary_json::json ->> 'sportSource', 'file') <> 'assumed'"
            if let sportList {
                text += sportList.isEmpty ? " AND false" : " AND COALESCE(\(alias).summary_json::json ->> 'sport', 'running') IN (\(sportList))"
            }
            return text
        }
        let rows = try connection.query("""
            SELECT b.distance_m, b.elapsed_s, b.start_distance_m, b.start_time, r.id, r.name, r.start_time
            FROM best_efforts b JOIN runs r ON r.owner = b.owner AND r.id = b.run_id
            WHERE b.owner = $1\(filter("r"))
              AND NOT EXISTS (SELECT 1 FROM best_efforts o JOIN runs q ON q.owner = o.owner AND q.id = o.run_id
                              WHERE o.owner = $1 AND o.distance_m = b.distance_m\(filter("q"))
                                AND (o.elapsed_s < b.elapsed_s OR (o.elapsed_s = b.elapsed_s AND o.run_id < b.run_id)))
            ORDER BY b.distance_m
            """, values: values)
        return rows.all.map { row in
            LibraryRecord(effort: BestEffort(distanceMeters: row.double(0), elapsedTimeSeconds: row.double(1),
                                             startDistanceMeters: row.double(2), startTimeSeconds: row.double(3)),
                          runID: row.int64(4), runName: row.text(5) ?? "", runStartTimeSeconds: row.optionalDouble(6))
        }
    }
}
