import Foundation

/// A setting's value.
package enum SettingValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)

    /// The value as the CLI and the settings file write it.
    package var text: String {
        switch self {
        case .bool(let v): return v ? "true" : "false"
        case .int(let v): return String(v)
        case .double(let v): return DecimalText.format(v)
        case .string(let v): return v
        }
    }
}

/// What values a setting takes.
package enum SettingKind: Sendable, Hashable {
    /// A whole number in a range, with a unit for display (`bpm`, `runs`).
    case integer(ClosedRange<Int>, unit: String?)
    /// A decimal number in a range.
    case decimal(ClosedRange<Double>, unit: String?)
    case toggle
    /// One of a list of values, each with a title.
    case choice([SettingChoice])
    /// Text matching a regular expression, at most `maximumLength` characters.
    case text(pattern: String, description: String, maximumLength: Int)
}

/// A value of a choice setting and its title.
package struct SettingChoice: Sendable, Hashable {
    package var value: String
    package var title: String

    package init(_ value: String, _ title: String) {
        self.value = value
        self.title = title
    }
}

/// Where a setting appears on the settings screen.
package enum SettingSection: String, Sendable, Hashable, CaseIterable {
    case display, heartRate, analysis, map, library

    package var title: String {
        switch self {
        case .display: return "Display"
        case .heartRate: return "Heart rate"
        case .analysis: return "Analysis"
        case .map: return "Map"
        case .library: return "Library"
        }
    }
}

/// One setting, declared once: key, title, section, kind, default and help. From the declarations
/// come the typed accessors (``Setting``), validation (``parse(_:)``), the `runlog settings`
/// commands and the settings page.
package struct SettingDefinition: Sendable, Hashable, Identifiable {
    /// Stable key, e.g. `heartRate.maximum`.
    package let key: String
    package let title: String
    package let section: SettingSection
    package let kind: SettingKind
    package let defaultValue: SettingValue
    package let help: String

    package var id: String { key }

    package init(key: String, title: String, section: SettingSection, kind: SettingKind, defaultValue: SettingValue, help: String) {
        self.key = key
        self.title = title
        self.section = section
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
    }

    /// What values are allowed, in words (`a whole number from 100 to 230 (bpm)`).
    package var allowed: String {
        switch kind {
        case .integer(let range, let unit):
            return "a whole number from \(range.lowerBound) to \(range.upperBound)" + (unit.map { " (\($0))" } ?? "")
        case .decimal(let range, let unit):
            return "a decimal number from \(DecimalText.format(range.lowerBound)) to \(DecimalText.format(range.upperBound))"
                + (unit.map { " (\($0))" } ?? "") + ", written like 2.5"
        case .toggle:
            return "true or false (also on/off, yes/no)"
        case .choice(let choices):
            return "one of " + choices.map(\.value).joined(separator: ", ")
        case .text(_, let description, let maximumLength):
            return "\(description), at most \(maximumLength) characters"
        }
    }

    /// Parses the text a user typed, strictly: no surrounding spaces, no exponent, no `nan`, no
    /// value outside the range, no unknown choice.
    /// - Returns: the value, or a message that names the setting and what is allowed.
    package func parse(_ text: String) -> Result<SettingValue, SettingError> {
        func refuse(_ reason: SettingRefusal) -> Result<SettingValue, SettingError> {
            .failure(SettingError(key: key, text: text, reason: reason,
                                  message: "\(key) cannot be \"\(text)\": \(reason.englishText); it takes \(allowed)"))
        }
        if text.isEmpty { return refuse(.empty) }
        if text.first!.isWhitespace || text.last!.isWhitespace { return refuse(.surroundingSpaces) }
        // No setting holds one, and PostgreSQL's text cannot keep a NUL (a settings file's
        // "map.tileURL" with \u0000 in it, found by FuzzSettingsImport).
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return refuse(.controlCharacter) }
        switch kind {
        case .integer(let range, _):
            let digits = text.drop { $0 == "-" || $0 == "+" }
            let plain = text.count - digits.count <= 1 && !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
            guard plain else { return refuse(.notWholeNumber) }
            guard let value = DecimalText.parseInteger(text) else { return refuse(.outOfRange) }
            guard range.contains(value) else { return refuse(.outOfRange) }
            return .success(.int(value))
        case .decimal(let range, _):
            // Plain decimals only: digits with one optional point and sign (no exponent, `nan`, `inf`).
            let plain = text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
            guard plain, text.contains(where: \.isNumber), let parsed = DecimalText.parse(text) else { return refuse(.notDecimalNumber) }
            // To the 15 digits the settings file and the API write, so that what is exported
            // imports as the same value (FuzzSettingsImport: 0.8922392233720369 came back as
            // 0.892239223372037).
            let value = DecimalText.rounded(parsed)
            guard range.contains(value) else { return refuse(.outOfRange) }
            return .success(.double(value))
        case .toggle:
            switch text.lowercased() {
            case "true", "on", "yes", "1": return .success(.bool(true))
            case "false", "off", "no", "0": return .success(.bool(false))
            default: return refuse(.notToggle)
            }
        case .choice(let choices):
            guard choices.contains(where: { $0.value == text }) else { return refuse(.notAChoice) }
            return .success(.string(text))
        case .text(let pattern, _, let maximumLength):
            guard text.count <= maximumLength else { return refuse(.tooLong) }
            guard text.range(of: pattern, options: .regularExpression) != nil else { return refuse(.wrongForm) }
            return .success(.string(text))
        }
    }

    /// Whether a stored value is still allowed (a range may have changed since it was stored).
    package func accepts(_ value: SettingValue) -> Bool {
        switch (kind, value) {
        case (.integer(let range, _), .int(let v)): return range.contains(v)
        case (.decimal(let range, _), .double(let v)): return range.contains(v)
        case (.decimal(let range, _), .int(let v)): return range.contains(Double(v))
        case (.toggle, .bool): return true
        case (.choice(let choices), .string(let v)): return choices.contains { $0.value == v }
        case (.text, .string(let v)): if case .success = parse(v) { return true } else { return false }
        default: return false
        }
    }
}

/// A refused setting value.
package struct SettingError: Error, Sendable, Equatable, CustomStringConvertible {
    package var key: String
    /// The value as given (typed, or as a settings file held it).
    package var text: String
    /// What is wrong with it, for a message in the user's language.
    package var reason: SettingRefusal
    /// The message in English, naming the setting, the value and what is allowed.
    package var message: String
    package var description: String { message }

    package init(key: String, text: String, reason: SettingRefusal, message: String) {
        self.key = key
        self.text = text
        self.reason = reason
        self.message = message
    }
}

/// Why a setting's value is refused.
package enum SettingRefusal: String, Sendable, Equatable, CaseIterable {
    case empty, surroundingSpaces, controlCharacter, notWholeNumber, outOfRange, notDecimalNumber, notToggle, notAChoice, tooLong, wrongForm
    /// A settings file holds a value of the wrong JSON kind (a string where a number goes, say).
    case wrongKind

    /// The reason in English, as the messages of ``SettingDefinition/parse(_:)`` give it.
    package var englishText: String {
        switch self {
        case .empty: return "the value is empty"
        case .surroundingSpaces: return "it has spaces around it"
        case .controlCharacter: return "it holds a control character"
        case .notWholeNumber: return "it is not a whole number"
        case .outOfRange: return "it is out of range"
        case .notDecimalNumber: return "it is not a decimal number"
        case .notToggle: return "it is not a toggle value"
        case .notAChoice: return "it is not one of the choices"
        case .tooLong: return "it is too long"
        case .wrongForm: return "it does not have the required form"
        case .wrongKind: return "it is not the kind of value this setting holds"
        }
    }
}
