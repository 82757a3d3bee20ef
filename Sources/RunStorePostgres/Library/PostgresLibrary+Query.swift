import RunCore
package import RunStore

/// Searches and pages in SQL: a ``RunCore/SearchFilter`` becomes a `WHERE` clause over the columns
/// ``RunStore/RunSearchColumns`` keeps, each word a substring test on the folded `search_text`
/// (`LIKE '%word%'` with `%`, `_` and `\` escaped — the trigram index `runs_search_trigrams` serves
/// it for words of three characters or more), so the runs found are those
/// ``RunCore/SearchFilter/matches(_:)`` finds, read a page at a time.
extension PostgresLibrary {
    package func runs(_ query: RunQuery) throws -> RunQueryResult {
        var values: [any PostgresEncodable] = [owner]
        let condition = Self.condition(query.filter, calendar: query.calendar, values: &values)
        let totalCount = Int(try connection.query("SELECT count(*) FROM runs r WHERE r.owner = $1 AND \(condition)", values: values)
            .first?.int64(0) ?? 0)
        var sql = "SELECT \(Self.recordColumns) FROM \(Self.recordTables) WHERE r.owner = $1 AND \(condition) ORDER BY \(Self.listOrder)"
        if let limit = query.limit { sql += " LIMIT \(limit)" }
        if query.offset > 0 { sql += " OFFSET \(query.offset)" }
        return RunQueryResult(runs: try records(sql, values: values), totalCount: totalCount)
    }

    /// The `WHERE` clause of a filter and a calendar selection over `runs r`, its values appended
    /// to `values` (which holds the owner as `$1`).
    static func condition(_ filter: SearchFilter?, calendar: CalendarSelection, values: inout [any PostgresEncodable]) -> String {
        var clauses: [String] = []
        func value(_ v: any PostgresEncodable) -> String {
            values.append(v)
            return "$\(values.count)"
        }
        switch calendar {
        case .all: break
        case .startingIn(let range):
            clauses.append("r.kind = 'activity' AND r.start_time IS NOT NULL")
            if let from = range.fromSeconds { clauses.append("r.start_time >= \(value(from))") }
            if let before = range.beforeSeconds { clauses.append("r.start_time < \(value(before))") }
        case .undated:
            clauses.append("(r.kind <> 'activity' OR r.start_time IS NULL)")
        }
        if let filter {
            if let range = filter.timeRange {
                clauses.append("r.start_time IS NOT NULL")
                if let from = range.fromSeconds { clauses.append("r.start_time >= \(value(from))") }
                if let before = range.beforeSeconds { clauses.append("r.start_time < \(value(before))") }
            }
            let definition = filter.definition
            if let range = definition.distanceMeters {
                if let minimum = range.minimum { clauses.append("r.distance_m >= \(value(minimum))") }
                if let maximum = range.maximum { clauses.append("r.distance_m <= \(value(maximum))") }
            }
            if let range = definition.durationSeconds {
                clauses.append("r.duration_s IS NOT NULL")
                if let minimum = range.minimum { clauses.append("r.duration_s >= \(value(minimum))") }
                if let maximum = range.maximum { clauses.append("r.duration_s <= \(value(maximum))") }
            }
            if let sports = definition.sports {
                clauses.append(sports.isEmpty ? "false" : "r.run_sport IN (\(sports.map { value($0.rawValue) }.joined(separator: ", ")))")
            }
            if let hasHeartRate = definition.hasHeartRate { clauses.append("r.has_heart_rate = \(value(hasHeartRate))") }
            for word in filter.words {
                clauses.append("r.search_text LIKE \(value("%" + likeEscaped(word) + "%"))")
            }
        }
        return clauses.isEmpty ? "true" : clauses.joined(separator: " AND ")
    }

    /// A word as a `LIKE` pattern's literal part: `\`, `%` and `_` escaped with `\` (LIKE's default escape).
    static func likeEscaped(_ word: String) -> String {
        var escaped = ""
        for character in word.unicodeScalars {
            if character == "\\" || character == "%" || character == "_" { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(character)
        }
        return escaped
    }
}
