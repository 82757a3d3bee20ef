import RunHTTP

/// Notes a change (``StorePool/noteChange()``: the store generation grows, cached pages are
/// rebuilt) after every POST, PUT, PATCH or DELETE that reached its handler — whether it
/// answered or threw, since a handler may have written part of its work before failing. A
/// request refused before (CSRF, no such route) changed nothing. Handlers do not note changes
/// themselves.
struct ChangeTrackingMiddleware: Middleware {
    let pool: StorePool

    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        guard CSRFGuard.isUnsafe(context.request.method) else { return try next(&context) }
        defer { pool.noteChange() }
        return try next(&context)
    }
}
