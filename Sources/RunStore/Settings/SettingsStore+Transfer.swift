package import RunCore
import Foundation

/// Settings files: a profile's settings as JSON, to keep or to move to another machine.
///
/// ```json
/// {
///   "format": "runlog-settings",
///   "version": 1,
///   "profile": "road",
///   "settings": { "heartRate.maximum": 185, "units": "imperial" }
/// }
/// ```
/// `settings` holds the values the user set (numbers, `true`/`false`, strings); the others follow
/// runlog's defaults. `version` is the settings version, so keys renamed since are carried over.
extension SettingsStore {
    static let fileFormat = "runlog-settings"

    /// The JSON settings file of a profile (the active one when nil), keys sorted.
    package func exportSettings(profile: String? = nil) throws -> String {
        let reading = try read(profile: profile)
        var settings: [String: JSONValue] = [:]
        for item in reading.items where item.origin == .user { settings[item.definition.key] = Self.json(item.value) }
        return JSONValue.object([
            "format": .string(Self.fileFormat), "version": .integer(Int64(schema.version)),
            "profile": .string(reading.snapshot.profile), "settings": .object(settings),
        ]).text() + "\n"
    }

    /// Reads a settings file into a profile (the active one when nil): its settings take the
    /// file's values and every other setting returns to its default; all or nothing.
    /// - Parameter fileName: names the file in errors.
    /// - Returns: the keys the file set.
    /// - Throws: ``SettingsError`` `.invalidSettingsFile` naming the file and what is wrong (not JSON, not a
    ///   settings file, an unknown setting, a value not allowed, a rule broken); nothing changes then.
    @discardableResult
    package func importSettings(_ data: [UInt8], fileName: String, profile: String? = nil) throws -> [String] {
        let file: SettingsFile
        do {
            file = try JSONDecoder().decode(SettingsFile.self, from: Data(data))
        } catch let error as DecodingError {
            throw Self.invalidFile(fileName, [Self.describe(error)])
        }
        guard file.format == Self.fileFormat else {
            throw Self.invalidFile(fileName, ["not a settings file (\"format\" is \"\(file.format)\", not \"\(Self.fileFormat)\")"])
        }
        guard file.version <= schema.version else {
            throw Self.invalidFile(fileName, ["written by a newer version (settings version \(file.version); this one reads up to \(schema.version))"])
        }
        var renames: [String: String] = [:], removed = Set<String>()
        for migration in schema.migrations where migration.version > file.version {
            for (old, new) in migration.renames { renames[old] = new }
            removed.formUnion(migration.removals)
        }
        var values: [String: SettingValue] = [:]
        var problems: [String] = []
        for (rawKey, scalar) in file.settings.sorted(by: { $0.key < $1.key }) {
            let key = renames[rawKey] ?? rawKey
            if removed.contains(key) { continue }   // a setting runlog no longer has: nothing to carry over
            guard let definition = schema.definition(key) else {
                problems.append("there is no setting '\(rawKey)'")
                continue
            }
            switch scalar.value(for: definition) {
            case .success(let value): values[key] = value
            case .failure(let error): problems.append(error.message)
            }
        }
        if !problems.isEmpty {
            throw Self.invalidFile(fileName, problems)
        }
        do {
            try replace(with: values, profile: profile)
        } catch let error as SettingsError where error.code == .invalidSetting {
            throw Self.invalidFile(fileName, [error.message])
        }
        return values.keys.sorted()
    }

    /// A settings file refused for `problems`; nothing was changed.
    private static func invalidFile(_ fileName: String, _ problems: [String]) -> SettingsError {
        var error = SettingsError(.invalidSettingsFile, "\(fileName): " + problems.joined(separator: "; ")
                                  + (problems.last?.hasSuffix("nothing was changed") == true ? "" : "; nothing was changed"))
        (error.file, error.problems) = (fileName, problems)
        return error
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "not valid JSON: " + (underlying ?? context.debugDescription)
        case .keyNotFound(let key, _):
            return "not a settings file: \"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            if path.isEmpty { return "not a settings file: it is not a JSON object with \"format\", \"version\" and \"settings\"" }
            if case .valueNotFound = error { return "\"\(path)\" is null" }
            return path == "settings" ? "\"settings\" is not an object of setting keys and values"
                : "\"\(path)\" has the wrong kind of value"
        @unknown default:
            return "\(error)"
        }
    }

    /// A setting's value as JSON: numbers, `true`/`false`, strings.
    package static func json(_ value: SettingValue) -> JSONValue {
        switch value {
        case .bool(let v): return .bool(v)
        case .int(let v): return .integer(Int64(v))
        case .double(let v): return .number(v)
        case .string(let v): return .string(v)
        }
    }
}

/// The decoded settings file.
private struct SettingsFile: Decodable {
    var format: String
    var version: Int
    var profile: String?
    var settings: [String: JSONScalar]
}

/// A JSON value of a settings file.
private enum JSONScalar: Decodable {
    case bool(Bool)
    case number(Double, integer: Int?)
    case string(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let v = try? container.decode(Bool.self) { self = .bool(v); return }
        if let v = try? container.decode(Double.self) {
            self = .number(v, integer: try? container.decode(Int.self)); return
        }
        if let v = try? container.decode(String.self) { self = .string(v); return }
        throw DecodingError.typeMismatch(JSONScalar.self, .init(codingPath: decoder.codingPath,
            debugDescription: "a setting's value is a number, true or false, or a string"))
    }

    /// The value for a setting: JSON's own kinds (a string is read as the user would type it).
    func value(for definition: SettingDefinition) -> Result<SettingValue, SettingError> {
        let candidate: SettingValue?
        switch (definition.kind, self) {
        case (_, .string(let text)): return definition.parse(text)
        case (.integer, .number(_, let integer?)): candidate = .int(integer)
        case (.decimal, .number(let v, _)): candidate = .double(DecimalText.rounded(v))  // as parse(_:) keeps a decimal
        case (.toggle, .bool(let v)): candidate = .bool(v)
        default: candidate = nil
        }
        guard let candidate, definition.accepts(candidate) else {
            return .failure(SettingError(key: definition.key, text: description, reason: candidate == nil ? .wrongKind : .outOfRange,
                                         message: "\(definition.key) cannot be \(description): it takes \(definition.allowed)"))
        }
        return .success(candidate)
    }

    private var description: String {
        switch self {
        case .bool(let v): return v ? "true" : "false"
        case .number(let v, _): return DecimalText.format(v)
        case .string(let v): return "\"\(v)\""
        }
    }
}
