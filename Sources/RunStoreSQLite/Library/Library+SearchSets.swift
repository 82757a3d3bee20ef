import RunStore
package import RunCore
import Foundation

/// The library's saved searches (`search_sets`): named ``SearchDefinition``s. The default set
/// "All runs" always exists: schema 4 stores it, and it is listed even if its row was removed by
/// hand. Names are unique without regard to case.
extension Library {
    /// Every set, "All runs" first, then by name (case ignored).
    package func searchSets() throws -> [SearchSet] {
        let statement = try database.prepare(
            "SELECT name, definition_json, created_at, updated_at FROM search_sets ORDER BY name COLLATE NOCASE, id")
        var sets: [SearchSet] = []
        while try statement.step() {
            let name = statement.text(0) ?? ""
            let definition: SearchDefinition
            do {
                definition = try SearchDefinition(jsonText: statement.text(1) ?? "")
            } catch let error as SearchError {
                throw StoredDataError("the stored search set '\(name)' cannot be read: \(error.message)")
            }
            sets.append(SearchSet(name: name, definition: definition, createdAtSeconds: statement.double(2),
                                  updatedAtSeconds: statement.double(3)))
        }
        let allRuns = sets.firstIndex(where: \.isAllRuns).map { sets.remove(at: $0) } ?? SearchSet(name: SearchSet.allRunsName)
        return [SearchSet(name: SearchSet.allRunsName, definition: SearchDefinition(), createdAtSeconds: allRuns.createdAtSeconds,
                          updatedAtSeconds: allRuns.updatedAtSeconds)] + sets
    }

    /// Saves a new set.
    /// - Parameter nowSeconds: the creation time, seconds since 1970 UTC (nil: now).
    /// - Throws: ``SearchError`` `.invalidName`, `.nameTaken`, `.invalidDefinition`.
    @discardableResult
    package func createSearchSet(named name: String, definition: SearchDefinition,
                                nowSeconds: Double?) throws -> SearchSet {
        try SearchSet.validateName(name)
        try definition.validate()
        let nowSeconds = nowSeconds ?? Date().timeIntervalSince1970
        return try database.immediateTransaction {
            if let existing = try existingName(name) {
                throw SearchError(.nameTaken, "there is already a search set '\(existing)' (names are compared without regard to case)",
                                  name: name)
            }
            try database.run("INSERT INTO search_sets (name, definition_json, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)",
                             name, definition.jsonText, nowSeconds)
            return SearchSet(name: name, definition: definition, createdAtSeconds: nowSeconds, updatedAtSeconds: nowSeconds)
        }
    }

    /// Replaces a set's filters.
    /// - Throws: ``SearchError`` `.unknownSet`, `.protectedSet` for "All runs", `.invalidDefinition`.
    package func updateSearchSet(named name: String, definition: SearchDefinition,
                                nowSeconds: Double?) throws {
        try refuseChangingAllRuns(name, "changed: it always lists every run; create a set with the filters you want")
        try definition.validate()
        let nowSeconds = nowSeconds ?? Date().timeIntervalSince1970
        try database.immediateTransaction {
            try database.run("UPDATE search_sets SET definition_json = ?1, updated_at = ?2 WHERE name = ?3 COLLATE NOCASE",
                             definition.jsonText, nowSeconds, name)
            if database.changes == 0 { _ = try searchSet(named: name) }
        }
    }

    /// Renames a set (a change of case only is allowed).
    /// - Returns: the set's name before (as stored).
    /// - Throws: ``SearchError`` `.unknownSet`, `.protectedSet` for "All runs", `.invalidName`,
    ///   `.nameTaken` for a name another set has ("All runs" included).
    @discardableResult
    package func renameSearchSet(_ name: String, to newName: String, nowSeconds: Double?) throws -> String {
        try refuseChangingAllRuns(name, "renamed: the search.defaultSet setting and scripts rely on its name")
        try SearchSet.validateName(newName)
        let nowSeconds = nowSeconds ?? Date().timeIntervalSince1970
        return try database.immediateTransaction {
            guard let old = try existingName(name) else { _ = try searchSet(named: name); return name }
            if let taken = try existingName(newName), !SearchSet.sameName(taken, old) {
                throw SearchError(.nameTaken, "there is already a search set '\(taken)' (names are compared without regard to case)",
                                  name: newName)
            }
            try database.run("UPDATE search_sets SET name = ?1, updated_at = ?2 WHERE name = ?3 COLLATE NOCASE", newName, nowSeconds, old)
            return old
        }
    }

    /// Deletes a set.
    /// - Returns: its name as stored.
    /// - Throws: ``SearchError`` `.unknownSet`, `.protectedSet` for "All runs".
    @discardableResult
    package func deleteSearchSet(named name: String) throws -> String {
        try refuseChangingAllRuns(name, "deleted: it is the set a search uses when no other is chosen")
        return try database.immediateTransaction {
            guard let old = try existingName(name) else { _ = try searchSet(named: name); return name }
            try database.run("DELETE FROM search_sets WHERE name = ?1 COLLATE NOCASE", old)
            return old
        }
    }

    private func existingName(_ name: String) throws -> String? {
        if SearchSet.sameName(name, SearchSet.allRunsName) { return SearchSet.allRunsName }
        return try database.scalarText("SELECT name FROM search_sets WHERE name = ?1 COLLATE NOCASE", name)
    }

    private func refuseChangingAllRuns(_ name: String, _ why: String) throws {
        if SearchSet.sameName(name, SearchSet.allRunsName) {
            throw SearchError(.protectedSet, "the default set '\(SearchSet.allRunsName)' cannot be \(why)")
        }
    }
}
