import RunHTTP
import RunUI

/// The frame of every page: the document head (style sheet and script from this server, no
/// inline code), the flat header with the navigation, and the main content.
enum PageLayout {
    enum Section { case runs, search, live, importRuns, settings, none }

    /// The signed-in user's name while a user's request is answered (server mode: set around it
    /// by ``ServerModeApplication``); nil without accounts. Pages then carry a logout button.
    @TaskLocal static var signedInName: String?

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
        \(link("/search", strings.navigationSearch, .search))
        \(link("/live", language.liveStrings.livePageTitle, .live))
        \(link("/import", strings.navigationImport, .importRuns))
        \(link("/settings", strings.navigationSettings, .settings))
        \(logoutForm(language: language, csrfToken: csrfToken))</nav></header>
        <main>
        \(body)
        </main>
        </body>
        </html>
        """
    }

    /// The signed-in user's name and the logout button (a POST with the session's token), in
    /// server mode; nothing without accounts.
    static func logoutForm(language: Language, csrfToken: String) -> HTML {
        guard let name = signedInName else { return .empty }
        let strings = language.accountStrings
        return """
        <form class="logout" method="post" action="/logout"><span>\(strings.signedInAs(name))</span>\(csrfField(csrfToken))<button type="submit">\(strings.logoutButton)</button></form>

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
