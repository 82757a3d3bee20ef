/// The values of every setting of one profile at one moment.
package struct SettingsSnapshot: Sendable, Equatable {
    package var profile: String
    package var values: [String: SettingValue]

    package init(profile: String = "default", values: [String: SettingValue] = [:]) {
        self.profile = profile
        self.values = values
    }

    /// The typed value of a setting (its default when absent).
    package subscript<Value>(_ setting: Setting<Value>) -> Value {
        values[setting.key].flatMap(setting.decode) ?? setting.decode(setting.definition.defaultValue)!
    }

    /// The value of a key (its default when absent); nil for unknown keys.
    package func value(_ key: String) -> SettingValue? {
        values[key] ?? Settings.definition(key)?.defaultValue
    }
}
