package import RunStore
package import RunCore
import Foundation

/// The live session in the shared store: one state row replaced by the recorder (never a growing
/// log; the last ``historyLength`` states are also kept in a ring for followers), the recording's points written durably as they arrive, and the queue of commands other
/// processes send. Tables `live_session`, `live_points`, `live_commands` of `group.sqlite`.
///
/// Writers: the recorder only (state, points, acknowledgements); any process enqueues commands.
/// Readers never block writers (WAL) and read the state row in one statement, so a state is never
/// seen half-written.
package struct LiveStore: LiveStorage {
    package let store: SharedStore

    package init(store: SharedStore) {
        self.store = store
    }

    var database: Database { store.database }

    // MARK: - The session

    /// The newest published state, or nil when no recording was ever started.
    package func current() throws -> LiveState? {
        guard let json = try database.scalarText("SELECT state_json FROM live_session WHERE slot = 1") else { return nil }
        return try Self.decode(LiveState.self, json, what: "live state")
    }

    /// The setup of the current session.
    package func setup() throws -> RecordingSetup? {
        guard let json = try database.scalarText("SELECT setup_json FROM live_session WHERE slot = 1") else { return nil }
        return try Self.decode(RecordingSetup.self, json, what: "recording setup")
    }

    /// The laps of the current session.
    package func laps() throws -> [RecordingSession.Lap] {
        guard let json = try database.scalarText("SELECT laps_json FROM live_session WHERE slot = 1") else { return [] }
        return try Self.decode([RecordingSession.Lap].self, json, what: "laps")
    }

    /// Starts a session: its first state and its setup replace the previous session's row.
    /// - Throws: ``LiveError`` `.recordingRunning` when another recorder is answering,
    ///   `.interruptedRecording` when a session stopped without finishing (its points are kept
    ///   until it is recovered or discarded).
    package func begin(_ state: LiveState, setup: RecordingSetup, now: Double) throws {
        try store.update { _ in
            if let existing = try current(), !existing.state.isEnded {
                if !LiveHeartbeat.isStale(existing, now: now) {
                    throw LiveError.recordingRunning(existing)
                }
                throw LiveError.interruptedRecording(existing)
            }
            try database.run("DELETE FROM live_points")
            try database.run("DELETE FROM live_history")
            try database.run("DELETE FROM live_commands WHERE applied_at IS NULL")
            try database.run("""
                INSERT INTO live_session (slot, session_id, sequence, state, heartbeat, recorder_pid, state_json, setup_json, laps_json)
                VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, '[]')
                ON CONFLICT (slot) DO UPDATE SET session_id = excluded.session_id, sequence = excluded.sequence,
                    state = excluded.state, heartbeat = excluded.heartbeat, recorder_pid = excluded.recorder_pid,
                    state_json = excluded.state_json, setup_json = excluded.setup_json, laps_json = '[]'
                """, state.sessionID, state.sequence, state.state.rawValue, state.heartbeatTime, Int64(state.recorderPID),
                try Self.encode(state), try Self.encode(setup))
            try remember(state)
        }
    }

    /// Takes over an interrupted session for recovery (a new recorder process, same session).
    /// - Throws: ``LiveError`` `.noRecording` when there is none, `.recordingRunning` when its
    ///   recorder still answers.
    @discardableResult
    package func takeOver(recorderPID: Int32, now: Double) throws -> LiveState {
        try store.update { _ in
            guard var state = try current(), !state.state.isEnded else {
                throw LiveError.nothingToRecover
            }
            guard LiveHeartbeat.isStale(state, now: now) else {
                throw LiveError.stillRunning(state)
            }
            state.recorderPID = recorderPID
            state.heartbeatTime = now
            state.sequence += 1
            try write(state)
            return state
        }
    }

    /// Publishes a state (with a higher sequence number than the stored one), and in the same
    /// transaction the new points, the laps and the acknowledgement of applied commands.
    /// - Throws: ``StoredDataError`` when the sequence does not increase or the session
    ///   changed (another recorder took over), storage errors.
    package func publishState(_ state: LiveState, points: [LivePoint], laps: [RecordingSession.Lap]?,
                             applied: [AppliedCommand]) throws {
        try store.update { _ in
            let row = try database.prepare("SELECT session_id, sequence FROM live_session WHERE slot = 1")
            guard try row.step(), row.text(0) == state.sessionID else {
                throw StoredDataError("the live session \(state.sessionID) was replaced by another recorder")
            }
            guard state.sequence > row.int64(1) else {
                throw StoredDataError("live state \(state.sequence) is not newer than the stored \(row.int64(1))")
            }
            try write(state)
            try append(points, session: state.sessionID)
            if let laps {
                try database.run("UPDATE live_session SET laps_json = ?1 WHERE slot = 1", try Self.encode(laps))
            }
            for command in applied {
                try database.run("UPDATE live_commands SET applied_at = ?1, outcome = ?2 WHERE id = ?3",
                                 state.heartbeatTime, command.outcome, command.id)
            }
        }
    }

    /// Writes points durably without a new state (each fix as it arrives).
    package func append(points: [LivePoint], session: String) throws {
        guard !points.isEmpty else { return }
        try store.update { _ in try append(points, session: session) }
    }

    private func write(_ state: LiveState) throws {
        try database.run("""
            UPDATE live_session SET sequence = ?1, state = ?2, heartbeat = ?3, recorder_pid = ?4, state_json = ?5 WHERE slot = 1
            """, state.sequence, state.state.rawValue, state.heartbeatTime, Int64(state.recorderPID), try Self.encode(state))
        try remember(state)
    }

    /// How many published states followers can catch up on (25 s at 10 a second).
    package static let historyLength: Int64 = 256

    private func remember(_ state: LiveState) throws {
        try database.run("INSERT OR REPLACE INTO live_history (sequence, state_json) VALUES (?1, ?2)", state.sequence, try Self.encode(state))
        try database.run("DELETE FROM live_history WHERE sequence <= ?1", state.sequence - Self.historyLength)
    }

    /// The states published after `sequence`, oldest first (at most ``historyLength``): a follower
    /// that was busy for a moment sees every state, in order.
    package func states(after sequence: Int64) throws -> [LiveState] {
        let statement = try database.prepare("SELECT state_json FROM live_history WHERE sequence > ?1 ORDER BY sequence")
        try statement.bind([sequence])
        var states: [LiveState] = []
        while try statement.step() { states.append(try Self.decode(LiveState.self, statement.text(0) ?? "", what: "live state")) }
        return states
    }

    private func append(_ points: [LivePoint], session: String) throws {
        guard !points.isEmpty else { return }
        let insert = try database.prepare("""
            INSERT INTO live_points (session_id, number, segment, latitude, longitude, elevation, time, time_digits,
                                     heart_rate, cadence, air_temperature)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        for point in points {
            let p = point.point
            try insert.bind([session, point.number, point.segment, p.latitude, p.longitude, p.elevationMeters, p.timeSeconds,
                             Int(p.timeFractionDigits), p.heartRateBPM, p.cadenceRPM, p.airTemperatureCelsius])
            _ = try insert.step()
            insert.reset()
        }
    }

    /// The stored points of a session, by segment.
    package func points(session: String) throws -> [[TrackPoint]] {
        let statement = try database.prepare("""
            SELECT segment, latitude, longitude, elevation, time, time_digits, heart_rate, cadence, air_temperature
            FROM live_points WHERE session_id = ?1 ORDER BY number
            """)
        try statement.bind([session])
        var segments: [[TrackPoint]] = []
        var currentSegment = -1
        while try statement.step() {
            let segment = statement.int(0)
            if segment != currentSegment { segments.append([]); currentSegment = segment }
            var point = TrackPoint(latitude: statement.double(1), longitude: statement.double(2))
            point.elevationMeters = statement.optionalDouble(3)
            point.timeSeconds = statement.optionalDouble(4)
            point.timeFractionDigits = UInt8(clamping: statement.int(5))
            point.heartRateBPM = statement.optionalDouble(6)
            point.cadenceRPM = statement.optionalDouble(7)
            point.airTemperatureCelsius = statement.optionalDouble(8)
            segments[segments.count - 1].append(point)
        }
        return segments
    }

    /// Removes a session's points (after its run is stored in the library, or it was discarded).
    package func removePoints(session: String) throws {
        try store.update { _ in try database.run("DELETE FROM live_points WHERE session_id = ?1", session) }
    }

    // MARK: - Commands

    /// Queues a command for the running recorder.
    /// - Returns: the command's id; the recorder acknowledges it in the state (`lastAppliedCommandID`).
    /// - Throws: ``LiveError`` `.noRecording` when no recording is running, `.recorderNotAnswering` when its recorder has
    ///   not answered for ``LiveState/staleAfterSeconds`` (the command would wait for nobody).
    package func enqueue(_ kind: LiveCommandKind, now: Double) throws -> Int64 {
        try store.update { _ in
            guard let state = try current(), !state.state.isEnded else {
                throw LiveError.noRecording
            }
            guard !LiveHeartbeat.isStale(state, now: now) else {
                throw LiveError.recorderNotAnswering(state)
            }
            try database.run("INSERT INTO live_commands (session_id, kind, created_at) VALUES (?1, ?2, ?3)",
                             state.sessionID, kind.rawValue, now)
            return database.lastInsertRowID
        }
    }

    /// Commands of a session not yet applied, oldest first.
    package func pendingCommands(session: String) throws -> [QueuedCommand] {
        let statement = try database.prepare("""
            SELECT id, kind, created_at, applied_at, outcome FROM live_commands
            WHERE session_id = ?1 AND applied_at IS NULL ORDER BY id
            """)
        try statement.bind([session])
        return try commands(statement)
    }

    /// A command by id.
    package func command(id: Int64) throws -> QueuedCommand? {
        let statement = try database.prepare("SELECT id, kind, created_at, applied_at, outcome FROM live_commands WHERE id = ?1")
        try statement.bind([id])
        return try commands(statement).first
    }

    /// The recorder's answer to a command, once it has applied it and published the state that
    /// acknowledges it (`lastAppliedCommandID` at or past it); nil while it has not.
    package func answer(to id: Int64) throws -> (command: QueuedCommand, state: LiveState)? {
        guard let command = try command(id: id), command.appliedAt != nil,
              let state = try current(), (state.lastAppliedCommandID ?? 0) >= id else { return nil }
        return (command, state)
    }

    private func commands(_ statement: Statement) throws -> [QueuedCommand] {
        var result: [QueuedCommand] = []
        while try statement.step() {
            guard let kind = LiveCommandKind(rawValue: statement.text(1) ?? "") else {
                throw StoredDataError("a queued command has the unknown kind '\(statement.text(1) ?? "")'")
            }
            result.append(QueuedCommand(id: statement.int64(0), kind: kind, createdAt: statement.double(2),
                                      appliedAt: statement.optionalDouble(3), outcome: statement.text(4)))
        }
        return result
    }

    // MARK: - Helpers

    static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String, what: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(json.utf8))
        } catch {
            throw StoredDataError("the stored \(what) cannot be read: \(error)")
        }
    }
}
