import Foundation
import RunCore
import RunStore

/// The columns a search filters on (`runs.place_text`, `search_text`, `duration_s`, `run_sport`,
/// `has_heart_rate`), derived from what the run holds exactly as ``RunCore/SearchableRun`` derives
/// them (``RunStore/RunSearchColumns``, the rule every implementation keeps), so a query in SQL
/// finds what ``RunCore/SearchFilter/matches(_:)`` finds. `search_text` is the name, notes and
/// place folded by ``RunCore/SearchFilter/fold(_:)``; the trigram index `runs_search` follows it
/// through triggers.
enum SearchColumns {
    /// The folded text a search's words are looked for in.
    static func searchText(name: String, notes: String, place: String) -> String {
        RunSearchColumns.searchText(name: name, notes: notes, place: place)
    }

    /// Writes every column for run `id` from its name, notes, stored description and summary.
    static func write(_ database: Database, id: Int64, name: String, notes: String, header: Activity, sourceName: String,
                      summary: ActivitySummary) throws {
        let columns = RunSearchColumns(name: name, notes: notes, header: header, sourceName: sourceName, summary: summary)
        try database.run("""
            UPDATE runs SET place_text = ?2, search_text = ?3, duration_s = ?4, run_sport = ?5, has_heart_rate = ?6 WHERE id = ?1
            """, id, columns.placeText, columns.searchText, columns.durationSeconds, columns.sport.rawValue, columns.hasHeartRate)
    }

    /// Writes `search_text` again after the name or the notes changed.
    static func refreshText(_ database: Database, id: Int64) throws {
        let statement = try database.prepare("SELECT name, notes, place_text FROM runs WHERE id = ?1")
        try statement.bind([id])
        guard try statement.step() else { return }
        let text = searchText(name: statement.text(0) ?? "", notes: statement.text(1) ?? "", place: statement.text(2) ?? "")
        try database.run("UPDATE runs SET search_text = ?2 WHERE id = ?1 AND search_text <> ?2", id, text)
    }

    /// Fills the columns of every run (the upgrade to schema 7), then builds the word index.
    static func fillAll(_ database: Database) throws {
        let statement = try database.prepare("""
            SELECT r.id, r.name, r.notes, r.activity_json, r.summary_json, o.source_name FROM runs r JOIN originals o ON o.id = r.original_id
            """)
        let decoder = JSONDecoder()
        while try statement.step() {
            let id = statement.int64(0)
            do {
                let header = try decoder.decode(Activity.self, from: Data((statement.text(3) ?? "").utf8))
                let summary = try decoder.decode(ActivitySummary.self, from: Data((statement.text(4) ?? "").utf8))
                try write(database, id: id, name: statement.text(1) ?? "", notes: statement.text(2) ?? "", header: header,
                          sourceName: statement.text(5) ?? "", summary: summary)
            } catch let error as DecodingError {
                throw StoredDataError("the stored description of run \(id) cannot be read: \(error)", runID: id)
            }
        }
        try database.execute("INSERT INTO runs_search (runs_search) VALUES ('rebuild')")
    }
}
