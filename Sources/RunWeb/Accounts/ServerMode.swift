package import Foundation
package import RunStore

/// What `runlog serve` needs for server mode — many users on one PostgreSQL database, each
/// logging in —, besides the ``WebConfiguration`` every user's application gets.
package struct ServerMode: Sendable {
    /// Opens the database's accounts (users, API tokens, login sessions): a new connection.
    package var openAccounts: @Sendable () throws -> any AccountStore
    /// The storage of one user's data (by the user's name), in the same database.
    package var storage: @Sendable (_ userName: String) -> any StorageBackend
    /// Where people reach the server (`https://runs.example.org`, `--public-url`); nil: `http://`
    /// and the `Host` they send. An `https` URL marks the session cookie `Secure`.
    package var publicURL: URL?
    /// Whether a line per request goes to standard error (``AccessLog``). Default on.
    package var logsRequests: Bool
    /// Login sessions' idle and absolute lifetimes, in seconds (``RunStore/LoginSessions``: 12 h and 7 days).
    package var sessionIdleSeconds: Double
    package var sessionAbsoluteSeconds: Double
    /// Users' applications kept at once (``Tenants``): default 64.
    package var userLimit: Int
    /// Idle store workspaces (two database connections each) kept over all users: default 8.
    package var idleWorkspaces: Int
    /// Failed logins counted per name and per address (``LoginThrottle``).
    package var throttleRules: (perName: LoginThrottle.Rule, perAddress: LoginThrottle.Rule)
    /// Password checks at once, and waiting for a place (``HashSlots``): 2 and 8.
    package var hashLimit: Int
    package var hashWaitLimit: Int
    /// Seconds since 1970 UTC: session times and the throttle's (tests give their own).
    package var clock: @Sendable () -> Double

    package init(openAccounts: @escaping @Sendable () throws -> any AccountStore,
                 storage: @escaping @Sendable (_ userName: String) -> any StorageBackend,
                 publicURL: URL? = nil, logsRequests: Bool = true,
                 sessionIdleSeconds: Double = LoginSessions.defaultIdleSeconds,
                 sessionAbsoluteSeconds: Double = LoginSessions.defaultAbsoluteSeconds,
                 userLimit: Int = 64, idleWorkspaces: Int = 8,
                 throttleRules: (perName: LoginThrottle.Rule, perAddress: LoginThrottle.Rule) = (.perName, .perAddress),
                 hashLimit: Int = 2, hashWaitLimit: Int = 8,
                 clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.openAccounts = openAccounts
        self.storage = storage
        self.publicURL = publicURL
        self.logsRequests = logsRequests
        self.sessionIdleSeconds = sessionIdleSeconds
        self.sessionAbsoluteSeconds = sessionAbsoluteSeconds
        self.userLimit = userLimit
        self.idleWorkspaces = idleWorkspaces
        self.throttleRules = throttleRules
        self.hashLimit = hashLimit
        self.hashWaitLimit = hashWaitLimit
        self.clock = clock
    }

    /// Whether cookies are `Secure`: the public URL is `https`.
    package var isSecure: Bool { publicURL?.scheme?.lowercased() == "https" }

    /// The public URL's origin (`https://runs.example.org`, with a port other than the scheme's),
    /// what a browser's `Origin` is; nil without a public URL.
    package var publicOrigin: String? { publicURL.flatMap(Self.origin(of:)) }

    /// The origin of `url` (scheme, host and a port other than the scheme's), as a browser's `Origin` says it.
    package static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        return "\(scheme)://\(host)" + (url.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
    }
}
