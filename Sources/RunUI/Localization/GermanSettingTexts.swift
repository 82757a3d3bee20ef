import Foundation
import RunCore

/// The settings' titles, help and choice titles in German, by key (the declarations in RunCore's
/// `Settings` are English). A key missing here shows its English text.
enum GermanSettingTexts {
    static let titles: [String: String] = [
        "units": "Einheiten",
        "language": "Sprache",
        "firstWeekday": "Erster Tag der Woche",
        "list.pageSize": "Läufe pro Seite",
        "heartRate.maximum": "Maximale Herzfrequenz",
        "heartRate.resting": "Ruheherzfrequenz",
        "heartRate.trimpWeighting": "Gewichtung der Trainingslast",
        "heartRate.zone1": "Zone 1 beginnt bei",
        "heartRate.zone2": "Zone 2 beginnt bei",
        "heartRate.zone3": "Zone 3 beginnt bei",
        "heartRate.zone4": "Zone 4 beginnt bei",
        "heartRate.zone5": "Zone 5 beginnt bei",
        "analysis.movingSpeed": "In Bewegung ab",
        "analysis.minimumStop": "Kürzester Halt",
        "recording.autoPause": "Auto-Pause",
        "analysis.splitGap": "Läufe trennen nach",
        "map.regionGap": "Ausreißer-Abstand",
        "map.regionPadding": "Kartenrand",
        "map.downloadTiles": "Kartenkacheln laden",
        "map.tileURL": "Kachelserver",
        "search.defaultSet": "Standard-Suche",
    ]

    static let help: [String: String] = [
        "units": "Distanzen, Tempo und Höhen in metrischen oder imperialen Einheiten.",
        "language": "Sprache der Oberfläche, und wie Daten und Zahlen geschrieben werden.",
        "firstWeekday": "Der Tag, mit dem Wochen in den Wochensummen beginnen.",
        "list.pageSize": "Wie viele Läufe die Seite der Läufe auf einmal zeigt.",
        "heartRate.maximum": "Deine höchste Herzfrequenz; die Zonen sind Anteile davon.",
        "heartRate.resting": "Deine Herzfrequenz in Ruhe.",
        "heartRate.trimpWeighting": "Banisters Gewichtung der Herzfrequenzreserve in der Trainingslast eines Laufs (TRIMP): seine Konstanten für Männer oder für Frauen.",
        "heartRate.zone1": "Untergrenze von Zone 1 in Prozent der maximalen Herzfrequenz (ACSM: 50, 60, 70, 80, 90).",
        "heartRate.zone2": "Untergrenze von Zone 2 in Prozent der maximalen Herzfrequenz (ACSM: 50, 60, 70, 80, 90).",
        "heartRate.zone3": "Untergrenze von Zone 3 in Prozent der maximalen Herzfrequenz (ACSM: 50, 60, 70, 80, 90).",
        "heartRate.zone4": "Untergrenze von Zone 4 in Prozent der maximalen Herzfrequenz (ACSM: 50, 60, 70, 80, 90).",
        "heartRate.zone5": "Untergrenze von Zone 5 in Prozent der maximalen Herzfrequenz (ACSM: 50, 60, 70, 80, 90).",
        "analysis.movingSpeed": "Beim Laufen: langsamere Abschnitte, die mindestens den kürzesten Halt dauern, gelten als Stehen (Gehen und Wandern 0,2 m/s, Rad 1 m/s).",
        "analysis.minimumStop": "Kürzere Abschnitte unter dem Bewegungstempo bleiben Bewegungszeit.",
        "recording.autoPause": "Beim Aufzeichnen pausieren, wenn du stehst (unter dem Bewegungstempo für den kürzesten Halt).",
        "analysis.splitGap": "Enthält eine Datei mehrere Aktivitäten, beginnt nach einer längeren Pause zwischen zwei Punkten ein neuer Lauf (für Dateien, die ab jetzt importiert werden: eine gespeicherte Datei löschen und neu importieren, um sie neu zu teilen); ein Lauf mit einer längeren Lücke wird markiert.",
        "map.regionGap": "Punkte, die weiter als dies (in Breite oder Länge) vom Rest der Strecke liegen, bleiben aus dem Kartenausschnitt.",
        "map.regionPadding": "Rand um die Strecke auf der Karte, als Anteil ihrer Ausdehnung auf jeder Seite.",
        "map.downloadTiles": "Eine interaktive Karte über Kacheln vom Kachelserver unten zeigen (die Seite lädt dann Bilder von dort).",
        "map.tileURL": "Woher Kartenkacheln kommen, wenn das Laden eingeschaltet ist.",
        "search.defaultSet": "Die gespeicherte Suche, die eine Suche ohne Namen verwendet.",
    ]

    /// By `key=value`.
    static let choices: [String: String] = [
        "units=metric": "Metrisch (km, m)",
        "units=imperial": "Imperial (mi, ft)",
        "firstWeekday=monday": "Montag",
        "firstWeekday=sunday": "Sonntag",
        "firstWeekday=saturday": "Samstag",
        "heartRate.trimpWeighting=men": "Männer (0,64 · e^(1,92 x))",
        "heartRate.trimpWeighting=women": "Frauen (0,86 · e^(1,67 x))",
    ]
}

/// Refused setting values in German: what was wrong and what the setting takes.
enum GermanSettingRefusals {
    static let units: [String: String] = ["% of maximum": "% des Maximums", "of the span": "der Ausdehnung", "runs": "Läufe"]

    static let textDescriptions: [String: String] = [
        "map.tileURL": "eine http(s)-Adresse mit {z}, {x} und {y} in dieser Reihenfolge",
        "search.defaultSet": "ein Name ohne Leerzeichen an den Enden",
    ]

    static func reason(_ reason: SettingRefusal) -> String {
        switch reason {
        case .empty: return "der Wert ist leer"
        case .surroundingSpaces: return "er hat Leerzeichen am Anfang oder Ende"
        case .controlCharacter: return "er enthält ein Steuerzeichen"
        case .notWholeNumber: return "das ist keine ganze Zahl"
        case .outOfRange: return "das liegt außerhalb des Bereichs"
        case .notDecimalNumber: return "das ist keine Dezimalzahl"
        case .notToggle: return "das ist weder ein noch aus"
        case .notAChoice: return "das ist keine der Möglichkeiten"
        case .tooLong: return "das ist zu lang"
        case .wrongForm: return "das hat nicht die verlangte Form"
        case .wrongKind: return "das ist nicht die Art Wert dieser Einstellung"
        }
    }

    /// What a setting takes, numbers with a decimal comma.
    static func allowed(_ definition: SettingDefinition) -> String {
        func number(_ value: Double) -> String { DecimalText.format(value).replacingOccurrences(of: ".", with: ",") }
        func unit(_ text: String?) -> String { text.map { " (\(units[$0] ?? $0))" } ?? "" }
        switch definition.kind {
        case .integer(let range, let u): return "eine ganze Zahl von \(range.lowerBound) bis \(range.upperBound)\(unit(u))"
        case .decimal(let range, let u):
            return "eine Dezimalzahl von \(number(range.lowerBound)) bis \(number(range.upperBound))\(unit(u)), geschrieben wie 2,5"
        case .toggle: return "ein oder aus"
        case .choice(let choices):
            return "eines von: " + choices.map { GermanSettingTexts.choices["\(definition.key)=\($0.value)"] ?? $0.title }.joined(separator: ", ")
        case .text(_, let description, let maximumLength):
            return "\(textDescriptions[definition.key] ?? description), höchstens \(maximumLength) Zeichen"
        }
    }

    static func refusal(_ error: SettingError, _ definition: SettingDefinition) -> String {
        "„\(error.text)“ geht nicht: \(reason(error.reason)); erlaubt ist \(allowed(definition))"
    }

    static func rule(_ violation: SettingsRuleViolation, titles: [String]) -> String {
        let values = violation.values.map { $0.text }
        switch violation.code {
        case "restingBelowMaximum" where titles.count == 2 && values.count == 2:
            return "\(titles[0]) (\(values[0]) bpm) muss unter \(titles[1]) (\(values[1]) bpm) liegen"
        case "zonesIncreasing" where violation.keys.count == 2 && values.count == 2:
            let zones = violation.keys.map { "Zone " + String($0.reversed().prefix { $0.isNumber }.reversed()) }
            return "\(zones[0]) (\(values[0]) %) muss über \(zones[1]) (\(values[1]) %) beginnen: jede Zone beginnt über der vorigen"
        default:
            return violation.message
        }
    }
}
