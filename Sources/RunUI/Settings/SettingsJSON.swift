package import RunCore
package import RunStore

/// Settings as JSON, the same for `runlog settings --json` and the web API: each setting with its
/// value, origin and declaration (kind, range, unit, choices, default, help).
package enum SettingsJSON {
    /// A setting with its value, origin and declaration.
    package static func describe(_ item: SettingsReading.Item) -> JSONValue {
        let d = item.definition
        var object: [String: JSONValue] = [
            "key": .string(d.key), "title": .string(d.title), "section": .string(d.section.rawValue),
            "value": SettingsStore.json(item.value), "defaultValue": SettingsStore.json(d.defaultValue), "origin": .string(item.origin.rawValue),
            "help": .string(d.help), "allowed": .string(d.allowed),
        ]
        switch d.kind {
        case .integer(let range, let unit):
            object["kind"] = .string("integer")
            object["minimum"] = .integer(Int64(range.lowerBound))
            object["maximum"] = .integer(Int64(range.upperBound))
            object["unit"] = .from(unit)
        case .decimal(let range, let unit):
            object["kind"] = .string("decimal")
            object["minimum"] = .number(range.lowerBound)
            object["maximum"] = .number(range.upperBound)
            object["unit"] = .from(unit)
        case .toggle:
            object["kind"] = .string("toggle")
        case .choice(let choices):
            object["kind"] = .string("choice")
            object["choices"] = .array(choices.map { .object(["value": .string($0.value), "title": .string($0.title)]) })
        case .text(let pattern, _, let maximumLength):
            object["kind"] = .string("text")
            object["pattern"] = .string(pattern)
            object["maximumLength"] = .integer(Int64(maximumLength))
        }
        return .object(object)
    }
}
