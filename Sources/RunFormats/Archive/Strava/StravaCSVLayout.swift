/// Where each field of ``StravaActivity`` is in a given `activities.csv` header.
///
/// Columns are found by name and occurrence, never by a fixed position: names repeat
/// (`Elapsed Time`, `Distance`, `Commute` twice), and the column set grows (86, 94, 99, 103
/// columns seen, `Media` last). Headers known: English since mid-2019; German (`Aktivitäts-ID`,
/// …, `Dateiname`; geo-activity-playground#191, #348, #393); the pre-2019 lower-case
/// `id,date,name,type,description,elapsed_time,distance,commute,gear,filename`
/// (hugovk/strava-tools#1), whose distance is in metres.
struct StravaCSVLayout: Equatable {
    var columnCount: Int
    var activityID: Int
    var date: Int
    var name: Int
    var type: Int
    var fileName: Int
    var description: Int?
    var privateNote: Int?
    var gear: Int?
    var commute: [Int]
    var elapsed: [Int]  // preferred first
    var moving: Int?
    var distanceMeters: Int?
    var displayDistance: Int?

    /// The layout of `header`. - Throws: ``ReadError`` `.unsupportedFormat` naming `file` and
    /// the columns not found.
    init(header: [String], file: String) throws(ReadError) {
        let names = header.map { $0.trimmingCharacters().lowercased() }
        func columns(_ name: String) -> [Int] { names.indices.filter { names[$0] == name } }
        func first(_ aliases: [String]) -> [Int] {
            for alias in aliases { let found = columns(alias.lowercased()); if !found.isEmpty { return found } }
            return []
        }
        let isPre2019 = !columns("id").isEmpty && columns("activity id").isEmpty
        var missing: [String] = []
        func required(_ label: String, _ aliases: [String]) -> Int {
            if let index = first(aliases).first { return index }
            missing.append("\(label) (\(aliases.map { "'\($0)'" }.joined(separator: " or ")))")
            return 0
        }
        columnCount = header.count
        activityID = required("activity ID", ["Activity ID", "Aktivitäts-ID", "id"])
        date = required("activity date", ["Activity Date", "Aktivitätsdatum", "date"])
        name = required("activity name", ["Activity Name", "Name der Aktivität", "name"])
        type = required("activity type", ["Activity Type", "Aktivitätsart", "type"])
        fileName = required("file name", ["Filename", "Dateiname", "filename"])
        guard missing.isEmpty else {
            throw ReadError(code: .unsupportedFormat,
                            message: "is not a Strava activities.csv this version knows: no column for \(missing.joined(separator: ", ")); its header starts \(header.prefix(6).joined(separator: ","))",
                            file: file, line: 1)
        }
        description = first(["Activity Description", "Aktivitätsbeschreibung", "description"]).first
        privateNote = first(["Activity Private Note", "Hinweis zur Privatsphäre für Aktivitäten"]).first
        gear = first(["Activity Gear", "Aktivitätsausrüstung", "gear"]).first
        commute = first(["Commute", "Pendeln", "commute"])
        // The second `Elapsed Time` holds fractional seconds, the first whole ones.
        elapsed = first(["Elapsed Time", "Verstrichene Zeit", "elapsed_time"]).reversed()
        moving = first(["Moving Time", "Bewegungszeit"]).first
        let distances = first(["Distance", "Distanz", "distance"])
        if isPre2019 {
            distanceMeters = distances.first
            displayDistance = nil
        } else {
            // First `Distance`: display units (km or mi, 2 decimals); second: metres.
            displayDistance = distances.first
            distanceMeters = distances.count >= 2 ? distances[1] : nil
        }
    }
}

