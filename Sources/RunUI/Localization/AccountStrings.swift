/// The texts of server mode's login page and account notes in one language: ``english`` and
/// ``german`` side by side. Kept apart from ``UIStrings`` so the accounts' words are found in one file.
package struct AccountStrings: Sendable {
    package let loginTitle: String
    package let userName: String
    package let password: String
    package let loginButton: String
    package let logoutButton: String
    /// An unknown name and a wrong password alike: says nothing of whether the user exists.
    package let loginRefused: String
    /// A right password of a disabled account.
    package let accountDisabled: String
    /// Too many failed logins for this name or from this address: the seconds to wait written.
    package let loginThrottled: @Sendable (_ seconds: String) -> String
    /// Too many logins being checked at once: try again in a moment.
    package let loginBusy: String
    /// The page's session ended (logged out elsewhere, expired, or the password was reset): log in again.
    package let loginAgain: String
    /// "Signed in as ann".
    package let signedInAs: @Sendable (_ name: String) -> String
    /// An admin's account manages accounts, not runs.
    package let adminHasNoRuns: String

    package static let english = AccountStrings(
        loginTitle: "Log in", userName: "User name", password: "Password", loginButton: "Log in", logoutButton: "Log out",
        loginRefused: "The user name or the password is wrong.",
        accountDisabled: "This account is disabled: ask the server's operator.",
        loginThrottled: { seconds in "Too many failed logins: wait \(seconds) s before trying again." },
        loginBusy: "The server is checking many logins at once: try again in a moment.",
        loginAgain: "Your session ended: log in again.",
        signedInAs: { name in "Signed in as \(name)" },
        adminHasNoRuns: "An admin account manages accounts (runlog users, runlog tokens), not runs: log in as a runner to see runs.")

    package static let german = AccountStrings(
        loginTitle: "Anmelden", userName: "Benutzername", password: "Passwort", loginButton: "Anmelden", logoutButton: "Abmelden",
        loginRefused: "Benutzername oder Passwort ist falsch.",
        accountDisabled: "Dieses Konto ist gesperrt: frage den Betreiber des Servers.",
        loginThrottled: { seconds in "Zu viele fehlgeschlagene Anmeldungen: warte \(seconds) s, bevor du es wieder versuchst." },
        loginBusy: "Der Server prüft gerade viele Anmeldungen auf einmal: versuche es gleich wieder.",
        loginAgain: "Deine Sitzung ist zu Ende: melde dich wieder an.",
        signedInAs: { name in "Angemeldet als \(name)" },
        adminHasNoRuns: "Ein Admin-Konto verwaltet Konten (runlog users, runlog tokens), keine Läufe: melde dich als Läufer an, um Läufe zu sehen.")
}

extension Language {
    /// The login page's and the accounts' texts in this language.
    package var accountStrings: AccountStrings {
        switch self {
        case .english: .english
        case .german: .german
        }
    }
}
