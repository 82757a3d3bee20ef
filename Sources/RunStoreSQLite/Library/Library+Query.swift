import RunCore
package import RunStore
import Foundation

/// Searches and pages in SQL: a ``RunCore/SearchFilter`` becomes a `WHERE` clause over the columns
/// ``SearchColumns`` keeps, each word a substring test on the folded `search_text` (through the
/// trigram index `runs_search` for words of three characters or more, `instr` below that), so the
/// runs found are those ``RunCore/SearchFilter/matches(_:)`` finds, read a page at a time.
extension Library {
    /// The list's order (``runs()``).
    static let listOrder = "r.start_time IS NULL, r.start_time DESC, r.id DESC"

    package func runs(_ query: RunQuery) throws -> RunQueryResult {
        let (condition, values) = Self.condition(query.filter, calendar: query.calendar)
        let total = try database.prepare("SELECT count(*) FROM runs r WHERE \(condition)")
        try total.bind(values)
        let totalCount = try total.step() ? total.int(0) : 0
        var sql = "SELECT \(Self.recordColumns) FROM \(Self.recordTables) WHERE \(condition) ORDER BY \(Self.listOrder)"
        if let limit = query.limit { sql += " LIMIT \(limit) OFFSET \(query.offset)" } else if query.offset > 0 { sql += " LIMIT -1 OFFSET \(query.offset)" }
        let statement = try database.prepare(sql)
        try statement.bind(values)
        var records: [RunRecord] = []
        while try statement.step() { records.append(try record(from: statement)) }
        return RunQueryResult(runs: records, totalCount: totalCount)
    }

    /// The `WHERE` clause of a filter and a calendar selection over `runs r`, with its values in order.
    static func condition(_ filter: SearchFilter?, calendar: CalendarSelection) -> (String, [any SQLiteBindable]) {
        var clauses: [String] = []
        var values: [any SQLiteBindable] = []
        func value(_ v: any SQLiteBindable) -> String {
            values.append(v)
            return "?\(values.count)"
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
        guard let filter else { return (clauses.isEmpty ? "1" : clauses.joined(separator: " AND "), values) }
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
            clauses.append(sports.isEmpty ? "0" : "r.run_sport IN (\(sports.map { value($0.rawValue) }.joined(separator: ", ")))")
        }
        if let hasHeartRate = definition.hasHeartRate { clauses.append("r.has_heart_rate = \(value(hasHeartRate ? 1 : 0))") }
        for word in filter.words {
            if word.unicodeScalars.count >= 3 {
                // A phrase of the trigram tokenizer is a substring; a double quote inside is doubled.
                let phrase = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                clauses.append("r.id IN (SELECT rowid FROM runs_search WHERE runs_search MATCH \(value(phrase)))")
            } else {
                clauses.append("instr(r.search_text, \(value(word))) > 0")
            }
        }
        return (clauses.isEmpty ? "1" : clauses.joined(separator: " AND "), values)
    }
}
