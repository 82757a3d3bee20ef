import Foundation

/// The sport of a run, which sets the analysis defaults that depend on it (``SportProfile``).
package enum Sport: String, Sendable, Hashable, Codable, CaseIterable {
    case running
    case trailRunning
    case walking
    case hiking
    case cycling
    case swimming
    case other

    /// Whether cadence counts steps (foot sports) rather than pedal revolutions or strokes.
    package var isOnFoot: Bool { self == .running || self == .trailRunning || self == .walking || self == .hiking }

    /// Whether people read the sport's speed (km/h) rather than its pace (min/km): rides and other
    /// sports (sailing, skiing, driving).
    package var readsSpeed: Bool { self == .cycling || self == .other }

    /// Whether the sport is running (road or trail): its best efforts are capped by the world records.
    package var isRunning: Bool { self == .running || self == .trailRunning }

    /// The sports a comma-separated list of their names (``rawValue``s) names, each once, in
    /// ``allCases``' order; nil when a word names no sport or the list names none.
    package static func list(_ text: String) -> [Sport]? {
        var named = Set<Sport>()
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces)
            if name.isEmpty, text.contains(",") { continue }
            guard let sport = Sport(rawValue: name) else { return nil }
            named.insert(sport)
        }
        return named.isEmpty ? nil : allCases.filter(named.contains)
    }

    /// The sport a GPX `<type>` (or a TCX `Sport`) names (Strava, Garmin, OpenTracks, outdooractive
    /// and FitTrackee spellings; any case, words or codes like `running`, `Run`, `trail_running`,
    /// `9`), or nil when unknown.
    ///
    /// FIT's `sport` and `sub_sport` names (Garmin's FIT profile: `fitness_equipment`, `treadmill`,
    /// `indoor_rowing`, `transition` …) and TCX's `Sport` attribute (`Running`, `Biking`, `Other`)
    /// are read the same way. Numbers are Strava's activity type codes in its GPX exports: 1 ride, 4 hike, 9 run, 10 walk,
    /// 16 swim (../shared/corpus: sportslib-4623204522-1.gpx, `<type>16</type>` on an open-water swim).
    /// Words include the `Activity Type` of Strava's `activities.csv` (its sport types: `Trail Run`,
    /// `Virtual Ride`, `Gravel Ride`, `E-Mountain Bike Ride`, `Nordic Ski`, `Snowshoe` — on foot at
    /// hiking speeds —, `Weight Training`, `Workout` …; German exports write `Lauf` and `Radfahrt`,
    /// geo-activity-playground#86); sports with no distance or speed of their own are `.other`.
    package static func fromGPXType(_ type: String?) -> Sport? {
        guard let type else { return nil }
        let key = type.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "running", "run", "treadmill", "treadmillrunning", "streetrunning", "trackrunning", "indoorrunning", "jogging", "virtualrun", "lauf", "9":
            return .running
        case "trailrunning", "trailrun", "trail": return .trailRunning
        case "walking", "walk", "hikingwalking", "nordicwalking", "casualwalking", "speedwalking", "10": return .walking
        case "hiking", "hike", "mountaineering", "alpinetour", "alpinetouring", "snowshoe", "snowshoeing", "4": return .hiking
        case "cycling", "biking", "ride", "bike", "roadcycling", "roadbiking", "mountainbiking", "gravelcycling", "gravelbiking",
             "ebiking", "ebikeride", "virtualride", "mountainbikeride", "indoorcycling", "gravelride", "emountainbikeride",
             "handcycle", "velomobile", "radfahrt", "1":
            return .cycling
        case "swimming", "swim", "openwaterswimming", "lapswimming", "poolswimming", "openwater", "16": return .swimming
        // Sports that are neither on foot, pedalled nor swum: their own thresholds, no step cadence.
        case "surfing", "kitesurfing", "windsurfing", "speedsurfing", "sailing",
             "rowing", "kayaking", "canoeing", "paddling", "standuppaddling", "skiing", "ski", "alpineskiing", "backcountryskiing",
             "nordicskiing", "crosscountryskiing", "snowboarding", "skating", "inlineskating", "iceskating", "driving",
             "motorcycling", "flying", "horsebackriding", "other",
             // Strava's words for these (activities.csv `Activity Type`)
             "nordicski", "alpineski", "backcountryski", "rollerski", "snowboard", "iceskate", "inlineskate", "kitesurf",
             "windsurf", "sail", "canoe", "kayak", "virtualrow", "skateboard", "wheelchair", "rockclimb", "rockclimbing",
             "weighttraining", "workout", "crossfit", "elliptical", "stairstepper", "yoga", "pilates", "golf", "soccer",
             "tennis", "squash", "badminton", "tabletennis", "pickleball", "racquetball", "highintensityintervaltraining", "hiit",
             // FIT profile `sport` and `sub_sport` names with no distance of a sport above (a multisport
             // file's transitions, gym machines other than the treadmill and indoor bike)
             "transition", "fitnessequipment", "training", "indoorrowing", "strengthtraining", "cardiotraining",
             "basketball", "americanfootball", "boxing", "floorclimbing":
            return .other
        default: return nil
        }
    }

    /// The defaults for the sport.
    package var profile: SportProfile { SportProfile.of(self) }
}
