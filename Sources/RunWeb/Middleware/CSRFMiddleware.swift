import RunCore
import RunHTTP

/// Refuses a POST, PUT, PATCH or DELETE that does not carry its session's CSRF token
/// (``CSRFGuard``) with 403 and the code `csrf` — or `sessionExpired` when its cookie names a
/// session that expired unused (``SessionStore``): reloading the page gives a new session, and the
/// live page's script asks for one by itself. The token comes from the `X-CSRF-Token` header or
/// the form's `csrf` field — for an upload spooled to disk, from its head only (the header, or the
/// `csrf` query argument of the form's action: ``UploadAdmission``); a multipart form parsed for
/// it is kept for the handler.
struct CSRFMiddleware: Middleware {
    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        guard CSRFGuard.isUnsafe(context.request.method), !context.session.isTokenAuthenticated else { return try next(&context) }
        if context.session.hasExpired { throw Self.sessionExpired(idleSeconds: context.session.idleSeconds) }
        let submitted = Self.submittedToken(context.request)
        context.preparsedMultipart = submitted.multipart
        guard CSRFGuard.accepts(context.request, submitted: submitted.token, session: context.session.session,
                                origin: context.configuration.publicOrigin) else {
            throw Self.missingToken
        }
        return try next(&context)
    }

    /// The refusal of an unsafe request without its session's token: 403 `csrf`.
    static let missingToken = WebError(403, "csrf", "the request did not carry its session's CSRF token (form field csrf or "
                                       + "header X-CSRF-Token, and the \(Session.cookieName) cookie): reload the page, or "
                                       + "GET /api/v1/session first")

    /// Whether an unsafe request's head already shows it will be refused, before its body is read
    /// (``CSRFHeadMiddleware``): its session expired or is unknown, the `X-CSRF-Token` it carries
    /// is not the session's, its `Origin` is another site's, or it carries no token in its head
    /// and its body is not a form that could hold one.
    /// - Throws: the refusal ``respond(to:next:)`` would answer once the body has arrived.
    /// - Parameter origin: the public URL's origin (``WebConfiguration/publicOrigin``), nil for `http://` + `Host`.
    static func checkHead(_ request: HTTPRequest, session: SessionSlot, origin: String?) throws {
        guard CSRFGuard.isUnsafe(request.method), !session.isTokenAuthenticated else { return }
        if session.hasExpired { throw sessionExpired(idleSeconds: session.idleSeconds) }
        guard let kept = session.session else { throw missingToken }
        if let header = request.header(CSRFGuard.headerName) {
            guard CSRFGuard.accepts(request, submitted: header, session: kept, origin: origin) else { throw missingToken }
            return
        }
        // The token can only be a form's field: the body must be a form, from this origin if a browser says.
        guard ["application/x-www-form-urlencoded", "multipart/form-data"].contains(request.mediaType),
              CSRFGuard.accepts(request, submitted: kept.csrfToken, session: kept, origin: origin) else { throw missingToken }
    }

    /// The token an upload carries in its head: the `X-CSRF-Token` header, else the `csrf` query
    /// argument (the import form's action, `/import?csrf=…`, so that the form works without script).
    static func headToken(_ request: HTTPRequest) -> String? {
        request.header(CSRFGuard.headerName) ?? request.query[CSRFGuard.fieldName]
    }

    /// The refusal of an unsafe request whose session expired: 403 `sessionExpired`, with the idle time in `idleSeconds`.
    static func sessionExpired(idleSeconds: Double) -> WebError {
        let seconds = Int64(idleSeconds.rounded())
        var error = WebError(403, "sessionExpired", "the session this request names ended: it was not used for \(seconds) s; "
                             + "reload the page (it gets a new session) and try again, or GET /api/v1/session for a new token")
        error.data = ["idleSeconds": .integer(seconds)]
        return error
    }

    /// The token a request submits: the `X-CSRF-Token` header, or the `csrf` field of its form;
    /// with the multipart form it parsed for it, kept for the handler.
    static func submittedToken(_ request: HTTPRequest) -> (token: String?, multipart: MultipartForm?) {
        if let header = request.header(CSRFGuard.headerName) { return (header, nil) }
        // An upload on disk carried its token in its head, checked before its body was written
        // (``UploadAdmission``); its body is never read for one.
        if request.spooledBody != nil { return (headToken(request), nil) }
        switch request.mediaType {
        case "application/x-www-form-urlencoded": return (URLEncodedForm(request.body)[CSRFGuard.fieldName], nil)
        case "multipart/form-data":
            let form = try? MultipartForm(body: request.body, contentType: request.header("content-type") ?? "")
            return (form?[CSRFGuard.fieldName], form)
        default: return (nil, nil)
        }
    }
}
