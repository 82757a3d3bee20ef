package import RunCore

/// A settings change refused, or a name that is no setting or profile. `message` says it in
/// English for logs and tests, naming no command; ``refusal``, ``key``, ``profile`` and the rest
/// let a front end say it in the user's language with its own hint (RunUI's `SettingsErrorText`).
package struct SettingsError: CodedError, Equatable {
    package struct Code: Hashable, Sendable {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        /// A setting's value is not allowed, or the values break a rule between settings
        /// (``refusal`` says which), or name something that is not there (``problems``).
        package static let invalidSetting = Code("invalidSetting")
        /// No setting has the key (``key``; ``suggestions``: keys that contain it).
        package static let unknownSetting = Code("unknownSetting")
        /// No profile has the name (``profile``; ``profiles``: the profiles there are).
        package static let unknownProfile = Code("unknownProfile")
        /// The name cannot be a profile's (1 to 40 letters, digits, spaces, '-', '_' or '.').
        package static let invalidProfileName = Code("invalidProfileName")
        /// A profile has the name already.
        package static let profileExists = Code("profileExists")
        /// The profile is the active one and cannot be deleted.
        package static let activeProfile = Code("activeProfile")
        /// A settings file that cannot be imported (``file``; ``problems``); nothing was changed.
        package static let invalidSettingsFile = Code("invalidSettingsFile")
        /// The settings were changed, but recomputing the runs with them stopped (``reason``).
        package static let recomputeFailed = Code("recomputeFailed")
    }

    package var code: Code
    package var message: String
    /// For `invalidSetting`: one value refused, or a rule between settings broken.
    package var refusal: SettingsRefusal?
    package var key: String?
    /// The refused value, as text.
    package var value: String?
    package var suggestions: [String]?
    package var profile: String?
    package var profiles: [String]?
    /// The settings file, as named.
    package var file: String?
    /// What is wrong, each in English (a file's values, names that are not there).
    package var problems: [String]?
    /// For `recomputeFailed`: what stopped the recompute, in English.
    package var reason: String?

    package init(_ code: Code, _ message: String, refusal: SettingsRefusal? = nil) {
        self.code = code
        self.message = message
        self.refusal = refusal
    }

    /// No profile has the name; `profiles` are those there are.
    package static func unknownProfile(_ name: String, profiles: [String]) -> SettingsError {
        var error = SettingsError(.unknownProfile, "there is no settings profile '\(name)'"
                                  + (profiles.isEmpty ? "" : " (profiles: \(profiles.joined(separator: ", ")))"))
        (error.profile, error.profiles) = (name, profiles)
        return error
    }

    package var description: String { message }
    package var codeName: String { code.rawValue }

    package var data: [String: JSONValue] {
        var data: [String: JSONValue] = .known([
            "key": key.map { .string($0) }, "value": value.map { .string($0) }, "suggestions": suggestions.map { .array($0.map { .string($0) }) },
            "profile": profile.map { .string($0) }, "profiles": profiles.map { .array($0.map { .string($0) }) },
            "file": file.map { .string($0) }, "problems": problems.map { .array($0.map { .string($0) }) },
            "reason": reason.map { .string($0) }])
        switch refusal {
        case .value(let error)?:
            data["key"] = .string(error.key)
            data["value"] = .string(error.text)
            data["problem"] = .string(error.reason.rawValue)
        case .rule(let violation)?:
            data["rule"] = .string(violation.code)
            data["keys"] = .array(violation.keys.map { .string($0) })
        case nil: break
        }
        return data
    }
}

/// A refused settings change, as ``SettingsError/refusal`` carries it.
package enum SettingsRefusal: Sendable, Equatable {
    /// One value is not allowed.
    case value(SettingError)
    /// The values break a rule between settings.
    case rule(SettingsRuleViolation)
}
