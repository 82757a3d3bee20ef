/// What wakes the recorder's loop.
enum RecorderEvent: Sendable {
    case source(FixEvent)
    /// The source ended (nil) or failed for good (its error: a ``FixSourceError``).
    case sourceEnded((any Error)?)
    /// Something was committed to the shared store: maybe a command.
    case storeChanged
    /// SIGINT, SIGTERM or SIGHUP: finish and store the run.
    case stopRequested
}
