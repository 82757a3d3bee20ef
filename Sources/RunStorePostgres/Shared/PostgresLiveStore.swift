package import RunStore
package import RunCore
import Foundation

/// One user's live recording in their shared store: one state row replaced by the recorder
/// (`live_sessions`, with the last ``historyLength`` states in `live_history` for followers), the
/// recording's points written as they arrive (`live_points`), and the queue of commands any
/// process sends (`live_commands`). The same rules as the SQLite store's; every write is a
/// transaction of ``PostgresSharedStore`` (its write lock, version and notification).
package struct PostgresLiveStore: LiveStorage {
    let store: PostgresSharedStore
    var connection: PostgresConnection { store.connection }
    var owner: Int64 { store.owner }

    /// How many published states followers can catch up on (25 s at 10 a second).
    static let historyLength: Int64 = 256

    // MARK: - The session

    package func current() throws -> LiveState? {
        guard let json = try connection.scalarText("SELECT state_json FROM live_sessions WHERE owner = $1", owner) else { return nil }
        return try Self.decode(LiveState.self, json, what: "live state")
    }

    package func setup() throws -> RecordingSetup? {
        guard let json = try connection.scalarText("SELECT setup_json FROM live_sessions WHERE owner = $1", owner) else { return nil }
        return try Self.decode(RecordingSetup.self, json, what: "recording setup")
    }

    package func laps() throws -> [RecordingSession.Lap] {
        guard let json = try connection.scalarText("SELECT laps_json FROM live_sessions WHERE owner = $1", owner) else { return [] }
        return try Self.decode([RecordingSession.Lap].self, json, what: "laps")
    }

    package func begin(_ state: LiveState, setup: RecordingSetup, now: Double) throws {
        try store.write {
            if let existing = try current(), !existing.state.isEnded {
                if !LiveHeartbeat.isStale(existing, now: now) { throw LiveError.recordingRunning(existing) }
                throw LiveError.interruptedRecording(existing)
            }
            try connection.query("DELETE FROM live_points WHERE owner = $1", owner)
            try connection.query("DELETE FROM live_history WHERE owner = $1", owner)
            try connection.query("DELETE FROM live_commands WHERE owner = $1 AND applied_at IS NULL", owner)
            try connection.query("""
                INSERT INTO live_sessions (owner, session_id, sequence, state, heartbeat, recorder_pid, state_json, setup_json, laps_json)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '[]')
                ON CONFLICT (owner) DO UPDATE SET session_id = excluded.session_id, sequence = excluded.sequence,
                    state = excluded.state, heartbeat = excluded.heartbeat, recorder_pid = excluded.recorder_pid,
                    state_json = excluded.state_json, setup_json = excluded.setup_json, laps_json = '[]'
                """, owner, state.sessionID, state.sequence, state.state.rawValue, state.heartbeatTime, Int32(state.recorderPID),
                try Self.encode(state), try Self.encode(setup))
            try remember(state)
        }
    }

    @discardableResult
    package func takeOver(recorderPID: Int32, now: Double) throws -> LiveState {
        try store.write {
            guard var state = try current(), !state.state.isEnded else { throw LiveError.nothingToRecover }
            guard LiveHeartbeat.isStale(state, now: now) else { throw LiveError.stillRunning(state) }
            state.recorderPID = recorderPID
            state.heartbeatTime = now
            state.sequence += 1
            try write(state)
            return state
        }
    }

    package func publishState(_ state: LiveState, points: [LivePoint], laps: [RecordingSession.Lap]?, applied: [AppliedCommand]) throws {
        try store.write {
            guard let row = try connection.query("SELECT session_id, sequence FROM live_sessions WHERE owner = $1", owner).first,
                  row.text(0) == state.sessionID else {
                throw StoredDataError("the live session \(state.sessionID) was replaced by another recorder")
            }
            guard state.sequence > row.int64(1) else {
                throw StoredDataError("live state \(state.sequence) is not newer than the stored \(row.int64(1))")
            }
            try write(state)
            try insert(points, session: state.sessionID)
            if let laps {
                try connection.query("UPDATE live_sessions SET laps_json = $2 WHERE owner = $1", owner, try Self.encode(laps))
            }
            for command in applied {
                try connection.query("UPDATE live_commands SET applied_at = $2, outcome = $3 WHERE owner = $1 AND id = $4",
                                     owner, state.heartbeatTime, command.outcome, command.id)
            }
        }
    }

    package func append(points: [LivePoint], session: String) throws {
        guard !points.isEmpty else { return }
        try store.write { try insert(points, session: session) }
    }

    private func write(_ state: LiveState) throws {
        try connection.query("""
            UPDATE live_sessions SET sequence = $2, state = $3, heartbeat = $4, recorder_pid = $5, state_json = $6 WHERE owner = $1
            """, owner, state.sequence, state.state.rawValue, state.heartbeatTime, Int32(state.recorderPID), try Self.encode(state))
        try remember(state)
    }

    private func remember(_ state: LiveState) throws {
        try connection.query("""
            INSERT INTO live_history (owner, sequence, state_json) VALUES ($1, $2, $3)
            ON CONFLICT (owner, sequence) DO UPDATE SET state_json = excluded.state_json
            """, owner, state.sequence, try Self.encode(state))
        try connection.query("DELETE FROM live_history WHERE owner = $1 AND sequence <= $2", owner, state.sequence - Self.historyLength)
    }

    package func states(after sequence: Int64) throws -> [LiveState] {
        try connection.query("SELECT state_json FROM live_history WHERE owner = $1 AND sequence > $2 ORDER BY sequence", owner, sequence)
            .all.map { try Self.decode(LiveState.self, $0.text(0) ?? "", what: "live state") }
    }

    private func insert(_ points: [LivePoint], session: String) throws {
        for point in points {
            let p = point.point
            try connection.query("""
                INSERT INTO live_points (owner, session_id, number, segment, latitude, longitude, elevation, time, time_digits,
                                         heart_rate, cadence, air_temperature)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
                """, values: [owner, session, point.number, Int32(point.segment), p.latitude, p.longitude, p.elevationMeters, p.timeSeconds,
                              Int32(p.timeFractionDigits), p.heartRateBPM, p.cadenceRPM, p.airTemperatureCelsius])
        }
    }

    package func points(session: String) throws -> [[TrackPoint]] {
        let rows = try connection.query("""
            SELECT segment, latitude, longitude, elevation, time, time_digits, heart_rate, cadence, air_temperature
            FROM live_points WHERE owner = $1 AND session_id = $2 ORDER BY number
            """, owner, session)
        var segments: [[TrackPoint]] = []
        var currentSegment = -1
        for row in rows.all {
            let segment = row.int(0)
            if segment != currentSegment { segments.append([]); currentSegment = segment }
            var point = TrackPoint(latitude: row.double(1), longitude: row.double(2))
            point.elevationMeters = row.optionalDouble(3)
            point.timeSeconds = row.optionalDouble(4)
            point.timeFractionDigits = UInt8(clamping: row.int(5))
            point.heartRateBPM = row.optionalDouble(6)
            point.cadenceRPM = row.optionalDouble(7)
            point.airTemperatureCelsius = row.optionalDouble(8)
            segments[segments.count - 1].append(point)
        }
        return segments
    }

    package func removePoints(session: String) throws {
        try store.write { try connection.query("DELETE FROM live_points WHERE owner = $1 AND session_id = $2", owner, session) }
    }

    // MARK: - Commands

    package func enqueue(_ kind: LiveCommandKind, now: Double) throws -> Int64 {
        try store.write {
            guard let state = try current(), !state.state.isEnded else { throw LiveError.noRecording }
            guard !LiveHeartbeat.isStale(state, now: now) else { throw LiveError.recorderNotAnswering(state) }
            guard let id = try connection.scalarInt(
                "UPDATE shared_stores SET last_command_id = last_command_id + 1 WHERE owner = $1 RETURNING last_command_id", owner) else {
                throw StoredDataError("the shared store of \(store.location) has no row to number its commands")
            }
            try connection.query("INSERT INTO live_commands (owner, id, session_id, kind, created_at) VALUES ($1, $2, $3, $4, $5)",
                                 owner, id, state.sessionID, kind.rawValue, now)
            return id
        }
    }

    package func pendingCommands(session: String) throws -> [QueuedCommand] {
        try commands(try connection.query("""
            SELECT id, kind, created_at, applied_at, outcome FROM live_commands
            WHERE owner = $1 AND session_id = $2 AND applied_at IS NULL ORDER BY id
            """, owner, session))
    }

    package func command(id: Int64) throws -> QueuedCommand? {
        try commands(try connection.query(
            "SELECT id, kind, created_at, applied_at, outcome FROM live_commands WHERE owner = $1 AND id = $2", owner, id)).first
    }

    package func answer(to id: Int64) throws -> (command: QueuedCommand, state: LiveState)? {
        guard let command = try command(id: id), command.appliedAt != nil,
              let state = try current(), (state.lastAppliedCommandID ?? 0) >= id else { return nil }
        return (command, state)
    }

    private func commands(_ rows: PostgresRows) throws -> [QueuedCommand] {
        try rows.all.map { row in
            guard let kind = LiveCommandKind(rawValue: row.text(1) ?? "") else {
                throw StoredDataError("a queued command has the unknown kind '\(row.text(1) ?? "")'")
            }
            return QueuedCommand(id: row.int64(0), kind: kind, createdAt: row.double(2), appliedAt: row.optionalDouble(3), outcome: row.text(4))
        }
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
