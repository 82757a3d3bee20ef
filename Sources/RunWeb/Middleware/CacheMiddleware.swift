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
            return HTTPResponse(status: cached.status, headers: cached.headers, body: Self.body(of: cached, token: context.csrfToken))
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

    /// A kept page's body with `token` in the place of the token it was written with: the page's
    /// parts between the tokens and the token, as pieces the server joins once (no copy of the
    /// page here); the kept bytes themselves when the token is the same (the same session asks
    /// again) or the page carries none.
    static func body(of cached: PageCache.CachedResponse, token: String) -> HTTPResponse.Body {
        guard let kept = cached.csrfToken, token != kept, token.utf8.count == kept.utf8.count else { return .bytes(cached.body) }
        let tokenBytes = Array(token.utf8)[...]
        var pieces: [ArraySlice<UInt8>] = []
        pieces.reserveCapacity(cached.tokenOffsets.count * 2 + 1)
        var start = 0
        for offset in cached.tokenOffsets where offset >= start && offset + tokenBytes.count <= cached.body.count {
            pieces.append(cached.body[start..<offset])
            pieces.append(tokenBytes)
            start = offset + tokenBytes.count
        }
        pieces.append(cached.body[start...])
        return .pieces(pieces)
    }

    /// Where `needle` starts in `body`, each occurrence (not overlapping).
    /// - Complexity: O(`body.count`): C's `memchr` finds each candidate first byte, `memcmp` checks
    ///   it (a run page with its drawings is 70 kB of digits, where a byte-by-byte search cost
    ///   600,000 instructions).
    static func offsets(of needle: [UInt8], in body: [UInt8]) -> [Int] {
        guard let first = needle.first, body.count >= needle.count else { return [] }
        var found: [Int] = []
        body.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { pattern in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return }
                let last = haystack.count - pattern.count
                var offset = 0
                while offset <= last, let hit = memchr(base + offset, Int32(first), last - offset + 1) {
                    let position = UnsafeRawPointer(hit) - base
                    if memcmp(hit, patternBase, pattern.count) == 0 {
                        found.append(position)
                        offset = position + pattern.count
                    } else {
                        offset = position + 1
                    }
                }
            }
        }
        return found
    }
}
