/// Who gives way when a pool is full and one more client asks: the one rule that makes every
/// limit the server shares among clients fair instead of first-come (issue 16) — the connection
/// limit (``ConnectionTable``) and every ``FairPool`` (upload bytes, the import queue, downloads,
/// track work, live streams).
///
/// With `limit` units (places, or bytes) and `A` addresses holding some or asking (the newcomer
/// included), an address's fair share is `limit / A` (rounded down, at least 1). A newcomer that
/// wants `wanted` units and whose address would stay within its fair share gets them: units of
/// the address holding the most — more than `wanted` above the newcomer's, so two addresses never
/// trade a place back and forth — are taken to make room (the caller chooses which of its
/// holders, and takes from the next address when none can be cut). A newcomer whose address would
/// pass its share is refused, taking nobody's place.
///
/// So eight addresses each holding 64 of 512 places leave a ninth its share: 512 / 9 = 56
/// places, taken one by one from the eight as the ninth asks; two addresses each spooling
/// 256 MiB of a 512 MiB upload budget leave a third a share of 170 MiB.
package enum FairShare {
    /// What to do with a newcomer.
    package enum Decision: Equatable, Sendable {
        /// There is room.
        case admit
        /// Take units from these addresses (in order of preference: most held first), then admit.
        case admitMakingRoom(from: [ClientAddress])
        /// The address would pass its fair share (or nobody holds more than it): refuse.
        case refuse
    }

    /// The decision for `wanted` units asked by `newcomer` when `held` says how many units each
    /// address holds (those being given back not counted).
    /// - Complexity: O(a log a) for `a` addresses, when the pool is full; O(a) otherwise.
    package static func decide(newcomer: ClientAddress, wanted: Int = 1, held: [ClientAddress: Int], limit: Int) -> Decision {
        guard held.values.reduce(0, +) + wanted > limit else { return .admit }
        let addresses = held.keys.contains(newcomer) ? held.count : held.count + 1
        let share = max(1, limit / addresses)
        let own = held[newcomer] ?? 0
        guard own + wanted <= share else { return .refuse }
        let richer = held.filter { $0.value > own + wanted }.sorted { $0.value > $1.value }.map(\.key)
        return richer.isEmpty ? .refuse : .admitMakingRoom(from: richer)
    }
}
