public import RunStore
public import RunCore
import Foundation

extension Library {
    /// Every run with what a search reads of it, newest first.
    public func searchableRuns() throws -> [(record: RunRecord, searchable: SearchableRun)] {
        let places = try placeTexts()
        return try runs().map { record in
            (record, SearchableRun(id: record.id, name: record.name, notes: record.notes, place: places[record.id] ?? record.sourceName,
                                   summary: record.summary))
        }
    }

    /// The place text of each run (``SearchPlace``), by run number.
    private func placeTexts() throws -> [Int64: String] {
        let statement = try database.prepare("SELECT r.id, o.source_name, r.activity_json FROM \(Self.recordTables)")
        let decoder = JSONDecoder()
        var places: [Int64: String] = [:]
        while try statement.step() {
            let id = statement.int64(0)
            do {
                let header = try decoder.decode(Activity.self, from: Data((statement.text(2) ?? "").utf8))
                places[id] = SearchPlace.text(of: header, sourceName: statement.text(1) ?? "")
            } catch {
                throw StoreError(.corrupt, "the stored description of run \(id) cannot be read: \(error)")
            }
        }
        return places
    }
}
