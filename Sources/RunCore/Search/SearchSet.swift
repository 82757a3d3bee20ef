/// A saved search: a name and its filters. The default set, ``allRunsName``, always exists and
/// has no filter; it cannot be edited, renamed or deleted (its name is what the
/// `search.defaultSet` setting names by default, so scripts and profiles can rely on it).
package struct SearchSet: Sendable, Hashable {
    /// The name of the default set, the same in every interface language.
    package static let allRunsName = "All runs"
    /// The most characters a name takes (the `search.defaultSet` setting takes the same).
    package static let maximumNameLength = 100

    package var name: String
    package var definition: SearchDefinition
    /// When the set was created and last changed, seconds since 1970 UTC.
    package var createdAtSeconds: Double
    package var updatedAtSeconds: Double

    package init(name: String, definition: SearchDefinition = SearchDefinition(), createdAtSeconds: Double = 0, updatedAtSeconds: Double = 0) {
        self.name = name
        self.definition = definition
        self.createdAtSeconds = createdAtSeconds
        self.updatedAtSeconds = updatedAtSeconds
    }

    /// Whether this is the default set "All runs".
    package var isAllRuns: Bool { Self.sameName(name, Self.allRunsName) }

    /// Whether two names name the same set: names are compared without regard to (ASCII) case,
    /// as SQLite's NOCASE collation on `search_sets.name` does.
    package static func sameName(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.map(lowerASCII) == b.unicodeScalars.map(lowerASCII)
    }

    private static func lowerASCII(_ s: Unicode.Scalar) -> Unicode.Scalar {
        (65...90).contains(s.value) ? Unicode.Scalar(s.value + 32)! : s
    }

    /// The set with this name (case ignored) among `sets`.
    /// - Throws: ``SearchError`` `.unknownSet`, naming the sets that exist — never a silent fall-back.
    package static func find(_ name: String, in sets: [SearchSet]) throws -> SearchSet {
        guard let found = sets.first(where: { sameName($0.name, name) }) else {
            throw SearchError(.unknownSet, "there is no search set '\(name)'; the sets are: "
                              + sets.map { "'\($0.name)'" }.joined(separator: ", "), name: name, sets: sets.map(\.name))
        }
        return found
    }

    /// The set a search uses: the one named `name` (case ignored), else the one the
    /// `search.defaultSet` setting names (`defaultName`, read only when no name is given).
    /// - Throws: ``SearchError`` `.unknownSet` naming the sets that exist — and the setting, when
    ///   its value names no set (never a silent fall-back).
    package static func find(_ name: String?, orDefault defaultName: @autoclosure () throws -> String, in sets: [SearchSet]) throws -> SearchSet {
        if let name { return try find(name, in: sets) }
        let defaultName = try defaultName()
        do {
            return try find(defaultName, in: sets)
        } catch var error as SearchError {
            error.message = "the search.defaultSet setting names '\(defaultName)', which is not a search set; the sets are: "
                + sets.map { "'\($0.name)'" }.joined(separator: ", ") + " (choose another default set, or name a set)"
            error.setting = "search.defaultSet"
            throw error
        }
    }

    /// Checks a name for a set: 1 to 100 characters, no spaces at its ends, no control characters
    /// (a name is printed one per line by `runlog search-sets --names`).
    /// - Throws: ``SearchError`` `.invalidName` saying what is wrong.
    package static func validateName(_ name: String) throws {
        func refuse(_ why: String) -> SearchError {
            SearchError(.invalidName, "'\(name)' cannot name a search set: \(why) (names take 1 to \(maximumNameLength) characters, no spaces at their ends)",
                        name: name)
        }
        if name.isEmpty { throw refuse("the name is empty") }
        if name.count > maximumNameLength { throw refuse("it has \(name.count) characters") }
        if name.first!.isWhitespace || name.last!.isWhitespace { throw refuse("it has spaces at its ends") }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { throw refuse("it has control characters") }
    }
}
