import RunCore
import Foundation

/// Timing notes for `make bench-live`, kept in memory and written to a file when the command
/// ends (nothing is written while it runs). `runlog widget` with `RUNLOG_WIDGET_TRACE=FILE` notes
/// each pass (a state read, the screen redrawn or found unchanged), each key and each command
/// sent; `runlog record` with `RUNLOG_RECORD_TRACE=FILE` notes each publication once its commit
/// has returned. The benchmark times commits to redraws and keys to the redraw that shows their
/// command applied.
///
/// Lines (times are `CLOCK_REALTIME` nanoseconds, comparable with the state's heartbeat):
/// `pass TIME SEQUENCE DRAWN HEARTBEAT POINTS DISTANCE ELAPSED STATE LAPS APPLIED`,
/// `key TIME BYTE`, `sent TIME ID`, `published TIME SEQUENCE HEARTBEAT`.
final class LiveTrace {
    private let path: String
    private var lines: [String] = []

    /// - Parameter variable: the environment variable naming the file; nil when it is not set.
    init?(_ variable: String, environment: [String: String]) {
        guard let path = environment[variable], !path.isEmpty else { return nil }
        self.path = path
        lines.reserveCapacity(4096)
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// After a state was read and the screen drawn (`drawn`) or found unchanged.
    func pass(_ state: LiveState?, drawn: Bool) {
        guard let s = state else { return }
        lines.append("pass \(Self.now()) \(s.sequence) \(drawn ? 1 : 0) \(s.heartbeatTime) \(s.pointCount) \(s.distanceMeters) "
                     + "\(s.elapsedTimeSeconds) \(s.state.rawValue) \(s.lapCount) \(s.lastAppliedCommandID ?? 0)")
    }

    func key(_ byte: UInt8, at time: Int64) { lines.append("key \(time) \(byte)") }

    func sent(_ id: Int64) { lines.append("sent \(Self.now()) \(id)") }

    /// After the recorder's commit of `state` returned.
    func published(_ state: LiveState) { lines.append("published \(Self.now()) \(state.sequence) \(state.heartbeatTime)") }

    /// Writes the notes (replacing the file).
    func write() {
        _ = FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
