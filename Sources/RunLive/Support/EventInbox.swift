import Dispatch
import Synchronization

/// Events posted from several threads (a source, a store observer, signal handlers, a key
/// reader) and taken in batches by one loop, which sleeps until the first arrives.
package final class EventInbox<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])
    private let semaphore = DispatchSemaphore(value: 0)

    package init() {}

    package func post(_ event: Event) {
        events.withLock { $0.append(event) }
        semaphore.signal()
    }

    /// Waits up to `seconds` for an event; returns every event posted so far (maybe none).
    package func take(waitingUpTo seconds: Double) -> [Event] {
        if seconds > 0, events.withLock({ $0.isEmpty }) {
            _ = semaphore.wait(timeout: .now() + seconds)
        }
        return events.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
