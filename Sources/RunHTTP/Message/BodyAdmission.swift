/// How a request's body is taken, decided from its head alone before a byte of the body is read
/// (``HTTPHandler/admitBody(of:declaredLength:)``): an upload costs nothing until it is plausible.
package enum BodyAdmission: Sendable {
    /// Read into memory (``HTTPRequest/body``), up to the handler's limit.
    case memory
    /// Written to an unlinked file in `directory` as it arrives (``SpooledBody``); `reservation`,
    /// if any, holds the body's share of a ``SpoolBudget`` until the body is read whole or dropped,
    /// and counts the bytes written.
    case spool(directory: String, reservation: SpoolReservation?)
    /// Answered at once with this response: the body is never read (libmicrohttpd closes the
    /// connection after the answer, so what the client still sends is dropped unread).
    case refuse(HTTPResponse)
}

extension HTTPHandler {
    /// By default: spooled into ``spoolDirectory(for:)`` when it names a folder, else in memory.
    package func admitBody(of head: HTTPRequest, declaredLength: Int?) -> BodyAdmission {
        spoolDirectory(for: head).map { .spool(directory: $0, reservation: nil) } ?? .memory
    }
}
