import RunHTTP

/// The CSRF check of an unsafe request made from its head alone, before a byte of its body is
/// read (``WebApplication/admitBody(of:declaredLength:)``): a request that its head already shows
/// will be refused — no session, an expired one, a wrong `X-CSRF-Token`, a foreign `Origin`, no
/// token in the head and no form to carry one — is answered at once, its body never buffered
/// (``CSRFMiddleware/checkHead(_:session:origin:)``). One that may still carry its token in its form is
/// let on; ``CSRFMiddleware`` checks it again in full when the body has arrived.
struct CSRFHeadMiddleware: Middleware {
    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        try CSRFMiddleware.checkHead(context.request, session: context.session, origin: context.configuration.publicOrigin)
        return try next(&context)
    }
}
