package import RunCore
import Foundation

/// Whether a recording's recorder still answers, the same rule for every storage.
package enum LiveHeartbeat {
    /// Whether a session's recorder stopped answering: its heartbeat is older than
    /// ``RunCore/LiveState/staleAfterSeconds``, or its process is gone (a recorder on this machine:
    /// the process id tells at once after a crash).
    package static func isStale(_ state: LiveState, now: Double) -> Bool {
        guard !state.state.isEnded else { return false }
        if state.isStale(now: now) { return true }
        return kill(state.recorderPID, 0) != 0 && errno == ESRCH
    }

    /// `HH:MM:SS` in the local time zone, for messages.
    package static func clock(_ seconds: Double) -> String {
        var t = time_t(seconds)
        var parts = tm()
        localtime_r(&t, &parts)
        return String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
