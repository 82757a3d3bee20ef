/// Strava's `activities.csv` (in its "Download your data" export) read into ``StravaActivity`` rows.
///
/// The header decides where each field is (``StravaCSVLayout``); a row that cannot be read (a
/// wrong number of fields, an activity ID or date not understood, a number that is not one) is
/// reported with its line and left out, and the other rows are kept.
package struct StravaActivitiesCSV: Sendable {
    /// The rows read, in file order.
    package var activities: [StravaActivity]
    /// The rows left out, one error each (file, line, what is wrong).
    package var rowErrors: [ReadError]

    /// Reads a whole `activities.csv`.
    /// - Parameter fileName: the name errors give (e.g. `export.zip/activities.csv`).
    /// - Throws: ``ReadError`` `.emptyFile` when there is no header; `.unsupportedFormat` when the
    ///   header lacks a column runlog needs (named in the message).
    /// - Complexity: O(n) in the bytes.
    package init(_ bytes: UnsafeRawBufferPointer, fileName: String) throws(ReadError) {
        let (records, unterminatedLine) = CSVRecordReader.records(bytes)
        guard let header = records.first else {
            throw ReadError(code: .emptyFile, message: "is empty: no header row", file: fileName)
        }
        let layout = try StravaCSVLayout(header: header.fields, file: fileName)
        activities = []
        rowErrors = []
        activities.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            do throws(ReadError) {
                activities.append(try Self.activity(record, layout: layout, fileName: fileName))
            } catch {
                rowErrors.append(error)
            }
        }
        if let unterminatedLine {
            rowErrors.append(ReadError(code: .truncated,
                                       message: "the row starting here has a quoted field that never closes; the row is left out",
                                       file: fileName, line: unterminatedLine))
        }
    }

    /// Reads a whole `activities.csv` held in an array.
    package init(_ bytes: [UInt8], fileName: String) throws {
        self = try bytes.withUnsafeBytes { buffer throws in try StravaActivitiesCSV(buffer, fileName: fileName) }
    }

    private static func activity(_ record: CSVRecordReader.Record, layout: StravaCSVLayout,
                                 fileName: String) throws(ReadError) -> StravaActivity {
        let fields = record.fields
        func bad(_ what: String) -> ReadError {
            ReadError(code: .unsupportedFormat, message: "\(what); the row is left out", file: fileName, line: record.line)
        }
        guard fields.count == layout.columnCount else {
            throw bad("the row has \(fields.count) fields, the header \(layout.columnCount)")
        }
        func text(_ index: Int?) -> String { index.map { fields[$0] } ?? "" }
        func number(_ index: Int?, _ label: String) throws(ReadError) -> Double? {
            guard let index else { return nil }
            guard let value = StravaValueText.decimal(fields[index]) else { throw bad("\(label) '\(fields[index])' is not a number") }
            return value
        }
        let idText = String(fields[layout.activityID].trimmingCharacters())
        guard let id = Int64(idText), id >= 0, idText.allSatisfy(\.isASCII) else {
            throw bad("activity ID '\(fields[layout.activityID])' is not a number")
        }
        guard let start = StravaValueText.dateSeconds(fields[layout.date]) else {
            throw bad("activity date '\(fields[layout.date])' is not a date this version reads (e.g. 'May 9, 2023, 10:09:29 AM', '24 Dec 2020, 08:13:59', '20.09.2026, 14:12:12', '2018-09-12 15:02:23')")
        }
        var commute = false
        for index in layout.commute where !fields[index].isEmpty {
            guard let flag = StravaValueText.flag(fields[index]) else { throw bad("commute '\(fields[index])' is not true or false") }
            commute = flag
            break
        }
        var elapsed: Double?
        for index in layout.elapsed {
            if let value = try number(index, "elapsed time") { elapsed = value; break }
        }
        return StravaActivity(
            activityID: id, startTimeSeconds: start, name: text(layout.name), type: text(layout.type),
            description: text(layout.description), privateNote: text(layout.privateNote), gear: text(layout.gear),
            fileName: String(text(layout.fileName).trimmingCharacters()), commute: commute,
            elapsedSeconds: elapsed, movingSeconds: try number(layout.moving, "moving time"),
            distanceMeters: try number(layout.distanceMeters, "distance"),
            displayDistance: try number(layout.displayDistance, "distance"), line: record.line)
    }
}
