import Foundation

/// Bounds the password checks running at once: one Argon2id check takes 0.13 s of a core and
/// 19 MiB (``RunStore/PasswordHasher``), so logins arriving together must not take every server
/// thread and memory. At most ``limit`` checks run at once (default 2: 40 MB); at most
/// ``waitLimit`` more wait for a place (default 8, each holding a server thread), each at most
/// ``waitSeconds`` (2 s); a login beyond is refused at once with 503 `loginBusy` and
/// `Retry-After: 1`.
///
/// `@unchecked Sendable`: `running` and `waiting` are read and written under `condition`'s lock.
package final class HashSlots: @unchecked Sendable {
    package let limit: Int
    package let waitLimit: Int
    package let waitSeconds: Double
    private let condition = NSCondition()
    private var running = 0
    private var waiting = 0

    package init(limit: Int = 2, waitLimit: Int = 8, waitSeconds: Double = 2) {
        self.limit = max(1, limit)
        self.waitLimit = max(0, waitLimit)
        self.waitSeconds = waitSeconds
    }

    /// Runs `body` in a place, waiting for one as said above.
    /// - Throws: ``WebError`` 503 `loginBusy` when no place came; `body`'s error.
    package func withSlot<T>(_ body: () throws -> T) throws -> T {
        condition.lock()
        if running >= limit {
            guard waiting < waitLimit else {
                condition.unlock()
                throw Self.busy
            }
            waiting += 1
            let deadline = Date(timeIntervalSinceNow: waitSeconds)
            while running >= limit, condition.wait(until: deadline) {}
            waiting -= 1
            guard running < limit else {
                condition.unlock()
                throw Self.busy
            }
        }
        running += 1
        condition.unlock()
        defer {
            condition.lock()
            running -= 1
            condition.signal()
            condition.unlock()
        }
        return try body()
    }

    /// Checks running now.
    package var runningCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return running
    }

    static let busy: WebError = WebError(503, "loginBusy", "the server is checking as many logins as it does at once; try again in a second")
        .retryingAfter(seconds: 1)
}
