/// Settings whose values name something outside the settings — the default search set names a
/// set saved in the library — are checked when they change by whoever knows that world (the
/// settings store knows only the schema).
package protocol SettingsReferenceChecking {
    /// nil when `value` may be stored for `key`, else why not (naming the setting and the value).
    func problem(key: String, value: SettingValue) -> String?
}
