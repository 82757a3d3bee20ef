/// A runlog user of a server (server mode): who they are, what they may do, and when they came
/// and last logged in. Their password hash never leaves the store and ``Accounts``.
package struct Account: Sendable, Equatable {
    /// The store's number for the user (never reused while the user exists).
    package var id: Int64
    /// The name they log in with (unique; see ``Accounts/validateName(_:)``).
    package var name: String
    package var role: AccountRole
    /// A disabled account cannot log in, and its API tokens are refused; its data is kept.
    package var isDisabled: Bool
    /// Whether a password is set (users made before accounts existed have none and cannot log in).
    package var hasPassword: Bool
    /// When the account was made, in seconds since 1970 UTC.
    package var createdAtSeconds: Double
    /// The last successful login, in seconds since 1970 UTC; nil: never.
    package var lastLoginAtSeconds: Double?

    package init(id: Int64, name: String, role: AccountRole, isDisabled: Bool, hasPassword: Bool, createdAtSeconds: Double,
                 lastLoginAtSeconds: Double?) {
        self.id = id
        self.name = name
        self.role = role
        self.isDisabled = isDisabled
        self.hasPassword = hasPassword
        self.createdAtSeconds = createdAtSeconds
        self.lastLoginAtSeconds = lastLoginAtSeconds
    }
}

/// What an account may do: an admin manages accounts (not other users' runs); a runner keeps
/// their own runs. Stored as its raw value.
package enum AccountRole: String, Sendable, CaseIterable {
    case admin, runner
}
