package import RunStore

/// How a ``RunStore/AccountError`` is said: English says the error's own words, German what the
/// code and the data tell; the command line's hint names the `runlog users` or `runlog tokens`
/// action that helps. A refused login says nothing of whether the user exists, in any language.
package enum AccountErrorText {
    package static func sentence(_ error: AccountError, language: Language) -> String {
        switch language {
        case .english: return error.message
        case .german: return german(error)
        }
    }

    package static func commandLineHint(_ error: AccountError) -> String? {
        switch error.code {
        case .unknownUser: return "'runlog users list' shows the users"
        case .unknownToken: return "'runlog tokens list USER' shows the user's tokens"
        case .passwordTooShort, .passwordTooLong: return "no rule on what the characters are: a phrase of a few words does well"
        default: return nil
        }
    }

    private static func german(_ error: AccountError) -> String {
        let name = error.name ?? ""
        switch error.code {
        case .unknownUser: return "es gibt keinen Benutzer „\(name)“"
        case .userExists: return "einen Benutzer „\(name)“ gibt es schon"
        case .invalidName: return "„\(name)“ ist kein Benutzername (erlaubt: 1 bis 64 Buchstaben, Ziffern und . _ - @ +, nicht mit - am Anfang)"
        case .passwordTooShort: return "das Passwort hat weniger als \(error.limit ?? 0) Zeichen"
        case .passwordTooLong: return "das Passwort ist länger als \(error.limit ?? 0) Bytes"
        case .invalidCredentials: return "Benutzername oder Passwort ist falsch"
        case .accountDisabled: return "das Konto „\(name)“ ist gesperrt"
        case .unknownToken: return "Benutzer „\(name)“ hat kein API-Token \(error.tokenID ?? 0)"
        case .hashingFailed: return "das Passwort konnte nicht gehasht werden (\(error.reason ?? ""))"
        default: return error.message
        }
    }
}
