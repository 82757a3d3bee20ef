package import RunCore
/// A section controller: one section of a list screen (a month of runs, this week, the live
/// recording, search results, a group of settings). Renderers for the terminal and for HTML walk
/// sections through this protocol only; adding a section is one new type and one registry line.
///
/// Every requirement but ``id``, ``title`` and the rows has a default in the protocol extension.
///
/// Texts for people (title, summary, footer, column titles, cells, action titles) are in the
/// interface language of the ``DisplayFormatter`` and ``CalendarText`` the section was built with;
/// ``id``, the rows' ids and all ``values`` are the same in every language.
package protocol ListSection: Sendable {
    /// Stable identity of the section (e.g. `month-2026-05`), so a changed list can be diffed.
    var id: String { get }
    var title: String { get }
    /// A line under the header: totals, counts.
    var summary: String? { get }
    var footer: String? { get }
    /// The columns of the rows' cells (titles, alignment, width limits); sections with the same
    /// columns are aligned together when rendered.
    var columns: [ListColumn] { get }
    var rowCount: Int { get }
    func row(at index: Int) -> ListRow
    /// Whether rows can be edited (renamed, deleted) in place.
    var canEditRows: Bool { get }
    /// The actions offered for a row.
    func editActions(forRowAt index: Int) -> [RowAction]
    /// Indentation level of a row (0 = none).
    func indentation(forRowAt index: Int) -> Int
    /// Machine-readable values of the section (totals) for JSON output and APIs.
    var values: [String: JSONValue] { get }
    /// A page of the web UI the section leads to (the live page), shown under it there.
    var link: ListLink? { get }
}

extension ListSection {
    package var summary: String? { nil }
    package var footer: String? { nil }
    package var columns: [ListColumn] { [] }
    package var canEditRows: Bool { false }
    package func editActions(forRowAt index: Int) -> [RowAction] { [] }
    package func indentation(forRowAt index: Int) -> Int { 0 }
    package var values: [String: JSONValue] { [:] }
    package var link: ListLink? { nil }
    /// All rows in order.
    package var rows: [ListRow] { (0..<rowCount).map(row(at:)) }
}

/// A column of a list section.
package struct ListColumn: Sendable, Hashable {
    package var title: String
    /// Numbers are right-aligned.
    package var isNumeric: Bool
    /// Most terminal columns a cell may take (longer cells are cut with `…`).
    package var maximumWidth: Int?

    package init(_ title: String, isNumeric: Bool = false, maximumWidth: Int? = nil) {
        self.title = title
        self.isNumeric = isNumeric
        self.maximumWidth = maximumWidth
    }
}

/// One row of a list: cells for people, values for machines.
package struct ListRow: Sendable, Equatable {
    /// Stable identity (e.g. `run-12`).
    package var id: String
    /// Human-readable cells, in column order.
    package var cells: [String]
    /// The run the row is (its values' `id`), which an HTML table links its name to; nil for rows
    /// made with their values on demand (``init(id:cells:makeValues:)``), which are no runs.
    package let runID: Int64?
    private let makeValues: @Sendable () -> [String: JSONValue]

    /// Machine-readable values of the row (SI units, unit in the key).
    package var values: [String: JSONValue] { makeValues() }

    package init(id: String, cells: [String], values: [String: JSONValue] = [:]) {
        self.id = id
        self.cells = cells
        if case .integer(let id)? = values["id"] { runID = id } else { runID = nil }
        makeValues = { values }
    }

    /// A row whose values are made only when asked: a run page's HTML shows a long run's hundred
    /// splits and never reads their values (`--json` and the API do).
    package init(id: String, cells: [String], makeValues: @escaping @Sendable () -> [String: JSONValue]) {
        self.id = id
        self.cells = cells
        runID = nil
        self.makeValues = makeValues
    }

    package static func == (a: ListRow, b: ListRow) -> Bool {
        a.id == b.id && a.cells == b.cells && a.runID == b.runID && a.values == b.values
    }
}

/// An action offered on a row.
package struct RowAction: Sendable, Equatable {
    package var id: String
    package var title: String
    package var isDestructive: Bool

    package init(id: String, title: String, isDestructive: Bool = false) {
        self.id = id
        self.title = title
        self.isDestructive = isDestructive
    }
}

/// A link from a section to a page of the web UI: its text for people and the page's path.
package struct ListLink: Sendable, Equatable {
    package var title: String
    /// A path of the web UI (`/live`).
    package var path: String

    package init(title: String, path: String) {
        self.title = title
        self.path = path
    }
}
