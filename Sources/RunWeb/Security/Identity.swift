/// Who is asking. Today every request is the one local user (runlog serves one person on one
/// machine); accounts, a later step, will set it from the session. Pages are cached per identity.
package struct Identity: Hashable, Sendable, CustomStringConvertible {
    /// Stable and unique per identity (part of the page cache's key).
    package let id: String

    package init(id: String) { self.id = id }

    /// The anonymous local user: whoever can reach the server.
    package static let localUser = Identity(id: "local")

    package var description: String { id }
}
