/// Reads comma-separated values as RFC 4180 defines them: fields in double quotes may hold
/// commas, line breaks and doubled quotes (`""` is one `"`); records end with CRLF, LF or CR; a
/// UTF-8 byte order mark at the start is dropped. Lenient where the RFC is silent: a quote inside
/// an unquoted field is kept as text, text after a closing quote is kept, blank lines are passed over.
package enum CSVRecordReader {
    /// One record and the line it starts on (1-based).
    package struct Record: Sendable, Equatable {
        package var fields: [String]
        package var line: Int
    }

    /// The records of a whole file.
    /// - Returns: the records, and for a quoted field left open at the end of the file the line
    ///   where the cut-short record starts (that record is left out).
    /// - Complexity: O(n) in the bytes.
    package static func records(_ bytes: UnsafeRawBufferPointer) -> (records: [Record], unterminatedRecordLine: Int?) {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr: UInt8 = 13, lf: UInt8 = 10
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var index = 0
        let count = bytes.count
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var line = 1
        var recordLine = 1

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(fields: fields, line: recordLine)) }
            fields.removeAll(keepingCapacity: true)
        }
        /// Consumes a line break at `index` (CRLF, LF or CR); returns whether there was one.
        func lineBreak() -> Bool {
            let byte = bytes[index]
            guard byte == cr || byte == lf else { return false }
            index += (byte == cr && index + 1 < count && bytes[index + 1] == lf) ? 2 : 1
            line += 1
            return true
        }

        var atFieldStart = true
        while index < count {
            let byte = bytes[index]
            if atFieldStart && byte == quote {
                // A quoted field: to the quote not followed by another.
                let openedOn = recordLine
                index += 1
                var closed = false
                while index < count {
                    let inner = bytes[index]
                    if inner == quote {
                        if index + 1 < count && bytes[index + 1] == quote { field.append(quote); index += 2; continue }
                        index += 1
                        closed = true
                        break
                    }
                    if inner == cr || inner == lf {
                        let start = index
                        _ = lineBreak()
                        field.append(contentsOf: bytes[start..<index])
                        continue
                    }
                    field.append(inner)
                    index += 1
                }
                if !closed { return (records, openedOn) }
                atFieldStart = false
                continue
            }
            atFieldStart = false
            if byte == comma {
                endField()
                atFieldStart = true
                index += 1
            } else if lineBreak() {
                endRecord()
                atFieldStart = true
                recordLine = line
            } else {
                field.append(byte)
                index += 1
            }
        }
        if !atFieldStart || !fields.isEmpty || !field.isEmpty { endRecord() }
        return (records, nil)
    }
}
