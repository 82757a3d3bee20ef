import Foundation

/// A setting with its value type, for typed access in code: `snapshot[Settings.maximumHeartRate]`.
package struct Setting<Value: Sendable>: Sendable {
    package let definition: SettingDefinition
    let decode: @Sendable (SettingValue) -> Value?

    package var key: String { definition.key }
}

/// Every setting of runlog, declared once. Keys are stable; renames go through
/// ``SettingsSchema/migrations``.
package enum Settings {
    // Display
    package static let units = choice("units", "Units", .display, [SettingChoice("metric", "Metric (km, m)"), SettingChoice("imperial", "Imperial (mi, ft)")],
                                     default: "metric", help: "Distances, paces and elevations in metric or imperial units.")
    package static let language = choice("language", "Language", .display, [SettingChoice("en", "English"), SettingChoice("de", "Deutsch")],
                                        default: "en", help: "Language of the interface, and how dates and numbers are written.")
    package static let firstWeekday = choice("firstWeekday", "First day of the week", .display,
                                            [SettingChoice("monday", "Monday"), SettingChoice("sunday", "Sunday"), SettingChoice("saturday", "Saturday")],
                                            default: "monday", help: "The day weeks start on in weekly totals.")
    package static let listPageSize = integer("list.pageSize", "Runs per page", .display, 10...10_000, unit: "runs", default: 500,
                                             help: "How many runs the runs page shows at once.")
    // Heart rate
    package static let maximumHeartRate = integer("heartRate.maximum", "Maximum heart rate", .heartRate, 100...230, unit: "bpm", default: 190,
                                                 help: "Your highest heart rate; the zones are fractions of it.")
    package static let restingHeartRate = integer("heartRate.resting", "Resting heart rate", .heartRate, 25...120, unit: "bpm", default: 60,
                                                 help: "Your heart rate at rest.")
    package static let trimpWeighting = choice("heartRate.trimpWeighting", "Training load weighting", .heartRate,
                                              [SettingChoice("men", "Men's (0.64 · e^(1.92 x))"), SettingChoice("women", "Women's (0.86 · e^(1.67 x))")],
                                              default: "men",
                                              help: "Banister's weighting of the heart-rate reserve in a run's training load (TRIMP): his constants for men or for women.")
    package static let zoneLowerBounds: [Setting<Int>] = (1...5).map { zone in
        integer("heartRate.zone\(zone)", "Zone \(zone) starts at", .heartRate, 30...100, unit: "% of maximum", default: 40 + 10 * zone,
                help: "Lower bound of heart-rate zone \(zone), in percent of the maximum heart rate (ACSM percent-of-maximum zones: 50, 60, 70, 80, 90).")
    }
    // Analysis
    package static let movingSpeedThreshold = decimal("analysis.movingSpeed", "Moving below", .analysis, 0.05...5, unit: "m/s", default: 0.5,
                                                     help: "For runs: slower stretches that last the minimum stop count as standing still (walks and hikes use 0.2 m/s, rides 1 m/s).")
    package static let minimumStop = integer("analysis.minimumStop", "Shortest stop", .analysis, 1...600, unit: "s", default: 10,
                                            help: "Stretches below the moving speed shorter than this stay moving time.")
    package static let autoPause = toggle("recording.autoPause", "Auto-pause", .analysis, default: true,
                                         help: "While recording, pause when you stand still (below the moving speed for the shortest stop).")
    package static let splitGap = integer("analysis.splitGap", "Split runs after", .analysis, 10...1440, unit: "min", default: 120,
                                         help: "When a file holds several activities, points further apart in time than this start a new run (for files imported from now on: delete and import a stored file again to cut it anew); a run with a longer gap is flagged.")
    // Map
    package static let regionGap = decimal("map.regionGap", "Outlier gap", .map, 0.001...180, unit: "°", default: 1.0,
                                          help: "Fixes farther than this from the rest of the track (in latitude or longitude) are left out of the map's view.")
    package static let regionPadding = decimal("map.regionPadding", "Map padding", .map, 0...1, unit: "of the span", default: 0.1,
                                              help: "Margin around the track on the map, as a fraction of its extent on each side.")
    package static let downloadTiles = toggle("map.downloadTiles", "Download map tiles", .map, default: false,
                                             help: "Show an interactive map over tiles from the tile server below (the page then fetches images from it).")
    package static let tileURL = text("map.tileURL", "Tile server", .map, pattern: #"^https?://[^\s]*\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*$"#,
                                     description: "an http(s) URL with {z}, {x} and {y} in this order", maximumLength: 300,
                                     default: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
                                     help: "Where map tiles come from when downloading them is on.")
    // Library
    package static let defaultSearchSet = text("search.defaultSet", "Default search set", .library, pattern: #"^\S(.*\S)?$"#,
                                              description: "a name without spaces at its ends", maximumLength: 100,
                                              default: "All runs", help: "The saved search a search uses when none is named.")

    /// Every setting, in screen order.
    package static let all: [SettingDefinition] = [
        units.definition, language.definition, firstWeekday.definition, listPageSize.definition,
        maximumHeartRate.definition, restingHeartRate.definition, trimpWeighting.definition,
    ] + zoneLowerBounds.map(\.definition) + [
        movingSpeedThreshold.definition, minimumStop.definition, autoPause.definition, splitGap.definition,
        regionGap.definition, regionPadding.definition, downloadTiles.definition, tileURL.definition,
        defaultSearchSet.definition,
    ]

    /// The definition of a key.
    package static func definition(_ key: String) -> SettingDefinition? { all.first { $0.key == key } }

    // MARK: - Declaration helpers

    static func integer(_ key: String, _ title: String, _ section: SettingSection, _ range: ClosedRange<Int>, unit: String?,
                        default value: Int, help: String) -> Setting<Int> {
        Setting(definition: SettingDefinition(key: key, title: title, section: section, kind: .integer(range, unit: unit),
                                              defaultValue: .int(value), help: help),
                decode: { if case .int(let v) = $0 { return v } else { return nil } })
    }

    static func decimal(_ key: String, _ title: String, _ section: SettingSection, _ range: ClosedRange<Double>, unit: String?,
                        default value: Double, help: String) -> Setting<Double> {
        Setting(definition: SettingDefinition(key: key, title: title, section: section, kind: .decimal(range, unit: unit),
                                              defaultValue: .double(value), help: help),
                decode: { switch $0 { case .double(let v): return v; case .int(let v): return Double(v); default: return nil } })
    }

    static func toggle(_ key: String, _ title: String, _ section: SettingSection, default value: Bool, help: String) -> Setting<Bool> {
        Setting(definition: SettingDefinition(key: key, title: title, section: section, kind: .toggle, defaultValue: .bool(value), help: help),
                decode: { if case .bool(let v) = $0 { return v } else { return nil } })
    }

    static func choice(_ key: String, _ title: String, _ section: SettingSection, _ choices: [SettingChoice], default value: String,
                       help: String) -> Setting<String> {
        Setting(definition: SettingDefinition(key: key, title: title, section: section, kind: .choice(choices),
                                              defaultValue: .string(value), help: help),
                decode: { if case .string(let v) = $0 { return v } else { return nil } })
    }

    static func text(_ key: String, _ title: String, _ section: SettingSection, pattern: String, description: String, maximumLength: Int,
                     default value: String, help: String) -> Setting<String> {
        Setting(definition: SettingDefinition(key: key, title: title, section: section,
                                              kind: .text(pattern: pattern, description: description, maximumLength: maximumLength),
                                              defaultValue: .string(value), help: help),
                decode: { if case .string(let v) = $0 { return v } else { return nil } })
    }
}

extension Settings {
    /// Rules between settings: the zones start at increasing percentages, and the resting heart
    /// rate is below the maximum.
    package static let rules: [SettingsRule] = zoneOrderRules + [
        SettingsRule(keys: [restingHeartRate.key, maximumHeartRate.key]) { snapshot in
            let resting = snapshot[restingHeartRate], maximum = snapshot[maximumHeartRate]
            return resting < maximum ? nil : SettingsRuleViolation(
                code: "restingBelowMaximum", keys: [restingHeartRate.key, maximumHeartRate.key], values: [.int(resting), .int(maximum)],
                message: "\(restingHeartRate.key) (\(resting) bpm) must be below \(maximumHeartRate.key) (\(maximum) bpm)")
        },
    ]

    private static var zoneOrderRules: [SettingsRule] {
        zip(zoneLowerBounds, zoneLowerBounds.dropFirst()).map { lower, upper in
            SettingsRule(keys: [lower.key, upper.key]) { snapshot in
                let a = snapshot[lower], b = snapshot[upper]
                return a < b ? nil : SettingsRuleViolation(
                    code: "zonesIncreasing", keys: [upper.key, lower.key], values: [.int(b), .int(a)],
                    message: "\(upper.key) (\(b) %) must be above \(lower.key) (\(a) %): each zone starts above the one before")
            }
        }
    }
}

extension AnalysisPreferences {
    /// The analysis preferences a profile's settings hold.
    package init(settings: SettingsSnapshot) {
        self.init()
        runningMovingSpeedThresholdMetersPerSecond = settings[Settings.movingSpeedThreshold]
        minimumStopSeconds = Double(settings[Settings.minimumStop])
        splitGapSeconds = Double(settings[Settings.splitGap]) * 60
        maximumHeartRateBPM = Double(settings[Settings.maximumHeartRate])
        heartRateZoneLowerBounds = Settings.zoneLowerBounds.map { Double(settings[$0]) / 100 }
    }
}
