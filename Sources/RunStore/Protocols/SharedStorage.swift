/// The store every runlog process of one installation opens at once: typed entries (settings,
/// profiles — ``EntryStore``), the live recording (``LiveStorage``), and a way to hear of every
/// commit any process makes (``observeChanges(fallbackSeconds:handler:)``).
/// ``RunStoreSQLite/SharedStore`` implements it (`group.sqlite`).
package protocol SharedStorage: EntryStore {
    /// The live recording kept in this store.
    func live() -> any LiveStorage
    /// Calls `handler` (on a thread of the observation's own) after each commit any process
    /// makes to this store from now on; changes in quick succession may be reported once.
    /// `fallbackSeconds`: how often the store is looked at when no wake-up came.
    /// - Throws: the implementation's error when it cannot observe.
    func observeChanges(fallbackSeconds: Double, handler: @escaping @Sendable () -> Void) throws -> any ChangeObservation
}

/// An observation of a store's commits; ``stop()`` (also on release) ends it: once it returns,
/// the handler is not called again.
package protocol ChangeObservation: AnyObject, Sendable {
    func stop()
}
