import RunHTTP

/// Sets the session cookie on a response when a session was made for the request (a page or
/// `GET /api/v1/session` asked for its token: ``RequestContext/csrfToken``). The session itself is
/// found from the request's cookie when the context is made.
struct SessionMiddleware: Middleware {
    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        var response = try next(&context)
        if context.session.isNew, let session = context.session.session { response.add("Set-Cookie", session.cookie) }
        return response
    }
}
