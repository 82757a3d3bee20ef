import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import TestSupport
import Testing

/// Validation at the store boundary: for each kind of setting, at least 20 inputs a person or a
/// script could type by mistake are refused with a message naming the setting and what it takes,
/// and the stored value stays exactly as it was (value and origin).
@Suite struct SettingsValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var key: String
        /// A valid value stored first, different from the default.
        var stored: String
        var bad: [String]
        var testDescription: String { key }
    }

    static let cases: [Case] = [
        // integer, 100…230 bpm
        Case(key: "heartRate.maximum", stored: "185", bad: [
            "", "abc", "12a", " 7", "7 ", "1e3", "-5", "99", "231", "99999999999999999999", "190.0", "190,0", "0x10",
            "1_000", "١٩٠", "１９０", "NaN", "inf", "19 0", "\t190", "190\n", "--190", "+", "-", "1.9e2", "185 bpm",
        ]),
        // integer, 1…600 s: negative for a positive setting
        Case(key: "analysis.minimumStop", stored: "15", bad: [
            "-5", "0", "-0", "601", "", " ", "ten", "10s", "10.5", "1e1", "0x0A", "٢", "10 ", " 10", "+-1", "9223372036854775808",
            "-9223372036854775809", "½", "10/1", "nan", "∞",
        ]),
        // decimal, 0.05…5 m/s
        Case(key: "analysis.movingSpeed", stored: "0.7", bad: [
            "", "abc", "1e3", "1E-1", " 0.5", "0.5 ", "-5", "0,5", "nan", "NaN", "inf", "-inf", ".", "0.5.1", "5.01", "0.04", "0",
            "1/2", "½", "0x1p-1", "٠.٥", "0.5m/s", "++0.5", "-", "+",
        ]),
        // toggle
        Case(key: "map.downloadTiles", stored: "true", bad: [
            "", "maybe", "tru", "2", "-1", " true", "true ", "yes please", "oui", "TRUE1", "t", "f", "y", "n", "null", "nil",
            "0.0", "1.0", "enabled", "✓", "on off",
        ]),
        // choice
        Case(key: "units", stored: "imperial", bad: [
            "", "Metric", "METRIC", "metrics", "km", " metric", "metric ", "imperial,metric", "0", "1", "us", "si", "metric\n",
            "mètric", "null", "Imperial", "imp", "other", "metric;", "true", "ｍｅｔｒｉｃ",
        ]),
        // text with a pattern
        Case(key: "map.tileURL", stored: "https://tiles.example.org/{z}/{x}/{y}.png", bad: [
            "", "abc", "ftp://x.org/{z}/{x}/{y}", "http://x.org/{x}/{y}/{z}", "https://x.org/{z}/{x}",
            "https://x.org/{z}/{x}/{y}.png with space", " https://x.org/{z}/{x}/{y}", "https://x.org/{z}/{x}/{y} ",
            "https://x.org/" + String(repeating: "a", count: 300) + "/{z}/{x}/{y}", "javascript:alert(1)//{z}/{x}/{y}",
            "https://x.org/{z}/{y}/{x}", "{z}/{x}/{y}", "http//x.org/{z}/{x}/{y}", "https://x.org/{Z}/{X}/{Y}",
            "https://x.org/%7Bz%7D/{x}/{y}", "https://x.org/{z}/{x}/{y}\n", "data:image/png;base64,{z}{x}{y}",
            "file:///etc/{z}/{x}/{y}", "https://\t/{z}/{x}/{y}", "<script>{z}{x}{y}",
        ]),
    ]

    @Test(arguments: cases)
    func badInputsAreRefusedAndTheStoredValueStays(_ testCase: Case) throws {
        #expect(testCase.bad.count >= 20)
        let directory = TemporaryDirectory()
        let settings = try SettingsStore(home: directory.path)
        let stored = try settings.set(testCase.key, text: testCase.stored)
        let domain = "settings:default"
        let before = try #require(try settings.store.entry(testCase.key, in: domain))
        #expect(before.origin == .user)
        for input in testCase.bad {
            let error = try #require(throws: SettingsError.self, "\(testCase.key) accepted \(input.debugDescription)") {
                try settings.set(testCase.key, text: input)
            }
            #expect(error.code == .invalidSetting)
            #expect(error.message.contains(testCase.key), "the message names the setting: \(error.message)")
            #expect(error.message.contains("it takes"), "the message says what is allowed: \(error.message)")
            // What was refused, for a message in another language: the setting, the text, why.
            guard case .value(let refusal) = error.refusal else { Issue.record("no refusal for \(input.debugDescription)"); continue }
            #expect(refusal.key == testCase.key && refusal.text == input)
            #expect(error.message.contains(refusal.reason.englishText))
            #expect(try settings.store.entry(testCase.key, in: domain) == before)
        }
        #expect(try settings.snapshot().value(testCase.key) == stored)
    }

    /// The good inputs of each kind, and what they mean.
    @Test func goodInputs() throws {
        let directory = TemporaryDirectory()
        let settings = try SettingsStore(home: directory.path)
        let good: [(String, String, SettingValue)] = [
            ("heartRate.maximum", "230", .int(230)), ("heartRate.maximum", "100", .int(100)), ("heartRate.maximum", "+150", .int(150)),
            ("analysis.movingSpeed", "5", .double(5)), ("analysis.movingSpeed", "0.05", .double(0.05)), ("analysis.movingSpeed", ".5", .double(0.5)),
            ("map.downloadTiles", "on", .bool(true)), ("map.downloadTiles", "No", .bool(false)), ("map.downloadTiles", "1", .bool(true)),
            ("units", "imperial", .string("imperial")), ("language", "de", .string("de")),
            ("map.tileURL", "http://localhost:8080/{z}/{x}/{y}.png", .string("http://localhost:8080/{z}/{x}/{y}.png")),
        ]
        for (key, text, expected) in good {
            #expect(try settings.set(key, text: text) == expected, "\(key) \(text)")
            #expect(try settings.snapshot().value(key) == expected)
        }
    }

    /// Rules between settings: zones increase, resting is below maximum. A refused change leaves
    /// every value; several values set together are checked together.
    @Test func rulesBetweenSettings() throws {
        let directory = TemporaryDirectory()
        let settings = try SettingsStore(home: directory.path)
        let zone3 = try #require(throws: SettingsError.self) { try settings.set("heartRate.zone3", text: "55") }
        #expect(zone3.message.contains("heartRate.zone3") && zone3.message.contains("heartRate.zone2"))
        guard case .rule(let violation) = zone3.refusal else { Issue.record("no rule violation"); return }
        #expect(violation.code == "zonesIncreasing" && violation.keys == ["heartRate.zone3", "heartRate.zone2"])
        // Zone 2 starts at 60 % by default (ACSM percent-of-maximum zones: 50, 60, 70, 80, 90).
        #expect(violation.values == [.int(55), .int(60)])
        #expect(try settings.snapshot()[Settings.zoneLowerBounds[2]] == 70)
        #expect(throws: SettingsError.self) { try settings.set("heartRate.resting", text: "120") ; try settings.set("heartRate.maximum", text: "110") }
        #expect(try settings.snapshot()[Settings.maximumHeartRate] == 190)
        // Moving every zone down at once is fine, though one at a time zone 1 would pass zone 2.
        let lower: [String: SettingValue] = ["heartRate.zone1": .int(40), "heartRate.zone2": .int(45), "heartRate.zone3": .int(55),
                                             "heartRate.zone4": .int(65), "heartRate.zone5": .int(75)]
        try settings.set(lower)
        #expect(Settings.zoneLowerBounds.map { try! settings.snapshot()[$0] } == [40, 45, 55, 65, 75])
        // A batch with one bad value stores nothing.
        #expect(throws: SettingsError.self) { try settings.set(["units": .string("imperial"), "heartRate.zone1": .int(200)]) }
        #expect(try settings.snapshot()[Settings.units] == "metric")
    }
}
