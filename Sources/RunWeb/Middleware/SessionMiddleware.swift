import RunHTTP

/// Sets the session cookie on a response when a session was made for the request (a page or
/// `GET /api/v1/session` asked for its token: ``RequestContext/csrfToken``) and the request was
/// accepted (a status below 400). A refused request — a foreign `Host`, a missing token, a body
/// over the limit, an error page — gets no cookie, and a session made while answering it is
/// forgotten at once: only answers a client asked for and got start sessions. The session itself
/// is found from the request's cookie when the context is made.
struct SessionMiddleware: Middleware {
    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        var response = try next(&context)
        guard context.session.isNew, let session = context.session.session else { return response }
        if Self.isAccepted(response.status) {
            response.add("Set-Cookie", session.cookie)
        } else {
            context.session.discardNew()
        }
        return response
    }

    /// Whether a response's status says the request was accepted (1xx–3xx).
    static func isAccepted(_ status: Int) -> Bool { status < 400 }
}
