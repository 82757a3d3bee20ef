import RunStore
package import RunCore
import Foundation

/// The library's saved searches (`search_sets`): named ``RunCore/SearchDefinition``s, unique
/// without regard to ASCII case (`name_key`) and listed in the order of the SQLite library's
/// `NOCASE` collation (`name_key` byte by byte, then the set's age). The default set "All runs"
/// is stored with the library and always listed first.
extension PostgresLibrary {
    package func searchSets() throws -> [SearchSet] {
        let rows = try connection.query("""
            SELECT name, definition_json, created_at, updated_at FROM search_sets WHERE owner = $1 ORDER BY name_key COLLATE "C", id
            """, owner)
        var sets: [SearchSet] = []
        for row in rows.all {
            let name = row.text(0) ?? ""
            let definition: SearchDefinition
            do {
                definition = try SearchDefinition(jsonText: row.text(1) ?? "")
            } catch let error as SearchError {
                throw StoredDataError("the stored search set '\(name)' cannot be read: \(error.message)")
            }
            sets.append(SearchSet(name: name, definition: definition, createdAtSeconds: row.double(2), updatedAtSeconds: row.double(3)))
        }
        let allRuns = sets.firstIndex(where: \.isAllRuns).map { sets.remove(at: $0) } ?? SearchSet(name: SearchSet.allRunsName)
        return [SearchSet(name: SearchSet.allRunsName, definition: SearchDefinition(), createdAtSeconds: allRuns.createdAtSeconds,
                          updatedAtSeconds: allRuns.updatedAtSeconds)] + sets
    }

    @discardableResult
    package func createSearchSet(named name: String, definition: SearchDefinition, nowSeconds: Double?) throws -> SearchSet {
        try SearchSet.validateName(name)
        try definition.validate()
        let nowSeconds = nowSeconds ?? Date().timeIntervalSince1970
        return try write {
            if let existing = try existingName(name) {
                throw SearchError(.nameTaken, "there is already a search set '\(existing)' (names are compared without regard to case)",
                                  name: name)
            }
            try connection.query("""
                INSERT INTO search_sets (owner, name, definition_json, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
                """, owner, name, definition.jsonText, nowSeconds)
            return SearchSet(name: name, definition: definition, createdAtSeconds: nowSeconds, updatedAtSeconds: nowSeconds)
        }
    }

    package func updateSearchSet(named name: String, definition: SearchDefinition, nowSeconds: Double?) throws {
        try refuseChangingAllRuns(name, "changed: it always lists every run; create a set with the filters you want")
        try definition.validate()
        let nowSeconds = nowSeconds ?? Date().timeIntervalSince1970
        try write {
            let changed = try connection.query("""
                UPDATE search_sets SET definition_json = $2, updated_at = $3 WHERE owner = $1 AND name_key = \(Self.nameKey("$4"))
                """, owner, definition.jsonText, nowSeconds, name).changes
            if changed == 0 { _ = try searchSet(named: name) }
        }
    }

    @discardableResult
    package func renameSearchSet(_ name: String, to newName: String, nowSeconds: Double?) throws -> String {
        try refuseChangingAllRuns(name, "renamed: the search.defaultSet setting and scripts rely on its name")
        try SearchSet.validateName(newName)
        let nowSeconds = nowSeconds ?? Date().timeIntervalSince1970
        return try write {
            guard let old = try existingName(name) else { _ = try searchSet(named: name); return name }
            if let taken = try existingName(newName), !SearchSet.sameName(taken, old) {
                throw SearchError(.nameTaken, "there is already a search set '\(taken)' (names are compared without regard to case)",
                                  name: newName)
            }
            try connection.query("UPDATE search_sets SET name = $2, updated_at = $3 WHERE owner = $1 AND name = $4",
                                 owner, newName, nowSeconds, old)
            return old
        }
    }

    @discardableResult
    package func deleteSearchSet(named name: String) throws -> String {
        try refuseChangingAllRuns(name, "deleted: it is the set a search uses when no other is chosen")
        return try write {
            guard let old = try existingName(name) else { _ = try searchSet(named: name); return name }
            try connection.query("DELETE FROM search_sets WHERE owner = $1 AND name = $2", owner, old)
            return old
        }
    }

    /// `name_key` of a parameter: its ASCII letters in lower case, as the column is made.
    static func nameKey(_ parameter: String) -> String {
        "translate(\(parameter), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
    }

    private func existingName(_ name: String) throws -> String? {
        if SearchSet.sameName(name, SearchSet.allRunsName) { return SearchSet.allRunsName }
        return try connection.scalarText("SELECT name FROM search_sets WHERE owner = $1 AND name_key = \(Self.nameKey("$2"))", owner, name)
    }

    private func refuseChangingAllRuns(_ name: String, _ why: String) throws {
        if SearchSet.sameName(name, SearchSet.allRunsName) {
            throw SearchError(.protectedSet, "the default set '\(SearchSet.allRunsName)' cannot be \(why)")
        }
    }
}
