import RunHTTP
import RunUI

/// The frame of every page: the document head (style sheet and script from this server, no
/// inline code), the flat header with the navigation, and the main content.
enum PageLayout {
    enum Section { case runs, calendar, totals, search, live, importRuns, settings, none }

    /// - Parameters:
    ///   - extraHead: links a page adds (Leaflet's style sheet and script, the live page's script).
    static func document(title: String, current: Section, strings: UIStrings, language: Language, csrfToken: String,
                         extraHead: HTML = .empty, body: HTML) -> HTML {
        func link(_ href: String, _ text: String, _ section: Section) -> HTML {
            current == section ? "<a class=\"nav\" href=\"\(href)\" aria-current=\"page\">\(text)</a>"
                : "<a class=\"nav\" href=\"\(href)\">\(text)</a>"
        }
        return """
        <!doctype html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="csrf-token" content="\(csrfToken)">
        <title>\(title) · runlog</title>
        <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
        <link rel="stylesheet" href="/static/app.css">
        \(extraHead)<script src="/static/app.js" defer></script>
        </head>
        <body>
        <header class="site"><nav aria-label="runlog">
        <a class="brand" href="/">runlog</a>
        \(link("/", strings.navigationRuns, .runs))
        \(link("/calendar", strings.navigationCalendar, .calendar))
        \(link("/totals", strings.navigationTotals, .totals))
        \(link("/search", strings.navigationSearch, .search))
        \(link("/live", language.liveStrings.livePageTitle, .live))
        \(link("/import", strings.navigationImport, .importRuns))
        \(link("/settings", strings.navigationSettings, .settings))
        </nav></header>
        <main>
        \(body)
        </main>
        </body>
        </html>
        """
    }

    /// The hidden CSRF field every form carries.
    static func csrfField(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(token)\">"
    }

    /// An HTML response.
    static func response(_ html: HTML, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/html; charset=utf-8", text: html.text)
    }
}
