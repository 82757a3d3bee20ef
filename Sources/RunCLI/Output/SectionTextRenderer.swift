import RunUI

/// Renders list sections for the terminal: each section's title and summary, then its rows in
/// columns aligned across the whole list. Knows nothing of what the sections are.
enum SectionTextRenderer {
    /// - Parameters:
    ///   - maximumWidths: column index → most terminal columns it may take (longer cells end in `…`).
    static func render(_ sections: [any ListSection], columns: [String], rightAligned: Set<Int>,
                       maximumWidths: [Int: Int] = [:]) -> [String] {
        func cell(_ text: String, _ column: Int) -> String {
            maximumWidths[column].map { DisplayWidth.truncate(text, to: $0) } ?? text
        }
        var widths = columns.map(DisplayWidth.of)
        for section in sections {
            for row in section.rows {
                for (i, text) in row.cells.enumerated() where i < widths.count {
                    widths[i] = max(widths[i], DisplayWidth.of(cell(text, i)))
                }
            }
        }
        func line(_ cells: [String]) -> String {
            let parts = cells.enumerated().map { i, text in
                DisplayWidth.pad(cell(text, i), to: widths[i], right: rightAligned.contains(i))
            }
            var text = "  " + parts.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines: [String] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(section.title + (section.summary.map { " — \($0)" } ?? ""))
            lines.append(line(columns))
            for row in section.rows { lines.append(line(row.cells)) }
            if let footer = section.footer { lines.append("  " + footer) }
        }
        return lines
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
