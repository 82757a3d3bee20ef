import RunCore
package import RunStore

/// How a ``RunStore/SettingsError`` is said: English says the error's own words, German what the
/// code and the data tell (a refused value and a broken rule as the settings page says them);
/// the command line's hint names the `runlog settings` or `runlog reanalyze` command that helps.
package enum SettingsErrorText {
    package static func sentence(_ error: SettingsError, language: Language) -> String {
        switch language {
        case .english: return error.message
        case .german: return german(error)
        }
    }

    package static func commandLineHint(_ error: SettingsError) -> String? {
        switch error.code {
        case .unknownSetting: return "'runlog settings' lists them"
        case .unknownProfile: return "'runlog settings profiles' lists them"
        case .activeProfile: return "'runlog settings profile use NAME' makes another one active"
        case .recomputeFailed: return "'runlog reanalyze --stale' recomputes the rest"
        default: return nil
        }
    }

    private static func german(_ error: SettingsError) -> String {
        let strings = Language.german.strings
        let profile = "„\(error.profile ?? "")“"
        switch error.code {
        case .invalidSetting:
            switch error.refusal {
            case .value(let refusal)?:
                if let definition = SettingsSchema.runlog.definition(refusal.key) { return strings.settingRefusal(refusal, definition) }
            case .rule(let violation)?:
                let titles = violation.keys.map { key in SettingsSchema.runlog.definition(key).map(strings.settingTitle) ?? key }
                return strings.settingsRuleBroken(violation, titles) + "; nichts wurde geändert"
            case nil: break
            }
            return "\(error.key ?? "") kann nicht „\(error.value ?? "")“ sein (\(error.message))"
        case .unknownSetting:
            let near = (error.suggestions ?? []).isEmpty ? "" : " (gemeint: \((error.suggestions ?? []).joined(separator: ", "))?)"
            return "es gibt keine Einstellung „\(error.key ?? "")“" + near
        case .unknownProfile:
            let names = (error.profiles ?? []).joined(separator: ", ")
            return "es gibt kein Einstellungsprofil \(profile)" + (names.isEmpty ? "" : " (Profile: \(names))")
        case .invalidProfileName:
            return "\(profile) geht als Profilname nicht: 1 bis 40 Buchstaben, Ziffern, Leerzeichen, „-“, „_“ oder „.“, "
                + "am Anfang ein Buchstabe oder eine Ziffer, am Ende kein Leerzeichen"
        case .profileExists: return "es gibt schon ein Profil \(profile)"
        case .activeProfile: return "\(profile) ist das aktive Profil: erst ein anderes aktiv machen"
        case .invalidSettingsFile:
            return "\(error.file ?? ""): die Einstellungen lassen sich nicht einlesen (\((error.problems ?? []).joined(separator: "; "))); nichts wurde geändert"
        case .recomputeFailed:
            return "die Einstellungen wurden geändert, aber das Neuberechnen der Läufe brach ab (\(error.reason ?? "")); "
                + "die übrigen werden mit den veralteten Läufen neu berechnet"
        default: return error.message
        }
    }
}
