import Foundation
import RunUI

/// The links between the pages of a list: newer ← "page N of M" → older.
enum Pager {
    /// - Parameter link: the address of page `n` (its text is escaped here).
    static func html(number: Int, pageCount: Int, strings: UIStrings, formatter: DisplayFormatter, link: (Int) -> String) -> HTML {
        guard pageCount > 1 else { return .empty }
        let newer: HTML = number > 1 ? "<a href=\"\(link(number - 1))\" rel=\"prev\">← \(strings.newerRuns)</a>" : "<span></span>"
        let older: HTML = number < pageCount ? "<a href=\"\(link(number + 1))\" rel=\"next\">\(strings.olderRuns) →</a>" : "<span></span>"
        return "<nav class=\"pager\" aria-label=\"\(strings.pageOf(String(number), String(pageCount)))\">\(newer)"
            + "<span class=\"muted\">\(strings.pageOf(formatter.integer(number), formatter.integer(pageCount)))</span>\(older)</nav>"
    }

    /// `path?name=value&…` with each value percent-encoded for a query.
    static func address(_ path: String, _ query: [(String, String?)]) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?/")
        let parts = query.compactMap { name, value in value.map { "\(name)=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" } }
        return parts.isEmpty ? path : path + "?" + parts.joined(separator: "&")
    }
}
