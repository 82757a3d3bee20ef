import Synchronization

/// Idle workspaces kept at most by several ``StorePool``s together: server mode keeps one pool per
/// user, and the database's connections (two per workspace) are bounded over all of them, not per
/// user. A pool takes a place to keep a workspace given back and releases it when it hands the
/// workspace out again or goes.
package final class IdleBudget: Sendable {
    /// Workspaces kept idle at most, by all the pools sharing it.
    package let limit: Int
    private let kept = Mutex(0)

    package init(limit: Int) { self.limit = max(0, limit) }

    /// Workspaces kept idle now.
    package var count: Int { kept.withLock { $0 } }

    /// Takes a place. - Returns: false when all are taken (the workspace is then closed).
    func take() -> Bool {
        kept.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// Gives `places` back.
    func release(_ places: Int) {
        guard places > 0 else { return }
        kept.withLock { $0 = max(0, $0 - places) }
    }
}
