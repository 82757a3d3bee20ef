package import RunCore
import Foundation

/// The saved searches (`runlog search-sets`; the web UI's search page lists them in its choice): each set's name,
/// whether it is the default, and its filters as command-line options.
package struct SearchSetsSection: ListSection {
    let sets: [SearchSet]
    /// The name the `search.defaultSet` setting holds.
    let defaultSetName: String
    let formatter: DisplayFormatter
    let calendar: CalendarText

    package init(sets: [SearchSet], defaultSetName: String, formatter: DisplayFormatter, calendar: CalendarText) {
        self.sets = sets
        self.defaultSetName = defaultSetName
        self.formatter = formatter
        self.calendar = calendar
    }

    package var id: String { "search-sets" }
    package var title: String { formatter.strings.searchSets }
    package var summary: String? { nil }
    package var columns: [ListColumn] {
        [ListColumn(formatter.strings.columnName, maximumWidth: 40), ListColumn(""), ListColumn(formatter.strings.columnFilters)]
    }
    package var rowCount: Int { sets.count }

    package func row(at index: Int) -> ListRow {
        let set = sets[index]
        let isDefault = SearchSet.sameName(set.name, defaultSetName)
        let filters = SearchDefinitionText(calendar: calendar).line(set.definition)
        return ListRow(
            id: "search-set-\(set.name.lowercased())",
            cells: [set.name, isDefault ? formatter.strings.defaultSetMarker : "", filters.isEmpty ? formatter.strings.everyRun : filters],
            values: Self.values(set, isDefault: isDefault))
    }

    package var canEditRows: Bool { true }
    package func editActions(forRowAt index: Int) -> [RowAction] {
        sets[index].isAllRuns ? [] : [RowAction(id: "rename", title: formatter.strings.rename),
                                      RowAction(id: "delete", title: formatter.strings.delete, isDestructive: true)]
    }

    /// The sets and the default set's name as JSON (`runlog search-sets --json`, the web API).
    package static func json(_ sets: [SearchSet], defaultSetName: String) -> JSONValue {
        .object([
            "defaultSet": .string(defaultSetName),
            "sets": .array(sets.map { .object(values($0, isDefault: SearchSet.sameName($0.name, defaultSetName))) }),
        ])
    }

    /// A set as JSON: its name, whether it is the default (of the setting) or built in, its
    /// definition as stored (``SearchDefinition``'s JSON) and its times in ISO 8601 UTC.
    package static func values(_ set: SearchSet, isDefault: Bool) -> [String: JSONValue] {
        let definition = (try? JSONDecoder().decode(JSONValue.self, from: Data(set.definition.jsonText.utf8))) ?? .null
        return ["name": .string(set.name), "isDefault": .bool(isDefault), "isBuiltIn": .bool(set.isAllRuns),
                "definition": definition, "createdAt": .from(CalendarText.iso8601(set.createdAtSeconds.rounded(.down))),
                "updatedAt": .from(CalendarText.iso8601(set.updatedAtSeconds.rounded(.down)))]
    }
}
