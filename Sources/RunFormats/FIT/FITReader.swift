package import RunCore

/// Reads Garmin FIT activity files (FIT Protocol 1.0/2.0, FIT profile 21.x) with runlog's own
/// decoder: no FIT library exists in Debian, and the field definitions used come from Garmin's
/// published profile (Profile.xlsx), the subset in ``FITProfile``.
///
/// What is read:
/// - 12- and 14-byte headers; the header CRC (0 = not computed) and the file CRC (FIT CRC-16). A
///   CRC that does not match is a warning when every message decodes, an error when they do not.
/// - Definition and data messages in both byte orders, compressed-timestamp headers (the 5-bit
///   offset rolled over against the last full timestamp), developer data fields (named and
///   scaled from their `field_description`), chained FIT files (every file after the first's
///   CRC), strings with or without NUL, field sizes that are not a multiple of the base type's
///   size (read as bytes, so such a field is not used), record `speed`/`enhanced_speed`,
///   `altitude`/`enhanced_altitude` and `compressed_speed_distance` (speed, and distance
///   accumulated over its 12-bit rollover).
/// - Invalid values (the base type's sentinel) are never read as values. `date_time` values below
///   0x10000000 are seconds since the device was switched on (FIT profile, `date_time`), not
///   1989–1998 dates: such times are left out (the record is kept without a time) and reported.
///
/// How it maps to the model: one ``Track`` per `session` message (in file order) with the
/// session's sport as ``Track/type`` and its values as ``Track/deviceTotals`` exactly as recorded;
/// a record belongs to the session that began last at or before its timestamp (``FITSessionIntervals``:
/// devices write overlapping sessions), else — before every start, or without a time — to the
/// first session written after it. A file without a session gives one
/// track without totals. A timer stop (`event` timer, `stop`/`stop_all`) followed by a start
/// begins a new ``TrackSegment``. Records with both `position_lat` and `position_long` are track
/// points (semicircles × 180 / 2³¹); the others are ``Track/recordsWithoutPosition``. Laps go to
/// the session holding their start time. The device comes from `file_id` and the creator's
/// `device_info` (serial numbers are never kept).
///
/// Not done: the `hr` messages of HRM-Swim/HRM-Pro chained files are not merged into the
/// records' heart rate (the FIT SDK's `merge_heart_rates`).
package struct FITReader: ActivityFileReader {
    package static let format: ActivityFileFormat = .fit

    package struct Options: Sendable {
        /// Keep what decoded before the damage in a truncated or damaged file (with a warning)
        /// instead of refusing the file.
        package var keepsDecodedPartOfDamagedFile = false
        /// The most the activity read may take in memory, estimated from its messages as they
        /// decode (``FITMemoryBudget``); a file needing more is refused with `.tooLarge`. A FIT
        /// message can be one byte, so the file's size alone bounds nothing: 512 MiB is about
        /// 4.8 million records (55 days at one a second).
        package var maximumActivityBytes = ReadLimits.maximumActivityBytes

        package init(keepsDecodedPartOfDamagedFile: Bool = false, maximumActivityBytes: Int = ReadLimits.maximumActivityBytes) {
            self.keepsDecodedPartOfDamagedFile = keepsDecodedPartOfDamagedFile
            self.maximumActivityBytes = maximumActivityBytes
        }
    }

    package var options: Options

    package init(options: Options = Options()) {
        self.options = options
    }

    /// Reads a whole FIT file (every file of a chain) held in memory.
    /// - Throws: ``ReadError``: `.badFITHeader` when the input is not FIT; `.notActivity` for a
    ///   FIT file of another type (settings, course, monitoring …); `.truncated` when a message
    ///   runs past the data or the file; `.undefinedMessage` when a data message uses a local
    ///   type never defined; `.badCRC` when the header's CRC does not match and the data do not
    ///   decode. Each names the byte offset and how many records decoded before; with
    ///   ``Options/keepsDecodedPartOfDamagedFile`` the last three are warnings instead.
    ///   `.tooLarge` when the activity would take more than ``Options/maximumActivityBytes``.
    /// - Complexity: O(n) in the file's size.
    package func read(_ bytes: UnsafeRawBufferPointer, fileName: String) throws -> ActivityReadResult {
        guard var header = FITFileHeader.parse(bytes, at: 0) else {
            throw ReadError(code: .badFITHeader,
                            message: "This is not a FIT file: it does not start with a 12- or 14-byte FIT header ending in \".FIT\".",
                            file: fileName, offset: 0)
        }
        var decoder = FITMessageDecoder()
        decoder.keptBytesLimit = options.maximumActivityBytes
        var assembler = FITActivityAssembler()
        // Room for the records of a typical file (a record message is rarely under 40 bytes), so
        // the array is not copied while it grows; bounded by the file's size.
        assembler.records.reserveCapacity(min(header.dataSize, bytes.count) / 40)
        var diagnostics = DiagnosticCollector()
        var fileCount = 0
        while true {
            fileCount += 1
            decoder.startFile()
            assembler.startFile()
            let end = min(header.dataEnd, bytes.count)
            var failure: FITDecodeFailure?
            do throws(FITDecodeFailure) {
                try decoder.decode(bytes, from: header.dataStart, to: end, into: &assembler)
                if header.dataEnd > bytes.count { failure = FITDecodeFailure(kind: .truncated, offset: bytes.count) }
            } catch {
                failure = error
            }
            if fileCount == 1, let type = assembler.fileType, type != 4 {
                let name = FITNames.name(type, in: FITNames.file).map { "a FIT \($0) file" } ?? "a FIT file of type \(type)"
                throw ReadError(code: .notActivity, message: "This is \(name), not an activity.", file: fileName, offset: 0)
            }
            let crc = fileCRC(bytes, header)
            if let failure {
                try handle(failure, header: header, crc: crc, fileSize: bytes.count, records: assembler.recordCount,
                           fileName: fileName, diagnostics: &diagnostics)
                break
            }
            if let crc, crc.stored != crc.computed {
                diagnostics.add("fitBadCRC", "The CRC of the FIT file at byte \(header.offset) does not match (stored \(hex(crc.stored)), computed \(hex(crc.computed))), but every message decoded; the data were kept.")
            }
            if !header.isHeaderCRCValid {
                diagnostics.add("fitBadHeaderCRC", "The header CRC of the FIT file at byte \(header.offset) does not match, but every message decoded; the data were kept.")
            }
            let next = header.dataEnd + 2
            guard next < bytes.count else { break }
            guard let following = FITFileHeader.parse(bytes, at: next) else {
                diagnostics.add("fitTrailingBytes", "\(bytes.count - next) bytes after the FIT data (from byte \(next)) are not another FIT file and were ignored.")
                break
            }
            header = following
        }
        addDiagnostics(of: assembler, decoder: decoder, to: &diagnostics)
        return ActivityReadResult(activity: assembler.makeActivity(), diagnostics: diagnostics.diagnostics)
    }

    /// The stored and computed file CRC, nil when the file ends before the CRC.
    private func fileCRC(_ bytes: UnsafeRawBufferPointer, _ header: FITFileHeader) -> (stored: UInt16, computed: UInt16)? {
        guard header.dataEnd <= bytes.count - 2 else { return nil }
        let stored = UInt16(bytes[header.dataEnd]) | UInt16(bytes[header.dataEnd + 1]) << 8
        let computed = FITCRC.checksum(UnsafeRawBufferPointer(rebasing: bytes[header.offset..<header.dataEnd]))
        return (stored, computed)
    }

    private func handle(_ failure: FITDecodeFailure, header: FITFileHeader, crc: (stored: UInt16, computed: UInt16)?,
                        fileSize: Int, records: Int, fileName: String, diagnostics: inout DiagnosticCollector) throws {
        var code: ReadError.Code
        var message: String
        switch failure.kind {
        case .tooLarge:  // never kept in part: the part is what does not fit
            throw ReadError(code: .tooLarge,
                            message: "The FIT file holds more than this version keeps of one activity: its messages before byte \(failure.offset) (\(records) records) and the one there would take more than \(options.maximumActivityBytes >> 20) MB in memory.",
                            file: fileName, offset: failure.offset, limitBytes: options.maximumActivityBytes)
        case .truncated where failure.offset >= fileSize:
            code = .truncated
            message = "The FIT file is cut off: its header declares \(header.dataSize) bytes of data from byte \(header.dataStart), but the file ends at byte \(fileSize)."
        case .truncated:
            code = .truncated
            message = "The FIT file is cut off: the message at byte \(failure.offset) runs past the end of the data."
        case .undefinedMessage:
            code = .undefinedMessage
            message = "The FIT file is damaged: the data message at byte \(failure.offset) uses a local message type that no definition message defined."
        }
        message += " \(records) record\(records == 1 ? " was" : "s were") decoded before."
        if let crc, crc.stored != crc.computed { message += " The file's CRC does not match either." }
        if !header.isHeaderCRCValid {
            code = .badCRC
            message += " The header's CRC does not match: the header itself is damaged."
        }
        guard options.keepsDecodedPartOfDamagedFile else {
            throw ReadError(code: code, message: message + " To keep the decoded part, read the file leniently.",
                            file: fileName, offset: failure.offset, remedy: .readLeniently)
        }
        diagnostics.add("fitDamagedFileKept", message + " The decoded part was kept.")
    }

    private func addDiagnostics(of assembler: FITActivityAssembler, decoder: FITMessageDecoder, to diagnostics: inout DiagnosticCollector) {
        if assembler.relativeTimes > 0 {
            diagnostics.add("fitRelativeTime", "\(assembler.relativeTimes) time\(assembler.relativeTimes == 1 ? " is" : "s are") below 0x10000000 (first at byte \(assembler.firstRelativeTimeOffset ?? 0)): seconds since the device was switched on, not dates (FIT profile, date_time). They are left out rather than shown as 1989–1998 dates; the records are kept without a time.")
        }
        if assembler.recordsWithoutTime > 0 {
            diagnostics.add("fitRecordsWithoutTime", "\(assembler.recordsWithoutTime) record\(assembler.recordsWithoutTime == 1 ? " has" : "s have") no valid time; kept without one.")
        }
        if decoder.compressedWithoutReference > 0 {
            diagnostics.add("fitCompressedTimestampWithoutReference", "\(decoder.compressedWithoutReference) compressed-timestamp message\(decoder.compressedWithoutReference == 1 ? "" : "s") came before any full timestamp, so their time is unknown.")
        }
        if assembler.latitudesOutOfRange > 0 {
            diagnostics.add("fitLatitudeOutOfRange", "\(assembler.latitudesOutOfRange) record\(assembler.latitudesOutOfRange == 1 ? " has" : "s have") a latitude beyond ±90°; kept as records without position.")
        }
        if assembler.undescribedDeveloperValues > 0 {
            diagnostics.add("fitUndescribedDeveloperField", "\(assembler.undescribedDeveloperValues) developer field value\(assembler.undescribedDeveloperValues == 1 ? "" : "s") (first at byte \(assembler.firstUndescribedOffset ?? 0)) have no field_description and were not read.")
        }
        if decoder.notes.misalignedFields > 0 {
            diagnostics.add("fitMisalignedField", "\(decoder.notes.misalignedFields) field definition\(decoder.notes.misalignedFields == 1 ? " has a size" : "s have sizes") that are not a multiple of the base type's size; such fields were read as bytes and not used.", severity: .note)
        }
        if decoder.notes.unknownBaseTypes > 0 {
            diagnostics.add("fitUnknownBaseType", "\(decoder.notes.unknownBaseTypes) field definition\(decoder.notes.unknownBaseTypes == 1 ? " has" : "s have") a base type the FIT protocol does not define; skipped.", severity: .note)
        }
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
