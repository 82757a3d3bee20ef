/// The language of the interface (the `language` setting): the words RunUI writes and how it
/// writes numbers and dates. Machine-readable output (JSON) never depends on it.
package enum Language: String, Sendable, CaseIterable, Codable {
    case english = "en"
    case german = "de"

    /// The language a value of the `language` setting names (`en`, `de`), or nil for any other.
    package init?(settingValue: String) {
        self.init(rawValue: settingValue)
    }

    /// Every text of the interface in this language.
    package var strings: UIStrings {
        switch self {
        case .english: return .english
        case .german: return .german
        }
    }
}
