package import RunCore
package import RunStore

/// One field of the settings form: a setting, its control, and what it shows (the stored value,
/// or the user's draft with the message that refused it).
package struct SettingField: Sendable {
    package enum Control: Sendable, Equatable {
        /// A text field; `inputMode` is HTML's hint for on-screen keyboards (`numeric`, `decimal`, `url`, `text`).
        case text(inputMode: String)
        case toggle
        /// A select of values and their titles.
        case choice([SettingChoice])
    }

    package var definition: SettingDefinition
    package var title: String
    package var help: String
    package var control: Control
    /// The text in the field: the draft the user typed when it was refused, else the stored value.
    package var text: String
    package var origin: ValueOrigin
    /// Why the draft was refused, when it was.
    package var message: String?
    /// The unit shown after the field (`bpm`), if any.
    package var unit: String?

    package var key: String { definition.key }
    /// A toggle's state.
    package var isOn: Bool { text == "true" }
}

/// What the settings form is built from: the profile's values, and the drafts and messages of a
/// refused save.
package struct SettingsFormContext: Sendable {
    package var reading: SettingsReading
    package var formatter: DisplayFormatter
    /// Texts the user typed, by key (after a refused save).
    package var drafts: [String: String]
    /// Why each refused key was refused.
    package var messages: [String: String]

    package init(reading: SettingsReading, formatter: DisplayFormatter, drafts: [String: String] = [:], messages: [String: String] = [:]) {
        self.reading = reading
        self.formatter = formatter
        self.drafts = drafts
        self.messages = messages
    }
}

/// One section of the settings screen (Display, Heart rate, Analysis, Map, Library), generated
/// from the settings schema: a row and a form field per setting.
package struct SettingsSection: ListSection {
    package let section: SettingSection
    package let fields: [SettingField]
    let strings: UIStrings

    package var id: String { "settings-" + section.rawValue }
    package var title: String { strings.settingSectionTitle(section) }
    package var rowCount: Int { fields.count }
    package func row(at index: Int) -> ListRow {
        let field = fields[index]
        return ListRow(id: "setting-" + field.key, cells: [field.title, field.text + (field.unit.map { " " + $0 } ?? "")],
                       values: ["key": .string(field.key), "value": .string(field.text), "origin": .string(field.origin.rawValue)])
    }

    /// The section of `section`'s settings (none when the schema has none there).
    package static func sections(for context: SettingsFormContext, section: SettingSection) -> [any ListSection] {
        let strings = context.formatter.strings
        let fields = context.reading.items.filter { $0.definition.section == section }.map { item -> SettingField in
            let definition = item.definition
            let control: SettingField.Control
            var unit: String?
            switch definition.kind {
            case .integer(_, let u): control = .text(inputMode: "numeric"); unit = u.map(strings.settingUnit)
            case .decimal(_, let u): control = .text(inputMode: "decimal"); unit = u.map(strings.settingUnit)
            case .toggle: control = .toggle
            case .choice(let choices):
                control = .choice(choices.map { SettingChoice($0.value, strings.settingChoiceTitle(definition.key, $0)) })
            case .text(let pattern, _, _): control = .text(inputMode: pattern.contains("https?") ? "url" : "text")
            }
            return SettingField(definition: definition, title: strings.settingTitle(definition), help: strings.settingHelp(definition),
                                control: control,
                                text: context.drafts[definition.key] ?? SettingFieldText.shown(item.value, for: definition, strings: strings),
                                origin: item.origin,
                                message: context.messages[definition.key], unit: unit)
        }
        return fields.isEmpty ? [] : [SettingsSection(section: section, fields: fields, strings: strings)]
    }
}

/// The settings screen: one section controller per section of the schema, in the schema's order.
package enum SettingsScreen {
    package static let registry: SectionRegistry<SettingsFormContext> = {
        var registry = SectionRegistry<SettingsFormContext>()
        for section in SettingSection.allCases {
            registry.register(section.rawValue) { SettingsSection.sections(for: $0, section: section) }
        }
        return registry
    }()

    package static func sections(for context: SettingsFormContext) -> [SettingsSection] {
        registry.sections(for: context).compactMap { $0 as? SettingsSection }
    }
}
