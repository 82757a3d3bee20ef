import RunHTTP

/// Refuses a POST, PUT, PATCH or DELETE that does not carry its session's CSRF token
/// (``CSRFGuard``) with 403 and the code `csrf`. The token comes from the `X-CSRF-Token` header
/// or the form's `csrf` field; a multipart form parsed for it is kept for the handler.
struct CSRFMiddleware: Middleware {
    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        guard CSRFGuard.isUnsafe(context.request.method) else { return try next(&context) }
        let submitted = Self.submittedToken(context.request)
        context.preparsedMultipart = submitted.multipart
        guard CSRFGuard.accepts(context.request, submitted: submitted.token, session: context.session.session) else {
            throw WebError(403, "csrf", "the request did not carry its session's CSRF token (form field csrf or header X-CSRF-Token, "
                           + "and the \(Session.cookieName) cookie): reload the page, or GET /api/v1/session first")
        }
        return try next(&context)
    }

    /// The token a request submits: the `X-CSRF-Token` header, or the `csrf` field of its form;
    /// with the multipart form it parsed for it, kept for the handler.
    static func submittedToken(_ request: HTTPRequest) -> (token: String?, multipart: MultipartForm?) {
        if let header = request.header(CSRFGuard.headerName) { return (header, nil) }
        switch request.mediaType {
        case "application/x-www-form-urlencoded": return (URLEncodedForm(request.body)[CSRFGuard.fieldName], nil)
        case "multipart/form-data":
            let form = try? MultipartForm(body: request.body, contentType: request.header("content-type") ?? "")
            return (form?[CSRFGuard.fieldName], form)
        default: return (nil, nil)
        }
    }
}
