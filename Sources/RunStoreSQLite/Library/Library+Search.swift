package import RunCore
import Foundation
package import RunStore

extension Library {
    /// Every run with what a search reads of it, newest first; the place text is the stored one
    /// (``SearchColumns``).
    package func searchableRuns() throws -> [(record: RunRecord, searchable: SearchableRun)] {
        let statement = try database.prepare("SELECT id, place_text FROM runs")
        var places: [Int64: String] = [:]
        while try statement.step() { places[statement.int64(0)] = statement.text(1) ?? "" }
        return try runs().map { record in
            (record, SearchableRun(id: record.id, name: record.name, notes: record.notes, place: places[record.id] ?? "",
                                   summary: record.summary))
        }
    }
}
