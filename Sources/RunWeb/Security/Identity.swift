/// Who is asking: the one local user when runlog serves one library, or a logged-in user of
/// server mode (`user:ID`, ``Principal``). Pages are cached per identity.
package struct Identity: Hashable, Sendable, CustomStringConvertible {
    /// Stable and unique per identity (part of the page cache's key).
    package let id: String

    package init(id: String) { self.id = id }

    /// The anonymous local user: whoever can reach the server.
    package static let localUser = Identity(id: "local")

    package var description: String { id }
}
