import RunCore
import RunHTTP
import RunStore
import RunUI

/// Whether an upload may be written to disk, decided from its head alone before a byte of its
/// body is read (issue 16): an upload costs nothing until it is plausible. Three clients with no
/// token dripping huge bodies once filled the disk; now they are answered at their head, the body
/// never read.
///
/// The checks, in order, each refusal with the code the API already uses for it:
/// 1. **The session and its CSRF token, from the head.** The `runlog_session` cookie names a
///    session the server keeps (else 403 `sessionExpired` or `csrf`), and the request carries that
///    session's token in the `X-CSRF-Token` header (scripts, API clients) or in the `csrf` query
///    argument of the form's action (`POST /import?csrf=…`: the page's form, without script), and
///    a browser's `Origin`, if sent, is this server (``CSRFGuard``). The token, not only the
///    cookie with a same-origin `Origin` or `Sec-Fetch-Site`, because those are headers any
///    non-browser client writes as it likes, while the token proves the client read one of the
///    session's pages (or `GET /api/v1/session`) — and because it is all in the head, an upload
///    without it is dropped before its first byte, never after spooling the form up to its field.
/// 2. **A declared length within the cap.** No `Content-Length` (a chunked body): 411
///    `lengthRequired`; over ``WebConfiguration/uploadLimitBytes``: 413 `tooLarge`.
/// 3. **Room in the queue.** The session's and the server's (``ImportQueue/checkRoom(for:strings:)``):
///    429 `tooManyImports`, 503 `importQueueFull`.
/// 4. **Room to spool it** (``RunHTTP/SpoolBudget``, ``WebConfiguration/spoolBudget``): bodies
///    being spooled at once in all (503 `uploadsBusy`) and from the client's address (429
///    `tooManyUploads`), and the disk's free room less its reserve (507 `diskFull`).
///
/// Every 429, 503 and 507 carries `Retry-After` (waiting helps: uploads end, imports free their
/// bodies). The request is checked again in full when its body has arrived (``CSRFMiddleware``,
/// ``ImportQueue/enqueue(_:strings:)``).
struct UploadAdmission: Sendable {
    let configuration: WebConfiguration
    let sessions: SessionStore
    let imports: ImportQueue
    let budget: SpoolBudget
    /// Where the interface language is read, only for a refusal.
    let pool: StorePool

    /// The sentences in the interface language of the settings.
    private func strings() -> UIStrings {
        (try? pool.withWorkspace { RequestContext.formatting(try $0.reading().snapshot).0 })?.strings ?? DisplayFormatter().strings
    }

    /// Seconds a client is told to wait when uploads arriving at once fill the budget: a few
    /// seconds let one finish arriving on a local network.
    static let busyRetryAfterSeconds = 10

    /// Checks `head` (declaring `declaredLength` bytes) and reserves its body's room.
    /// - Returns: the reservation the body holds while it is spooled.
    /// - Throws: ``WebError`` 403 `csrf` or `sessionExpired`, 411 `lengthRequired`, 413 `tooLarge`,
    ///   429 `tooManyImports` or `tooManyUploads`, 503 `importQueueFull` or `uploadsBusy`, 507 `diskFull`.
    /// - Parameter principal: who the upload is from when found before (server mode), else nil.
    func admit(_ head: HTTPRequest, declaredLength: Int?, principal: Principal? = nil) throws -> SpoolReservation {
        let session = SessionSlot(store: sessions, request: head, principal: principal)
        if session.hasExpired { throw CSRFMiddleware.sessionExpired(idleSeconds: session.idleSeconds) }
        guard let kept = session.session, session.isTokenAuthenticated
                || CSRFGuard.accepts(head, submitted: CSRFMiddleware.headToken(head), session: kept, origin: configuration.publicOrigin) else {
            throw WebError(403, "csrf", "an upload carries its session's CSRF token in its head: the X-CSRF-Token header, or the "
                           + "query argument csrf of the form's address (POST /import?csrf=…), with the \(Session.cookieName) "
                           + "cookie; reload the page, or GET /api/v1/session first")
        }
        guard let length = declaredLength else {
            throw WebError(411, "lengthRequired", "an upload says its length (Content-Length) before it is sent, so that what it will "
                           + "cost is known before it is stored")
        }
        let limit = configuration.uploadLimitBytes
        if length > limit { throw WebError(413, "tooLarge", "the body is over the limit of \(limit) bytes", limitBytes: limit) }
        try imports.checkRoom(for: kept.id, strings: strings())
        switch budget.reserve(length, address: head.clientAddress, directory: configuration.spoolDirectory) {
        case .success(let reservation): return reservation
        case .failure(.busy(let limitBytes)):
            var error = WebError(503, "uploadsBusy", "uploads arriving now take \(limitBytes) bytes at once already, "
                                 + "what this server takes; try again in a few seconds", headers: Self.retryAfter(Self.busyRetryAfterSeconds))
            error.pageMessage = strings().uploadsBusy
            error.data = ["limitBytes": .integer(Int64(limitBytes)), "retryAfterSeconds": .integer(Int64(Self.busyRetryAfterSeconds))]
            throw error
        case .failure(.addressBusy(let limitBytes)):
            var error = WebError(429, "tooManyUploads", "uploads arriving now from this address take \(limitBytes) bytes at once "
                                 + "already, what this server takes from one address; send this one when they have arrived",
                                 headers: Self.retryAfter(Self.busyRetryAfterSeconds))
            error.pageMessage = strings().uploadsBusy
            error.data = ["limitBytes": .integer(Int64(limitBytes)), "retryAfterSeconds": .integer(Int64(Self.busyRetryAfterSeconds))]
            throw error
        case .failure(.noRoom(let available)):
            let wait = ImportQueue.retryAfterSeconds
            var error = WebError(507, "diskFull", "the disk holding uploads has \(available) bytes free for them "
                                 + "(\(configuration.spoolBudget.diskReserveBytes) bytes are kept for the library), fewer than this "
                                 + "upload's \(length); try again when waiting imports are done, or import it with runlog import",
                                 headers: Self.retryAfter(wait))
            error.pageMessage = strings().uploadNoRoom("\(available >> 20)")
            error.data = ["availableBytes": .integer(Int64(available)), "retryAfterSeconds": .integer(Int64(wait))]
            throw error
        }
    }

    private static func retryAfter(_ seconds: Int) -> [(name: String, value: String)] { [("Retry-After", "\(seconds)")] }
}
