/// Who gives way when every connection place is taken and one more client connects: the rule
/// that makes ``ServerConfiguration/connectionLimit`` fair instead of first-come (issue 16).
///
/// With `limit` places and `A` addresses holding them or asking (the newcomer included), an
/// address's fair share is `limit / A` (rounded down, at least 1). A newcomer whose address
/// holds fewer than its fair share gets a place: a connection of the address holding the most —
/// more than one above the newcomer's, so two addresses never trade a place back and forth — is
/// closed to make room (``ConnectionTable`` chooses which of its connections: one waiting for
/// its request's head first, one being answered last). A newcomer whose address holds its share
/// already is refused (closed at once), as one over the per-address limit is.
///
/// So eight addresses each holding 64 of 512 places leave a ninth its share: 512 / 9 = 56
/// places, taken one by one from the eight as the ninth connects.
enum FairShare {
    /// What to do with a newcomer.
    enum Decision: Equatable {
        /// There is a free place.
        case admit
        /// Close one connection of these addresses (in order of preference: most held first), then admit.
        case admitMakingRoom(from: [ClientAddress])
        /// The address holds its fair share or more: refuse.
        case refuse
    }

    /// The decision for a connection from `newcomer` when `held` says how many connections each
    /// address holds (those being closed not counted).
    /// - Complexity: O(a log a) for `a` addresses, when every place is taken; O(a) otherwise.
    static func decide(newcomer: ClientAddress, held: [ClientAddress: Int], limit: Int) -> Decision {
        guard held.values.reduce(0, +) >= limit else { return .admit }
        let addresses = held.keys.contains(newcomer) ? held.count : held.count + 1
        let share = max(1, limit / addresses)
        let own = held[newcomer] ?? 0
        guard own < share else { return .refuse }
        let richer = held.filter { $0.value > own + 1 }.sorted { $0.value > $1.value }.map(\.key)
        return richer.isEmpty ? .refuse : .admitMakingRoom(from: richer)
    }
}
