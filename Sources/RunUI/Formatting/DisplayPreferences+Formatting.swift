package import RunApp

extension DisplayFormatter {
    /// Numbers for people in the preferences' units and language (metric and English for values
    /// the settings do not know).
    package init(_ preferences: DisplayPreferences) {
        self.init(units: UnitSystem(rawValue: preferences.units) ?? .metric,
                  language: Language(settingValue: preferences.language) ?? .english)
    }
}

extension CalendarText {
    /// Dates for people in the preferences' time zone and language.
    package init(_ preferences: DisplayPreferences) {
        self.init(timeZone: preferences.timeZone, language: Language(settingValue: preferences.language) ?? .english)
    }
}
