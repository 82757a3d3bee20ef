import RunHTTP

/// Serves the static files (`/static/…`: style, scripts, icon, Leaflet) with an ETag and an hour
/// of public caching; anything else goes on.
struct StaticAssetsMiddleware: Middleware {
    let assets: StaticAssets

    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        guard let asset = assets.asset(at: context.request.path) else { return try next(&context) }
        guard context.request.isRead else {
            throw WebError(405, "methodNotAllowed", "static files take GET only", headers: [("Allow", "GET, HEAD")])
        }
        if context.request.header("if-none-match") == asset.etag {
            return HTTPResponse(status: 304, headers: [("ETag", asset.etag), ("Cache-Control", "public, max-age=3600")])
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", asset.contentType), ("ETag", asset.etag),
                                                   ("Cache-Control", "public, max-age=3600")], body: .bytes(asset.bytes))
    }
}
