import Foundation
import RunCore
import RunHTTP
import RunUI

/// Serves a cacheable route's GET from the ``PageCache`` while nothing it shows changed, and keeps
/// its 200 responses. The key holds what the page shows and who sees it: the identity, the store
/// generation (any change to the library or the settings — so the language and units too — in
/// this server or another process), the hour (weeks turn at midnight), the path and query, and
/// the live state a page shows (the recording's newest state and whether it answers).
///
/// A page carries its session's CSRF token; a kept page is served to another session of the
/// same identity with that session's token put in its place.
struct CacheMiddleware: Middleware {
    let cache: PageCache
    let pool: StorePool

    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        guard let route = context.route, route.isCacheable, context.request.isRead else { return try next(&context) }
        let key = Self.key(context, generation: pool.generation)
        if let cached = cache.response(for: key) {
            var body = cached.body
            if let kept = cached.csrfToken { Self.put(context.csrfToken, replacing: kept, at: cached.tokenOffsets, in: &body) }
            return HTTPResponse(status: cached.status, headers: cached.headers, body: .bytes(body))
        }
        let response = try next(&context)
        if response.status == 200, let bytes = response.bytes {
            // The token the page was written with, when it asked for one, and where it stands.
            let token = context.session.session?.csrfToken
            let offsets = token.map { Self.offsets(of: Array($0.utf8), in: bytes) } ?? []
            cache.store(PageCache.CachedResponse(status: response.status, headers: response.headers, body: bytes,
                                                 csrfToken: offsets.isEmpty ? nil : token, tokenOffsets: offsets), for: key)
        }
        return response
    }

    static func key(_ context: RequestContext, generation: UInt64) -> String {
        let hour = Int(Date().timeIntervalSince1970 / 3600)
        let query = context.request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        var liveKey = ""
        if let live = context.scope?.live, live.isActive, let state = live.state { liveKey = "|live \(state.sessionID) \(state.sequence) \(live.isStale)" }
        return "\(context.identity.id.count):\(context.identity.id)|\(generation)|\(hour)|\(context.request.path)?\(query)\(liveKey)"
    }

    /// Writes `token` over `kept` at `offsets` in `body` (two tokens of the same length); nothing
    /// when they are equal (the same session asks again).
    static func put(_ token: String, replacing kept: String, at offsets: [Int], in body: inout [UInt8]) {
        let bytes = Array(token.utf8)
        guard token != kept, bytes.count == kept.utf8.count else { return }
        for offset in offsets where offset + bytes.count <= body.count {
            body.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        }
    }

    /// Where `needle` starts in `body`, each occurrence (not overlapping).
    /// - Complexity: O(`body.count`) for a needle whose first byte is rare (hex digits in HTML).
    static func offsets(of needle: [UInt8], in body: [UInt8]) -> [Int] {
        guard let first = needle.first, body.count >= needle.count else { return [] }
        var found: [Int] = []
        var i = 0
        while i <= body.count - needle.count {
            if body[i] == first, body[i..<(i + needle.count)].elementsEqual(needle) {
                found.append(i)
                i += needle.count
            } else {
                i += 1
            }
        }
        return found
    }
}
