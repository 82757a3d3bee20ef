/// The values of every setting of one profile at one moment.
public struct SettingsSnapshot: Sendable, Equatable {
    public var profile: String
    public var values: [String: SettingValue]

    public init(profile: String = "default", values: [String: SettingValue] = [:]) {
        self.profile = profile
        self.values = values
    }

    /// The typed value of a setting (its default when absent).
    public subscript<Value>(_ setting: Setting<Value>) -> Value {
        values[setting.key].flatMap(setting.decode) ?? setting.decode(setting.definition.defaultValue)!
    }

    /// The value of a key (its default when absent); nil for unknown keys.
    public func value(_ key: String) -> SettingValue? {
        values[key] ?? Settings.definition(key)?.defaultValue
    }
}
