import Foundation

/// What a file says, in so many words, that tells its sport: the sport it states (GPX `<type>`,
/// TCX and FIT sport), the names its author or app gave it, and the device or app that wrote it.
package struct SportEvidence: Sendable, Hashable {
    /// Sport fields in the file, in order (each track's GPX `<type>`; a TCX or FIT sport).
    package var statedTypes: [String]
    /// Names: the activity's, each track's, the metadata's, the file's.
    package var names: [String]
    /// The device or program that wrote the file (GPX `creator`).
    package var creator: String?

    package init(statedTypes: [String] = [], names: [String] = [], creator: String? = nil) {
        self.statedTypes = statedTypes
        self.names = names
        self.creator = creator
    }

    /// The evidence in an activity: its tracks' and routes' types and names, its metadata's name
    /// and keywords, its creator, and the file name when given.
    package init(activity: Activity, fileName: String? = nil) {
        // A FIT sub-sport is the more precise word where it names a sport (treadmill, indoor_rowing,
        // lap_swimming); a generic one (generic, road, street) names none and the sport decides.
        statedTypes = activity.tracks.flatMap { [$0.deviceTotals?.subSport, $0.type].compactMap { $0 } } + activity.routes.compactMap(\.type)
        names = activity.tracks.compactMap(\.name) + activity.routes.compactMap(\.name)
            + [activity.metadata.name, activity.metadata.keywords, fileName].compactMap { $0 }
        creator = activity.creator
    }

    /// The sport the file states, if a field names one.
    package var statedSport: Sport? { statedTypes.lazy.compactMap { Sport.fromGPXType($0) }.first }

    /// The sport its names say, from whole words (English, German, French): "Morning Swim",
    /// "Meylan Road Cycling", "Chichester Windsurf", "Abendlauf" does not count (one word).
    package var namedSport: Sport? {
        for name in names {
            let words = Self.words(name)
            if words.contains(where: { Self.trailWords.contains($0) }) && words.contains(where: { Self.runningWords.contains($0) })
                || words.contains(where: { Self.trailRunningWords.contains($0) }) {
                return .trailRunning
            }
            for word in words {
                if let sport = Self.sportOfWord[word] { return sport }
            }
        }
        return nil
    }

    /// The sport a single-purpose device is made for (a bike computer, a speed-surfing logger),
    /// with how sure that is: 0.8 for devices made for one sport, 0.5 for running watches, which
    /// are worn for other sports too.
    package var deviceSport: (sport: Sport, confidence: Double)? {
        guard let creator else { return nil }
        let words = Self.words(creator)
        if words.contains(where: { Self.bikeComputerWords.contains($0) }) { return (.cycling, 0.8) }
        if words.contains(where: { Self.speedSurfingWords.contains($0) }) || creator.lowercased().contains("motion-gps") { return (.other, 0.8) }
        if words.contains("forerunner") { return (.running, 0.5) }
        return nil
    }

    /// Lower-case words of a text, accents folded (`Randonnée` → `randonnee`).
    static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    static let runningWords: Set<String> = ["run", "running", "runner", "jog", "jogging", "lauf", "laufen", "dauerlauf", "footing",
                                            "parkrun", "marathon", "halbmarathon", "halfmarathon", "course"]
    static let trailWords: Set<String> = ["trail"]
    static let trailRunningWords: Set<String> = ["trailrun", "trailrunning", "traillauf"]
    static let bikeComputerWords: Set<String> = ["edge", "elemnt", "bolt", "roam", "bryton", "hammerhead", "karoo", "lezyne", "rox"]
    static let speedSurfingWords: Set<String> = ["locosys", "gt31", "gw60"]
    static let sportOfWord: [String: Sport] = {
        var table: [String: Sport] = [:]
        for word in runningWords where word != "course" { table[word] = .running }
        for word in ["ride", "riding", "cycling", "cycle", "bike", "biking", "mtb", "velo", "radfahrt", "radtour", "radeln", "fahrrad",
                     "cyclisme", "gravel", "ebike"] { table[word] = .cycling }
        for word in ["walk", "walking", "spaziergang", "marche", "stroll"] { table[word] = .walking }
        for word in ["hike", "hiking", "wanderung", "wandern", "randonnee", "trek", "trekking", "bergtour"] { table[word] = .hiking }
        for word in ["swim", "swimming", "schwimmen", "natation"] { table[word] = .swimming }
        for word in ["windsurf", "windsurfing", "speedsurfing", "surf", "surfing", "kitesurf", "kitesurfing", "sail", "sailing", "kayak",
                     "kayaking", "canoe", "canoeing", "rowing", "paddle", "paddling", "sup", "ski", "skiing", "snowboard", "skate",
                     "skating", "drive", "driving", "car", "train", "bus", "flight", "boat", "ferry", "motorbike", "motorcycle"] {
            table[word] = .other
        }
        return table
    }()
}
