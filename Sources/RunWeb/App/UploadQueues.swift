/// The uploads a stopping server waits for (`runlog serve`'s first SIGINT or SIGTERM): the one
/// application's ``ImportQueue``, or every user's in server mode (``Tenants``).
package protocol UploadQueues: Sendable {
    /// Refuses new uploads from now on (503 `shuttingDown`); those taken are still imported.
    func close()
    /// The uploads waiting or being imported now.
    var unfinished: [ImportJob] { get }
    /// Waits until every upload taken is imported. - Returns: false when `timeoutSeconds` passed first.
    func waitUntilDrained(timeoutSeconds: Double?) -> Bool
}

extension ImportQueue: UploadQueues {}
