import Foundation
package import RunCore
package import RunStore
import RunApp

/// A save of settings from a form or the API: texts by key, parsed one by one (each refused text
/// gets its own message in the language), then checked, stored and the runs recomputed by the
/// application layer's ``RunApp/SettingsChanges`` — all or nothing.
package struct SettingsSubmission: Sendable {
    /// Whether the values were stored.
    package var isSaved: Bool
    /// The message of each refused key.
    package var messages: [String: String]
    /// The keys whose values changed.
    package var changedKeys: [String]
    package var reanalysis: Reanalysis

    /// Saves `texts` (key → text as typed: `190`, `2.5`, `true`, `imperial`) to the active profile.
    /// Only values that differ from the stored ones are written (so untouched settings keep their
    /// origin `default`).
    /// - Parameters:
    ///   - library: the library whose runs follow analysis settings, if there is one.
    ///   - strings: the language of the messages; in a language that writes a decimal comma
    ///     (German), a decimal setting takes `2,5` as well as `2.5`.
    ///   - queueRecompute: as ``RunApp/SettingsChanges/queueRecompute`` (nil: runs recomputed before this returns).
    /// - Throws: storage errors (not refusals: those are in ``messages``).
    package static func save(_ texts: [String: String], to store: SettingsStore, library: (any RunLibrary)?,
                            strings: UIStrings = .english, queueRecompute: (@Sendable () -> Void)? = nil) throws -> SettingsSubmission {
        var messages: [String: String] = [:]
        var values: [String: SettingValue] = [:]
        for (key, text) in texts {
            guard let definition = store.schema.definition(key) else {
                messages[key] = "there is no setting '\(key)'"
                continue
            }
            switch definition.parse(SettingFieldText.typed(text, for: definition, strings: strings)) {
            case .success(let value): values[key] = value
            case .failure(var error):
                error.text = text
                messages[key] = strings.settingRefusal(error, definition)
            }
        }
        // The rules between settings and the names of things outside them too, over the values
        // that parsed, so that every problem of the form shows at once (not a zone order after
        // the bad number is fixed, nor one rule after another). The store checks again.
        let changes = SettingsChanges(settings: store, library: library, queueRecompute: queueRecompute)
        let check = try changes.check(values)
        for violation in check.violations {
            for key in violation.keys where check.changed[key] != nil && messages[key] == nil {
                messages[key] = ruleMessage(violation, schema: store.schema, strings: strings)
            }
        }
        for (key, problem) in check.referenceProblems where messages[key] == nil {
            messages[key] = strings.settingReferenceRefused(key, check.changed[key]?.text ?? "", problem)
        }
        guard messages.isEmpty else {
            return SettingsSubmission(isSaved: false, messages: messages, changedKeys: [], reanalysis: Reanalysis())
        }
        do {
            let reanalysis = try changes.save(check)
            return SettingsSubmission(isSaved: true, messages: [:], changedKeys: check.changed.keys.sorted(), reanalysis: reanalysis)
        } catch let error as SettingsError where error.code == .invalidSetting {
            // A rule between settings: the message goes to each changed setting the rule is about.
            var named: [String] = []
            var message = error.message
            if case .rule(let violation) = error.refusal {
                named = violation.keys.filter { check.changed[$0] != nil }
                message = ruleMessage(violation, schema: store.schema, strings: strings)
            }
            for key in named.isEmpty ? Array(check.changed.keys) : named { messages[key] = message }
            return SettingsSubmission(isSaved: false, messages: messages, changedKeys: [], reanalysis: Reanalysis())
        }
    }
}

extension SettingsSubmission {
    /// A broken rule in the language, its settings named by their titles there.
    static func ruleMessage(_ violation: SettingsRuleViolation, schema: SettingsSchema, strings: UIStrings) -> String {
        strings.settingsRuleBroken(violation, violation.keys.map { key in schema.definition(key).map(strings.settingTitle) ?? key })
    }
}

/// A decimal setting's text in a form: written and typed with the language's decimal separator
/// (`0,5` in German), stored with a point.
package enum SettingFieldText {
    /// The stored value as the form shows it.
    package static func shown(_ value: SettingValue, for definition: SettingDefinition, strings: UIStrings) -> String {
        guard case .decimal = definition.kind, strings.decimalSeparator != "." else { return value.text }
        return value.text.replacingOccurrences(of: ".", with: strings.decimalSeparator)
    }

    /// What was typed, as the setting parses it: a decimal comma becomes a point.
    package static func typed(_ text: String, for definition: SettingDefinition, strings: UIStrings) -> String {
        guard case .decimal = definition.kind, strings.decimalSeparator != ".", !text.contains(".") else { return text }
        return text.replacingOccurrences(of: strings.decimalSeparator, with: ".")
    }
}
