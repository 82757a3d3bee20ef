package import RunCore

/// A recorded point with its place in the recording.
package struct LivePoint: Sendable {
    /// 0, 1, 2… in recording order.
    package var number: Int
    /// The track segment (0 for the first; a new one after each pause).
    package var segment: Int
    package var point: TrackPoint

    package init(number: Int, segment: Int, point: TrackPoint) {
        self.number = number
        self.segment = segment
        self.point = point
    }
}

/// A queued command.
package struct QueuedCommand: Sendable, Hashable {
    package var id: Int64
    package var kind: LiveCommandKind
    package var createdAt: Double
    /// When the recorder applied it (nil: waiting).
    package var appliedAt: Double?
    /// `ok`, or why it did not apply.
    package var outcome: String?

    package init(id: Int64, kind: LiveCommandKind, createdAt: Double, appliedAt: Double? = nil, outcome: String? = nil) {
        self.id = id
        self.kind = kind
        self.createdAt = createdAt
        self.appliedAt = appliedAt
        self.outcome = outcome
    }
}

/// A command the recorder applied, with its outcome, acknowledged with the next state.
package struct AppliedCommand: Sendable, Hashable {
    package var id: Int64
    package var outcome: String

    package init(id: Int64, outcome: String) {
        self.id = id
        self.outcome = outcome
    }
}
