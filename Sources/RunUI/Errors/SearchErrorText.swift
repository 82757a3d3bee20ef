package import RunCore

/// How a ``RunCore/SearchError`` is said: the sentence in English and German, and the command
/// line's hint. English says the error's own words; German says the code and the data, with the
/// English words in brackets where the data do not tell everything (a filter's problem).
package enum SearchErrorText {
    package static func sentence(_ error: SearchError, language: Language) -> String {
        switch language {
        case .english: return error.message
        case .german: return german(error)
        }
    }

    /// `see 'runlog search-sets'` for a set that is not there; how to choose another default when
    /// the setting names none, or when a profile's default is to be deleted.
    package static func commandLineHint(_ error: SearchError) -> String? {
        switch error.code {
        case .unknownSet where error.setting == nil: return "see 'runlog search-sets'"
        case .unknownSet: return "choose one with 'runlog settings set search.defaultSet NAME', or name one with --set"
        case .setInUse:
            let profile = error.profile.map { "--profile \(SearchDefinitionText.quoted($0)) " } ?? ""
            return "choose another first: runlog \(profile)settings set search.defaultSet NAME"
        default: return nil
        }
    }

    private static func german(_ error: SearchError) -> String {
        let name = error.name.map { "„\($0)“" } ?? ""
        let detail = " (\(error.message))"
        switch error.code {
        case .unknownSet:
            let sets = (error.sets ?? []).map { "„\($0)“" }.joined(separator: ", ")
            if error.setting != nil { return "die Einstellung Standard-Suche nennt keine Suche, die es gibt; es gibt: \(sets)" + detail }
            return "es gibt keine Suche \(name); es gibt: \(sets)"
        case .invalidDefinition:
            if let version = error.version { return "die Suche stammt aus einer neueren Version (Version \(version)) und ist hier nicht lesbar" }
            return "die Suche ist so nicht möglich" + detail
        case .invalidName: return "\(name) geht als Name einer Suche nicht" + detail
        case .nameTaken: return "es gibt schon eine Suche mit diesem Namen (Groß- und Kleinschreibung zählen nicht)" + detail
        case .protectedSet: return "die Standard-Suche „\(SearchSet.allRunsName)“ lässt sich nicht ändern, umbenennen oder löschen"
        case .setInUse: return "die Suche \(name) ist die Standard-Suche eines Einstellungsprofils" + detail
        default: return error.message
        }
    }
}
