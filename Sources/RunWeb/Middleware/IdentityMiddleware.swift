import RunHTTP

/// Says who is asking (``RequestContext/identity``): by default the identity of the request's
/// session, else the anonymous local user. Accounts (a later step) will put a signed-in user in
/// the session; tests give a resolver of their own.
struct IdentityMiddleware: Middleware {
    let resolve: @Sendable (RequestContext) -> Identity

    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        context.identity = resolve(context)
        return try next(&context)
    }

    /// The session's identity, else ``Identity/localUser``.
    static let sessionOrLocalUser: @Sendable (RequestContext) -> Identity = { $0.session.session?.identity ?? .localUser }
}
