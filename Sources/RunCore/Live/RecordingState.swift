/// Where a recording is in its life: ready → running ⇄ paused (by a command) or auto-paused
/// (standing still) → finished or discarded.
package enum RecordingState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Started, waiting for the first fix.
    case ready
    case running
    /// Paused by a command: fixes are not recorded; resuming starts a new track segment.
    case paused
    /// Standing still with auto-pause on: fixes are still recorded (so the run's numbers equal an
    /// import of the same points), the clock of moving time stands.
    case autoPaused
    /// Ended and stored in the library.
    case finished
    /// Ended and thrown away.
    case discarded

    /// Whether the recording has ended.
    package var isEnded: Bool { self == .finished || self == .discarded }
}

/// What another process asks a recorder to do.
package enum LiveCommandKind: String, Sendable, Hashable, Codable, CaseIterable {
    case pause, resume, lap, finish, discard
}
