public import RunCore

/// A recorded point with its place in the recording.
public struct LivePoint: Sendable {
    /// 0, 1, 2… in recording order.
    public var number: Int
    /// The track segment (0 for the first; a new one after each pause).
    public var segment: Int
    public var point: TrackPoint

    public init(number: Int, segment: Int, point: TrackPoint) {
        self.number = number
        self.segment = segment
        self.point = point
    }
}

/// A queued command.
public struct QueuedCommand: Sendable, Hashable {
    public var id: Int64
    public var kind: LiveCommandKind
    public var createdAt: Double
    /// When the recorder applied it (nil: waiting).
    public var appliedAt: Double?
    /// `ok`, or why it did not apply.
    public var outcome: String?

    public init(id: Int64, kind: LiveCommandKind, createdAt: Double, appliedAt: Double? = nil, outcome: String? = nil) {
        self.id = id
        self.kind = kind
        self.createdAt = createdAt
        self.appliedAt = appliedAt
        self.outcome = outcome
    }
}

/// A command the recorder applied, with its outcome, acknowledged with the next state.
public struct AppliedCommand: Sendable, Hashable {
    public var id: Int64
    public var outcome: String

    public init(id: Int64, outcome: String) {
        self.id = id
        self.outcome = outcome
    }
}
