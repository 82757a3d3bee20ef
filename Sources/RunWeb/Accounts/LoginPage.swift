import RunHTTP
import RunUI

/// Server mode's login page: a form with the user name, the password and the login's CSRF
/// token, posted to `/login`; with a refusal's sentence when there is one. The same page, byte
/// for byte, answers an unknown user and a wrong password (the name is not shown again).
enum LoginPage {
    /// - Parameters:
    ///   - csrfToken: the login's token (the `runlog_login` cookie's value, ``LoginGuard``).
    ///   - next: the page to go to after logging in (a path of this server).
    ///   - notice: a refusal's or a note's sentence, nil for none.
    static func document(strings: AccountStrings, csrfToken: String, next: String, notice: String? = nil) -> HTML {
        let message: HTML = notice.map { "<p class=\"notice error\" role=\"alert\">\($0)</p>\n" } ?? .empty
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(strings.loginTitle) · runlog</title>
        <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
        <link rel="stylesheet" href="/static/app.css">
        </head>
        <body>
        <header class="site"><nav aria-label="runlog"><a class="brand" href="/">runlog</a></nav></header>
        <main>
        <h1>\(strings.loginTitle)</h1>
        \(message)<form class="login" method="post" action="/login">
        <input type="hidden" name="csrf" value="\(csrfToken)">
        <input type="hidden" name="next" value="\(next)">
        <p><label for="login-name">\(strings.userName)</label><br><input id="login-name" name="name" autocomplete="username" required autofocus></p>
        <p><label for="login-password">\(strings.password)</label><br><input id="login-password" name="password" type="password" autocomplete="current-password" required></p>
        <p><button type="submit">\(strings.loginButton)</button></p>
        </form>
        </main>
        </body>
        </html>
        """
    }

    static func response(strings: AccountStrings, csrfToken: String, next: String, notice: String? = nil, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/html; charset=utf-8",
                     text: document(strings: strings, csrfToken: csrfToken, next: next, notice: notice).text)
    }

    /// A page of the server's own (an admin's note): the sentence and the logout button.
    static func note(_ text: String, strings: AccountStrings, csrfToken: String, status: Int) -> HTTPResponse {
        let html: HTML = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>runlog</title>
        <link rel="stylesheet" href="/static/app.css">
        </head>
        <body>
        <main>
        <p class="notice">\(text)</p>
        <form method="post" action="/logout"><input type="hidden" name="csrf" value="\(csrfToken)"><button type="submit">\(strings.logoutButton)</button></form>
        </main>
        </body>
        </html>
        """
        return HTTPResponse(status: status, contentType: "text/html; charset=utf-8", text: html.text)
    }
}
