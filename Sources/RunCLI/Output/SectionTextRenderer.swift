import RunCore
import RunUI

/// Renders list sections for the terminal: each section's title and summary, then its rows in
/// columns aligned across the whole list. Knows nothing of what the sections are.
enum SectionTextRenderer {
    /// Each section's title (with its summary), its column titles and rows, and its footer;
    /// consecutive sections with the same columns share column widths.
    static func render(_ sections: [any ListSection]) -> [String] {
        var widthsByColumns: [[ListColumn]: [Int]] = [:]
        for section in sections where !section.columns.isEmpty {
            let columns = section.columns
            var widths = widthsByColumns[columns] ?? columns.map { DisplayWidth.of($0.title) }
            for row in section.rows {
                for (i, text) in row.cells.enumerated() where i < widths.count {
                    widths[i] = max(widths[i], DisplayWidth.of(cell(text, columns[i])))
                }
            }
            widthsByColumns[columns] = widths
        }
        var lines: [String] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(section.title + (section.summary.map { " — \($0)" } ?? ""))
            let columns = section.columns
            if let widths = widthsByColumns[columns] {
                lines.append(line(columns.map(\.title), columns, widths))
                for row in section.rows { lines.append(line(row.cells, columns, widths)) }
            } else {
                for row in section.rows { lines.append("  " + row.cells.joined(separator: "  ")) }
            }
            if let footer = section.footer { lines.append("  " + footer) }
        }
        return lines
    }

    private static func cell(_ text: String, _ column: ListColumn) -> String {
        column.maximumWidth.map { DisplayWidth.truncate(text, to: $0) } ?? text
    }

    private static func line(_ cells: [String], _ columns: [ListColumn], _ widths: [Int]) -> String {
        let parts = cells.enumerated().map { i, text in
            i < columns.count ? DisplayWidth.pad(cell(text, columns[i]), to: widths[i], right: columns[i].isNumeric) : text
        }
        var text = "  " + parts.joined(separator: "  ")
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Sections as JSON: id, title, summary, their values, and their rows' values.
    static func json(_ sections: [any ListSection]) -> JSONValue {
        .object(["sections": .array(sections.map { section in
            var object = section.values
            object["id"] = .string(section.id)
            object["title"] = .string(section.title)
            object["summary"] = .from(section.summary)
            object["rows"] = .array(section.rows.map { .object($0.values) })
            return .object(object)
        })])
    }
}
