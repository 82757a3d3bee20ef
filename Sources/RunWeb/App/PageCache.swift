import Synchronization

/// Responses kept in memory by key, the least recently used dropped first past a byte budget.
/// Keys carry the store's change ``StorePool/generation``, so an entry is never served after a
/// change, and the identity that saw it (``CacheMiddleware``).
final class PageCache: Sendable {
    private struct Entry {
        var response: CachedResponse
        var lastUse: UInt64
    }

    struct CachedResponse: Sendable {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        /// The session token written into the body, replaced by the requester's own when served.
        var csrfToken: String?
        /// Where in the body it stands.
        var tokenOffsets: [Int] = []
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    let budgetBytes: Int

    init(budgetBytes: Int = 64 * 1024 * 1024) {
        self.budgetBytes = budgetBytes
    }

    func response(for key: String) -> CachedResponse? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.response
        }
    }

    func store(_ response: CachedResponse, for key: String) {
        guard response.body.count <= budgetBytes / 4 else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries[key] { state.bytes -= old.response.body.count }
            state.entries[key] = Entry(response: response, lastUse: state.clock)
            state.bytes += response.body.count
            while state.bytes > budgetBytes, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.bytes -= oldest.value.response.body.count
                state.entries.removeValue(forKey: oldest.key)
            }
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
