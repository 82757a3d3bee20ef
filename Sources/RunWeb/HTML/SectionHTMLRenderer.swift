import RunCore
import RunUI

/// Renders list sections as HTML: each section's title and summary, a table of its rows, its
/// footer and its link — the web twin of the CLI's terminal renderer. Knows nothing of what the sections are;
/// a row whose values carry a run's `id` (``RunUI/ListRow/runID``) links its name cell to the run's page.
enum SectionHTMLRenderer {
    static func render(_ sections: [any ListSection]) -> HTML {
        HTML.join(sections.map(render))
    }

    static func render(_ section: any ListSection) -> HTML {
        var html: HTML = "<section class=\"list\" id=\"\(section.id)\"><h2>\(section.title)</h2>"
        if let summary = section.summary { html += "<p class=\"summary\">\(summary)</p>" }
        let columns = section.columns
        if section.rowCount > 0 {
            html += "<div class=\"table-wrap\"><table><thead><tr>"
            for (i, column) in columns.enumerated() {
                html += "<th scope=\"col\" class=\"\(classes(column, i))\">\(column.title)</th>"
            }
            html += "</tr></thead><tbody>"
            // Written as bytes (a long run's splits are hundreds of cells), each text escaped.
            let columnClasses = columns.indices.map { classes(columns[$0], $0) }
            var body = MarkupWriter(capacity: section.rowCount * columns.count * 48 + 64)
            for index in 0..<section.rowCount {
                let row = section.row(at: index)
                body.append("<tr id=\"")
                body.append(text: row.id)
                body.append("\">")
                for (i, cell) in row.cells.enumerated() {
                    body.append("<td class=\"")
                    body.append(text: i < columnClasses.count ? columnClasses[i] : classes(ListColumn(""), i))
                    body.append("\">")
                    // The run's name (the column with a width limit) links to its page.
                    if i == 2, let id = row.runID {
                        body.append("<a href=\"/runs/")
                        body.append(integer: Int(id))
                        body.append("\">")
                        body.append(text: cell)
                        body.append("</a>")
                    } else {
                        body.append(text: cell)
                    }
                    body.append("</td>")
                }
                body.append("</tr>")
            }
            html += HTML(body)
            html += "</tbody></table></div>"
        }
        if let footer = section.footer { html += "<p class=\"footer-note\">\(footer)</p>" }
        if let link = section.link { html += "<p class=\"section-link\"><a class=\"button\" href=\"\(link.path)\">\(link.title)</a></p>" }
        return html + "</section>"
    }

    /// Numeric columns align right; a name column wraps; on narrow screens the less important
    /// columns (the 5th and later: moving time, pace, climb) give way.
    private static func classes(_ column: ListColumn, _ index: Int) -> String {
        var names: [String] = []
        if column.isNumeric { names.append("num") }
        if column.maximumWidth != nil { names.append("name") }
        if index >= 4 { names.append("hide-narrow") }
        return names.joined(separator: " ")
    }
}
