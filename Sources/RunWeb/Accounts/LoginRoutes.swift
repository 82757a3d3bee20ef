import Foundation
import RunHTTP
import RunStore
import RunUI

/// Server mode's `GET /login`, `POST /login` and `POST /logout`.
///
/// - **The login form's CSRF token** (before any session exists, so valid on every server
///   process): a random value in the `runlog_login` cookie (`HttpOnly`, `SameSite=Strict`,
///   `Path=/login`, `Secure` over https) that the form carries again; the POST must carry both,
///   equal, and any `Origin` must be this server (OWASP's double-submit cookie). Without it a
///   foreign page could log a browser in as the attacker.
/// - **A login** that passes the throttle (``LoginThrottle``: 429 `loginThrottled`) and a place
///   to hash (``HashSlots``: 503 `loginBusy`) is checked by ``RunStore/Accounts/authenticate``;
///   an unknown name and a wrong password get the same page, 401, after the same work. A
///   success ends the session the browser named, if any, and begins a new one — a new id, a new
///   CSRF token (no fixation) —, then redirects (303) to the page asked for.
/// - **Logging out** is a POST with the session's CSRF token (form field `csrf` or
///   `X-CSRF-Token`): the session ends in the database — on every process at once — and the
///   cookie is cleared; 303 to the login page. Without the token: 403 `csrf`, and nothing ends.
enum LoginRoutes {
    static let loginPath = "/login"
    static let logoutPath = "/logout"

    static func login(_ request: HTTPRequest, application: ServerModeApplication) throws -> HTTPResponse {
        let strings = AccountStrings.english
        switch request.method {
        case "GET", "HEAD":
            let next = safeNext(request.query["next"])
            if let id = request.cookies[Session.cookieName], case .active = try application.lookup(sessionID: id) {
                return redirect(to: next)
            }
            let kept = request.cookies[ServerModeApplication.loginCookieName].flatMap { LoginSessions.digest(of: $0) != nil ? $0 : nil }
            let token = kept ?? LoginSessions.randomHex()
            var response = LoginPage.response(strings: strings, csrfToken: token, next: next)
            if kept == nil { response.add("Set-Cookie", loginCookie(token, application: application)) }
            return response
        case "POST":
            return try logIn(request, application: application, strings: strings)
        default:
            throw WebError(405, "methodNotAllowed", "\(loginPath) takes GET and POST", headers: [("Allow", "GET, HEAD, POST")])
        }
    }

    private static func logIn(_ request: HTTPRequest, application: ServerModeApplication, strings: AccountStrings) throws -> HTTPResponse {
        let form = URLEncodedForm(request.body)
        let next = safeNext(form["next"])
        guard let token = request.cookies[ServerModeApplication.loginCookieName], LoginSessions.digest(of: token) != nil,
              let submitted = form[CSRFGuard.fieldName], CSRFGuard.equal(submitted, token),
              CSRFGuard.isSameOrigin(request, origin: application.configuration.publicOrigin) else {
            throw WebError(403, "csrf", "a login carries the login form's token (field csrf) and its runlog_login cookie: "
                           + "reload the login page and try again")
        }
        let name = form["name"] ?? "", password = form["password"] ?? ""
        let now = application.mode.clock()
        func page(_ notice: String, status: Int) -> HTTPResponse {
            LoginPage.response(strings: strings, csrfToken: token, next: next, notice: notice, status: status)
        }
        let wait = application.throttle.begin(name: name, address: request.clientAddress, now: now)
        if wait > 0 {
            let seconds = Int(wait.rounded(.up))
            var response = page(strings.loginThrottled(String(seconds)), status: 429)
            response.add(RetryAfterMiddleware.fieldName, String(seconds))
            return response
        }
        // The attempt is settled on every path: failed, succeeded, or abandoned (no place to hash, an error).
        var settled = false
        defer { if !settled { application.throttle.abandoned(name: name, address: request.clientAddress) } }
        let account: Account
        do {
            account = try application.hashSlots.withSlot {
                try application.accounts.withAccounts { try $0.authenticate(name: name, password: password, nowSeconds: now) }
            }
        } catch let error as AccountError where [.invalidCredentials, .accountDisabled, .passwordTooLong].contains(error.code) {
            application.throttle.failed(name: name, address: request.clientAddress, now: now)
            settled = true
            return error.code == .accountDisabled ? page(strings.accountDisabled, status: 403) : page(strings.loginRefused, status: 401)
        } catch let error as WebError where error.code == HashSlots.busy.code {
            var response = page(strings.loginBusy, status: 503)
            for header in error.headers { response.add(header.name, header.value) }
            return response
        }
        application.throttle.succeeded(name: name, address: request.clientAddress)
        settled = true
        // No fixation: whatever session the browser named ends, and a new one begins.
        return try application.accounts.withStore { store in
            let sessions = application.sessions(store)
            if let old = request.cookies[Session.cookieName] { try sessions.end(id: old) }
            let made = try sessions.begin(for: account, nowSeconds: now)
            var response = redirect(to: next)
            response.add("Set-Cookie", application.sessionCookie(made.id))
            response.add("Set-Cookie", clearedLoginCookie(application: application))
            return response
        }
    }

    static func logout(_ request: HTTPRequest, application: ServerModeApplication) throws -> HTTPResponse {
        guard request.method == "POST" else {
            throw WebError(405, "methodNotAllowed", "\(logoutPath) takes POST (with the session's CSRF token)", headers: [("Allow", "POST")])
        }
        var response = redirect(to: loginPath)
        response.add("Set-Cookie", application.clearedSessionCookie)
        guard let id = request.cookies[Session.cookieName], case .active(let stored) = try application.lookup(sessionID: id) else {
            return response   // no session: nothing to end
        }
        let submitted = request.header(CSRFGuard.headerName) ?? URLEncodedForm(request.body)[CSRFGuard.fieldName]
        guard let submitted, CSRFGuard.equal(submitted, stored.csrfToken),
              CSRFGuard.isSameOrigin(request, origin: application.configuration.publicOrigin) else {
            throw WebError(403, "csrf", "logging out carries the session's CSRF token (form field csrf or header X-CSRF-Token): "
                           + "reload the page and try again")
        }
        try application.accounts.withStore { try application.sessions($0).end(id: id) }
        return response
    }

    /// 303 to the login page, which comes back to the request's page (a GET's) after logging in.
    static func redirectToLogin(from request: HTTPRequest) -> HTTPResponse {
        guard request.isRead else { return redirect(to: loginPath) }
        var target = request.path
        if !request.query.isEmpty {
            target += "?" + request.query.sorted { $0.key < $1.key }.map { "\(encoded($0.key))=\(encoded($0.value))" }.joined(separator: "&")
        }
        return redirect(to: loginPath + "?next=" + encoded(target))
    }

    /// A path of this server to go to after logging in: `next` when it is one (it begins with one
    /// `/`, holds no backslash or control character, and is not the login or logout), else `/`.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"),
              !next.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
              !next.hasPrefix(loginPath), !next.hasPrefix(logoutPath) else { return "/" }
        return next
    }

    static func redirect(to location: String) -> HTTPResponse {
        HTTPResponse(status: 303, headers: [("Location", location)])
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? "/"
    }

    private static func loginCookie(_ token: String, application: ServerModeApplication) -> String {
        "\(ServerModeApplication.loginCookieName)=\(token); Path=\(loginPath); HttpOnly; SameSite=Strict" + (application.mode.isSecure ? "; Secure" : "")
    }

    private static func clearedLoginCookie(application: ServerModeApplication) -> String {
        "\(ServerModeApplication.loginCookieName)=; Path=\(loginPath); Max-Age=0; HttpOnly; SameSite=Strict"
            + (application.mode.isSecure ? "; Secure" : "")
    }
}
