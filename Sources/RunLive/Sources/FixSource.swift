package import RunCore
import Synchronization
import Foundation

/// Where a recorder's fixes come from: a GPX file replayed in time, or a live GPS through gpsd.
package protocol FixSource: Sendable {
    /// For people and the live state: `replay morning.gpx ×10`, `gpsd 127.0.0.1:2947`.
    var description: String { get }
    /// Produces fixes until the source ends, fails, or `stop` is set; runs on its own thread.
    /// - Throws: ``FixSourceError`` when the source cannot start or fails for good.
    func run(emit: @escaping @Sendable (FixEvent) -> Void, stop: StopFlag) throws
    /// The source for a recovered recording whose last stored fix has this time (seconds since
    /// 1970 UTC): a replay continues after it rather than from its start; a live GPS is live.
    func continuing(after timeSeconds: Double) -> any FixSource
}

extension FixSource {
    package func continuing(after timeSeconds: Double) -> any FixSource { self }
}

/// What a source reports.
package enum FixEvent: Sendable {
    case fix(TrackPoint)
    /// The source's recording starts a new track segment here (a replayed file's `<trkseg>`).
    case segmentBreak
    /// A passing problem, e.g. the GPS connection was lost and is being retried.
    case notice(String)
}

/// A flag set once to stop a source, with an interruptible sleep.
package final class StopFlag: Sendable {
    private let state = Mutex(false)

    package init() {}

    package var isSet: Bool { state.withLock { $0 } }

    package func set() { state.withLock { $0 = true } }

    /// Sleeps up to `seconds`, in slices, returning early (false) once the flag is set.
    package func sleep(seconds: Double) -> Bool {
        var left = seconds
        while left > 0 {
            if isSet { return false }
            let slice = min(left, 0.05)
            usleep(UInt32(slice * 1_000_000))
            left -= slice
        }
        return !isSet
    }
}
