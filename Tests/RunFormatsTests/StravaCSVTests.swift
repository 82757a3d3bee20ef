import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Strava's `activities.csv`: the sample's rows against strava-export-sample.expected.json and
/// Python's csv module; layouts and values built here (German, pre-2019, 103 columns, bad rows).
@Suite struct StravaCSVTests {
    static let header94 = "Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance,Max Speed,Average Speed,Elevation Gain,Elevation Loss,Elevation Low,Elevation High,Max Grade,Average Grade,Average Positive Grade,Average Negative Grade,Max Cadence,Average Cadence,Max Heart Rate,Average Heart Rate,Max Watts,Average Watts,Calories,Max Temperature,Average Temperature,Relative Effort,Total Work,Number of Runs,Uphill Time,Downhill Time,Other Time,Perceived Exertion,Type,Start Time,Weighted Average Power,Power Count,Prefer Perceived Exertion,Perceived Relative Effort,Commute,Total Weight Lifted,From Upload,Grade Adjusted Distance,Weather Observation Time,Weather Condition,Weather Temperature,Apparent Temperature,Dewpoint,Humidity,Weather Pressure,Wind Speed,Wind Gust,Wind Bearing,Precipitation Intensity,Sunrise Time,Sunset Time,Moon Phase,Bike,Gear,Precipitation Probability,Precipitation Type,Cloud Cover,Weather Visibility,UV Index,Weather Ozone,Jump Count,Total Grit,Average Flow,Flagged,Average Elapsed Speed,Dirt Distance,Newly Explored Distance,Newly Explored Dirt Distance,Activity Count,Total Steps,Carbon Saved,Pool Length,Training Load,Intensity,Average Grade Adjusted Pace,Timer Time,Total Cycles,Media"
    /// The 103-column header (the 94 with `Media` moved after nine more columns), README of the corpus.
    static let header103 = header94.replacingOccurrences(of: ",Media", with: ",Recovery,With Pet,Competition,Long Run,For a Cause,With Kid,Downhill Distance,Total Sets,Total Reps,Media")
    /// The German header of a 2025 export (geo-activity-playground#393).
    static let headerGerman = "Aktivitäts-ID,Aktivitätsdatum,Name der Aktivität,Aktivitätsart,Aktivitätsbeschreibung,Verstrichene Zeit,Distanz,Max. Herzfrequenz,Relative Leistung,Pendeln,Hinweis zur Privatsphäre für Aktivitäten,Aktivitätsausrüstung,Dateiname,Sportlergewicht,Fahrradgewicht,Verstrichene Zeit,Bewegungszeit,Distanz,Höchstgeschw.,Durchschnittliche Geschwindigkeit,Medien"

    /// A row for `header` with `values` by column name and occurrence (1-based), the rest empty.
    static func row(_ header: String, _ values: [String: [Int: String]]) -> String {
        var seen: [String: Int] = [:]
        return header.split(separator: ",", omittingEmptySubsequences: false).map { name in
            let occurrence = (seen[String(name)] ?? 0) + 1
            seen[String(name)] = occurrence
            return values[String(name)]?[occurrence] ?? ""
        }.joined(separator: ",")
    }

    static func utc(_ iso: String) throws -> Double {
        try #require(ISO8601DateFormatter().date(from: iso)).timeIntervalSince1970
    }

    static func read(_ text: String, _ name: String = "activities.csv") throws -> StravaActivitiesCSV {
        try StravaActivitiesCSV(Array(text.utf8), fileName: name)
    }

    static func sampleCSV() throws -> [UInt8] {
        var csv: [UInt8] = []
        try ArchiveReader.forEachMember(of: try ArchiveTests.bytes(ArchiveTests.sampleZip), fileName: "sample.zip",
                                        decide: { $0.path == "activities.csv" ? .read : .ignore }) { csv = $0.bytes }
        return csv
    }

    @Test func sampleRowsMatchTheExpectedJSON() throws {
        let table = try StravaActivitiesCSV(try Self.sampleCSV(), fileName: "activities.csv")
        #expect(table.rowErrors.isEmpty)
        let expected = try ArchiveTests.expectedRows()
        #expect(table.activities.count == expected.count)
        for (activity, row) in zip(table.activities, expected) {
            let label = "\(row["activity_id"] ?? "?")"
            #expect(activity.activityID == (row["activity_id"] as? NSNumber)?.int64Value, "\(label)")
            #expect(activity.name == row["name"] as? String, "\(label)")
            #expect(activity.type == row["type"] as? String, "\(label)")
            #expect(activity.gear == row["gear"] as? String, "\(label)")
            #expect(activity.commute == row["commute"] as? Bool, "\(label)")
            #expect(activity.fileName == row["filename"] as? String, "\(label)")
            #expect(activity.startTimeSeconds == (try Self.utc(try #require(row["start_utc"] as? String))), "\(label)")
            // The CSV rounds: elapsed and moving to the second, distance to 0.1 m.
            let elapsed = try #require((row["elapsed_s"] as? NSNumber)?.doubleValue)
            #expect(abs((activity.elapsedSeconds ?? .nan) - elapsed) <= 0.5, "\(label)")
            if let timer = (row["timer_s"] as? NSNumber)?.doubleValue {
                #expect(abs((activity.movingSeconds ?? .nan) - timer) <= 0.5, "\(label)")
            }
            if let distance = (row["distance_m"] as? NSNumber)?.doubleValue {
                #expect(abs((activity.distanceMeters ?? .nan) - distance) <= 0.05, "\(label)")
            } else {
                #expect(activity.distanceMeters == nil, "\(label)")
            }
        }
        // The README's table: a name with a comma and "café", a description with a line break
        // and doubled quotes, a private note on 2231000104, the commute on 2231000103.
        let ride = try #require(table.activities.first { $0.activityID == 2231000102 })
        #expect(ride.name == "Sunday loop, café stop")
        #expect(ride.description.contains("\n"))
        #expect(ride.description.contains("\"never again\""))
        #expect(try #require(table.activities.first { $0.activityID == 2231000104 }).privateNote.isEmpty == false)
        #expect(try #require(table.activities.first { $0.activityID == 2231000110 }).isManual)
    }

    @Test func sampleFieldsEqualPythonsCSVReader() throws {
        let dir = TemporaryDirectory("runlog-csv")
        let csvPath = try dir.write("activities.csv", try Self.sampleCSV())
        let result = try ExternalTools.run("/usr/bin/python3", ["-c", """
            import csv, json, sys
            rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))
            print(json.dumps([[r[0], r[2], r[3], r[4], r[10], r[11], r[12]] for r in rows[1:]]))
            """, csvPath])
        let python = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String]])
        let table = try StravaActivitiesCSV(try Self.sampleCSV(), fileName: "activities.csv")
        #expect(python.count == 14)
        #expect(table.activities.map { ["\($0.activityID)", $0.name, $0.type, $0.description, $0.privateNote, $0.gear, $0.fileName] } == python)
    }

    @Test func stravaTypesMapToSports() throws {
        let expected: [String: Sport] = ["Run": .running, "Trail Run": .trailRunning, "Ride": .cycling, "Virtual Ride": .cycling,
                                         "Swim": .swimming, "Rowing": .other, "Nordic Ski": .other, "Weight Training": .other,
                                         "Walk": .walking, "Hike": .hiking, "E-Bike Ride": .cycling, "Gravel Ride": .cycling,
                                         "Workout": .other, "Lauf": .running, "Radfahrt": .cycling]
        for (word, sport) in expected {
            #expect(StravaActivity(activityID: 1, startTimeSeconds: 0, name: "", type: word).sport == sport, "\(word)")
        }
        let table = try StravaActivitiesCSV(try Self.sampleCSV(), fileName: "activities.csv")
        #expect(table.activities.allSatisfy { $0.sport != nil })
    }

    @Test func germanHeaderWithDecimalComma() throws {
        let line = Self.row(Self.headerGerman, [
            "Aktivitäts-ID": [1: "8228026758"], "Aktivitätsdatum": [1: "\"20.09.2026, 14:12:12\""],
            "Name der Aktivität": [1: "Feierabendrunde"], "Aktivitätsart": [1: "Lauf"], "Verstrichene Zeit": [1: "3189", 2: "3189.0"],
            "Distanz": [1: "\"10,20\"", 2: "10200.5"], "Pendeln": [1: "true"], "Aktivitätsausrüstung": [1: "Patria"],
            "Bewegungszeit": [1: "2070.0"], "Dateiname": [1: "activities/8228026758.gpx"],
            "Hinweis zur Privatsphäre für Aktivitäten": [1: "privat"],
        ])
        let table = try Self.read(Self.headerGerman + "\n" + line + "\n")
        #expect(table.rowErrors.isEmpty)
        let activity = try #require(table.activities.first)
        #expect(activity.activityID == 8228026758)
        #expect(activity.startTimeSeconds == (try Self.utc("2026-09-20T14:12:12Z")))
        #expect(activity.displayDistance == 10.2)
        #expect(activity.distanceMeters == 10200.5)
        #expect(activity.elapsedSeconds == 3189)
        #expect(activity.movingSeconds == 2070)
        #expect(activity.commute)
        #expect(activity.gear == "Patria")
        #expect(activity.privateNote == "privat")
        #expect(activity.fileName == "activities/8228026758.gpx")
        #expect(activity.sport == .running)
    }

    @Test func pre2019TenColumnHeader() throws {
        // hugovk/strava-tools#1: the row as the issue quotes it.
        let table = try Self.read("id,date,name,type,description,elapsed_time,distance,commute,gear,filename\n"
                                  + "1836776031,2018-09-12 15:02:23,Evening Ride,Ride,,783,3681.0,true,Merida,activities/1836776031.gpx\n")
        let activity = try #require(table.activities.first)
        #expect(activity == StravaActivity(activityID: 1836776031, startTimeSeconds: try Self.utc("2018-09-12T15:02:23Z"),
                                           name: "Evening Ride", type: "Ride", gear: "Merida", fileName: "activities/1836776031.gpx",
                                           commute: true, elapsedSeconds: 783, distanceMeters: 3681, line: 2))
    }

    @Test func quotedNameWithCommaNewlineAndQuotesCRLFAndBOM() throws {
        let text = "\u{FEFF}Activity ID,Activity Date,Activity Name,Activity Type,Filename\r\n"
            + "7,\"May 9, 2023, 10:09:29 AM\",\"A, \"\"b\"\"\r\nc\",Ride,activities/7.fit.gz\r\n"
            + "\r\n"
            + "8,\"24 Dec 2020, 08:13:59\",Plain,Run,\r\n"
        let table = try Self.read(text)
        #expect(table.rowErrors.isEmpty)
        #expect(table.activities.map(\.name) == ["A, \"b\"\r\nc", "Plain"])
        #expect(table.activities.map(\.line) == [2, 5])
        #expect(table.activities.map(\.startTimeSeconds) == [try Self.utc("2023-05-09T10:09:29Z"), try Self.utc("2020-12-24T08:13:59Z")])
        #expect(table.activities.map(\.isManual) == [false, true])
    }

    @Test func header103ReadsByOccurrence() throws {
        #expect(Self.header103.split(separator: ",").count == 103)
        let line = Self.row(Self.header103, [
            "Activity ID": [1: "12345"], "Activity Date": [1: "\"Sep 20, 2026, 2:12:12 PM\""], "Activity Name": [1: "Afternoon Run"],
            "Activity Type": [1: "Run"], "Elapsed Time": [1: "9999", 2: "300.5"], "Moving Time": [1: "290"],
            "Distance": [1: "99.9", 2: "5000"], "Commute": [1: "", 2: "true"], "Filename": [1: "activities/12345.gpx"],
            "Total Reps": [1: "12"], "Media": [1: "media/a.jpg|media/b.jpg"],
        ])
        let table = try Self.read(Self.header103 + "\n" + line + "\n")
        let activity = try #require(table.activities.first)
        #expect(activity.elapsedSeconds == 300.5)
        #expect(activity.movingSeconds == 290)
        #expect(activity.distanceMeters == 5000)
        #expect(activity.displayDistance == 99.9)
        #expect(activity.commute)  // the first Commute empty: the second
        #expect(activity.startTimeSeconds == (try Self.utc("2026-09-20T14:12:12Z")))
    }

    @Test func badRowsAreReportedWithTheirLinesAndTheOthersKept() throws {
        let header = "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Filename\n"
        let table = try Self.read(header
            + "1,\"Jan 9, 2024, 12:30:00 AM\",Midnight,Run,60,\n"
            + "2,\"Feb 30, 2024, 5:30:00 PM\",No such day,Run,60,\n"
            + "3,\"Jan 9, 2024, 5:30:00 PM\",Bad number,Run,1e3,\n"
            + "x4,\"Jan 9, 2024, 5:30:00 PM\",Bad id,Run,60,\n"
            + "5,\"Jan 9, 2024, 5:30:00 PM\",Too few,Run\n"
            + "6,\"Jan 9, 2024, 12:00:00 PM\",Noon,Run,60,\n"
            + "7,\"Jan 9, 2024, 5:30:00 PM\",\"Never closed,Run,60,\n")
        #expect(table.activities.map(\.activityID) == [1, 6])
        #expect(table.activities.map(\.startTimeSeconds) == [try Self.utc("2024-01-09T00:30:00Z"), try Self.utc("2024-01-09T12:00:00Z")])
        #expect(table.rowErrors.map(\.line) == [3, 4, 5, 6, 8])
        #expect(table.rowErrors.allSatisfy { $0.file == "activities.csv" })
        #expect(table.rowErrors[0].message.contains("Feb 30, 2024"))
        #expect(table.rowErrors.last?.code == .truncated)
    }

    @Test func unknownLayoutNamesTheFileAndWhatIsMissing() {
        let error = #expect(throws: ReadError.self) { try Self.read("Nom,Date de l'activité,Type\n1,2,3\n", "export.zip/activities.csv") }
        #expect(error?.code == .unsupportedFormat)
        #expect(error?.file == "export.zip/activities.csv")
        #expect(error?.message.contains("activity ID") == true)
        #expect(error?.message.contains("file name") == true)
        let empty = #expect(throws: ReadError.self) { try Self.read("") }
        #expect(empty?.code == .emptyFile)
    }
}
