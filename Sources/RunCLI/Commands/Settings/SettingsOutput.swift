import Foundation
import RunCore
import RunStore
import RunUI

/// What `runlog settings` prints: text for people, JSON with stable keys for scripts.
enum SettingsOutput {
    static func list(_ reading: SettingsReading, active: String, json: Bool, console: Console) {
        let profile = reading.snapshot.profile
        if json {
            console.print(JSONValue.object([
                "profile": .string(profile), "activeProfile": .string(active),
                "settings": .array(reading.items.map(describe)),
                "notes": .array(reading.notes.map { .string($0) }),
            ]).text())
            return
        }
        console.print("Settings of profile '\(profile)'" + (profile == active ? " (active)" : " (active: '\(active)')"))
        let keyWidth = reading.items.map(\.definition.key.count).max() ?? 0
        let valueWidth = min(reading.items.map { shown($0).count }.max() ?? 0, 20)   // longer values overflow
        for section in SettingSection.allCases {
            let items = reading.items.filter { $0.definition.section == section }
            guard !items.isEmpty else { continue }
            console.print()
            console.print(section.title)
            for item in items {
                let key = item.definition.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0)
                let text = shown(item)
                let value = text.count >= valueWidth ? text : text.padding(toLength: valueWidth, withPad: " ", startingAt: 0)
                console.print("  \(key)  \(value)  \(item.origin == .user ? "set    " : "default")  \(item.definition.title)")
            }
        }
        console.print()
        console.print("'set' marks values you set; the others follow runlog's defaults. 'runlog settings set KEY VALUE' changes one.")
        for note in reading.notes { console.error("runlog: note: \(note)") }
    }

    static func get(_ item: SettingsReading.Item, profile: String, json: Bool, console: Console) {
        if json {
            var object = describe(item)
            if case .object(var fields) = object { fields["profile"] = .string(profile); object = .object(fields) }
            console.print(object.text())
        } else {
            console.print(item.value.text)
        }
    }

    static func profiles(_ names: [String], active: String, json: Bool, console: Console) {
        if json {
            console.print(JSONValue.object(["activeProfile": .string(active), "profiles": .array(names.map { .string($0) })]).text())
        } else {
            for name in names { console.print((name == active ? "* " : "  ") + name) }
        }
    }

    /// A value with its unit, for people.
    private static func shown(_ item: SettingsReading.Item) -> String {
        switch item.definition.kind {
        case .integer(_, let unit?), .decimal(_, let unit?):
            return item.value.text + (unit == "°" ? unit : " " + unit)
        default:
            return item.value.text
        }
    }

    static func describe(_ item: SettingsReading.Item) -> JSONValue { SettingsJSON.describe(item) }

    static func json(_ value: SettingValue) -> JSONValue { SettingsStore.json(value) }
}
