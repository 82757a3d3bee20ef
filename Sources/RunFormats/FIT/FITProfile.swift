/// The part of Garmin's FIT profile (Profile.xlsx, "Messages" sheet; FIT SDK 21.x) runlog reads:
/// global message numbers, the field numbers used from each, and where each field's value is kept
/// while a message is decoded (its slot). Scales and offsets are applied by the assembler where
/// the values are used, as the profile gives them (noted beside each field).
enum FITMessageKind: UInt8, Sendable {
    case fileID, record, session, lap, event, deviceInfo, developerDataID, fieldDescription, other

    /// The kind of a global message number (profile `mesg_num`).
    init(globalNumber: UInt16) {
        switch globalNumber {
        case 0: self = .fileID
        case 18: self = .session
        case 19: self = .lap
        case 20: self = .record
        case 21: self = .event
        case 23: self = .deviceInfo
        case 206: self = .fieldDescription
        case 207: self = .developerDataID
        default: self = .other
        }
    }
}

/// How a field's bytes become the value in its slot.
enum FITFieldDecoding: UInt8, Sendable {
    /// The first element as a number (NaN when invalid).
    case number
    /// Up to 7 bytes packed little-end first into one number (component bit fields); NaN when every byte is 0xFF.
    case packedBytes
    /// Text or raw bytes read by the assembler; the slot holds `offset * 256 + size` in the message.
    case text
}

/// Slots: the index of each used field's value in the decoded message. Slot 0 is the timestamp
/// (field 253, `date_time`, in every message that has one).
enum FITSlot {
    static let count = 16
    static let timestamp = 0

    /// `record` (mesg 20).
    enum Record {
        static let positionLat = 1        // field 0, sint32 semicircles
        static let positionLong = 2       // field 1, sint32 semicircles
        static let altitude = 3           // field 2, uint16, scale 5, offset 500 (m)
        static let heartRate = 4          // field 3, uint8 bpm
        static let cadence = 5            // field 4, uint8 rpm
        static let distance = 6           // field 5, uint32, scale 100 (m)
        static let speed = 7              // field 6, uint16, scale 1000 (m/s)
        static let power = 8              // field 7, uint16 W
        static let compressedSpeedDistance = 9  // field 8, byte[3]: speed 12 bits scale 100, distance 12 bits scale 16 accumulated
        static let temperature = 10       // field 13, sint8 °C
        static let fractionalCadence = 11 // field 53, uint8, scale 128 (rpm)
        static let enhancedSpeed = 12     // field 73, uint32, scale 1000 (m/s)
        static let enhancedAltitude = 13  // field 78, uint32, scale 5, offset 500 (m)
        /// The slots whose values are kept in a record's ``PointDetails``.
        static let detailSlots: Set<Int> = [distance, speed, power, compressedSpeedDistance, enhancedSpeed]
    }

    /// `session` (mesg 18).
    enum Session {
        static let startTime = 1          // field 2, date_time
        static let sport = 2              // field 5, enum sport
        static let subSport = 3           // field 6, enum sub_sport
        static let totalElapsedTime = 4   // field 7, uint32, scale 1000 (s)
        static let totalTimerTime = 5     // field 8, uint32, scale 1000 (s)
        static let totalDistance = 6      // field 9, uint32, scale 100 (m)
        static let totalCalories = 7      // field 11, uint16 kcal
        static let avgHeartRate = 8       // field 16, uint8 bpm
        static let maxHeartRate = 9       // field 17, uint8 bpm
        static let avgCadence = 10        // field 18, uint8 rpm
        static let avgPower = 11          // field 20, uint16 W
        static let totalAscent = 12       // field 22, uint16 m
        static let totalDescent = 13      // field 23, uint16 m
        static let numLaps = 14           // field 26, uint16
        static let avgFractionalCadence = 15  // field 92, uint8, scale 128 (rpm)
    }

    /// `lap` (mesg 19).
    enum Lap {
        static let startTime = 1          // field 2, date_time
        static let totalElapsedTime = 2   // field 7, uint32, scale 1000 (s)
        static let totalTimerTime = 3     // field 8, uint32, scale 1000 (s)
        static let totalDistance = 4      // field 9, uint32, scale 100 (m)
        static let avgHeartRate = 5       // field 15, uint8 bpm
        static let maxHeartRate = 6       // field 16, uint8 bpm
        static let lapTrigger = 7         // field 24, enum lap_trigger
    }

    /// `event` (mesg 21).
    enum Event {
        static let event = 1              // field 0, enum event (0 = timer)
        static let eventType = 2          // field 1, enum event_type (0 start, 1 stop, 4 stop_all)
    }

    /// `file_id` (mesg 0).
    enum FileID {
        static let type = 1               // field 0, enum file (4 = activity)
        static let manufacturer = 2       // field 1, uint16 manufacturer
        static let product = 3            // field 2, uint16 (garmin_product when manufacturer is garmin)
        static let productName = 4        // field 8, string
    }

    /// `device_info` (mesg 23).
    enum DeviceInfo {
        static let deviceIndex = 1        // field 0, uint8 (0 = creator)
        static let manufacturer = 2       // field 2, uint16 manufacturer
        static let product = 3            // field 4, uint16
        static let softwareVersion = 4    // field 5, uint16, scale 100
        static let productName = 5        // field 27, string
    }

    /// `developer_data_id` (mesg 207).
    enum DeveloperDataID {
        static let applicationID = 1      // field 1, byte[16]
        static let developerDataIndex = 2 // field 3, uint8
    }

    /// `field_description` (mesg 206).
    enum FieldDescription {
        static let developerDataIndex = 1 // field 0, uint8
        static let fieldDefinitionNumber = 2  // field 1, uint8
        static let baseType = 3           // field 2, uint8 fit_base_type
        static let fieldName = 4          // field 3, string
        static let scale = 5              // field 6, uint8
        static let offset = 6             // field 7, sint8
        static let units = 7              // field 8, string
    }
}

enum FITProfile {
    /// FIT epoch, 1989-12-31T00:00:00Z, in seconds since 1970 (profile type `date_time`).
    static let epochSeconds: Double = 631_065_600
    /// `date_time` values below this are system time (seconds since the device was switched on),
    /// not UTC (profile type `date_time`, "min").
    static let minimumAbsoluteTime: UInt32 = 0x1000_0000
    /// Semicircles to degrees: 180 / 2^31.
    static let degreesPerSemicircle: Double = 180.0 / 2_147_483_648.0

    /// Where field `number` of a message of `kind` is kept, or nil when runlog does not read it.
    static func slot(field number: UInt8, of kind: FITMessageKind) -> (slot: Int, decoding: FITFieldDecoding)? {
        if number == 253 { return kind == .fieldDescription || kind == .developerDataID ? nil : (FITSlot.timestamp, .number) }
        switch kind {
        case .record:
            switch number {
            case 0: return (FITSlot.Record.positionLat, .number)
            case 1: return (FITSlot.Record.positionLong, .number)
            case 2: return (FITSlot.Record.altitude, .number)
            case 3: return (FITSlot.Record.heartRate, .number)
            case 4: return (FITSlot.Record.cadence, .number)
            case 5: return (FITSlot.Record.distance, .number)
            case 6: return (FITSlot.Record.speed, .number)
            case 7: return (FITSlot.Record.power, .number)
            case 8: return (FITSlot.Record.compressedSpeedDistance, .packedBytes)
            case 13: return (FITSlot.Record.temperature, .number)
            case 53: return (FITSlot.Record.fractionalCadence, .number)
            case 73: return (FITSlot.Record.enhancedSpeed, .number)
            case 78: return (FITSlot.Record.enhancedAltitude, .number)
            default: return nil
            }
        case .session:
            switch number {
            case 2: return (FITSlot.Session.startTime, .number)
            case 5: return (FITSlot.Session.sport, .number)
            case 6: return (FITSlot.Session.subSport, .number)
            case 7: return (FITSlot.Session.totalElapsedTime, .number)
            case 8: return (FITSlot.Session.totalTimerTime, .number)
            case 9: return (FITSlot.Session.totalDistance, .number)
            case 11: return (FITSlot.Session.totalCalories, .number)
            case 16: return (FITSlot.Session.avgHeartRate, .number)
            case 17: return (FITSlot.Session.maxHeartRate, .number)
            case 18: return (FITSlot.Session.avgCadence, .number)
            case 20: return (FITSlot.Session.avgPower, .number)
            case 22: return (FITSlot.Session.totalAscent, .number)
            case 23: return (FITSlot.Session.totalDescent, .number)
            case 26: return (FITSlot.Session.numLaps, .number)
            case 92: return (FITSlot.Session.avgFractionalCadence, .number)
            default: return nil
            }
        case .lap:
            switch number {
            case 2: return (FITSlot.Lap.startTime, .number)
            case 7: return (FITSlot.Lap.totalElapsedTime, .number)
            case 8: return (FITSlot.Lap.totalTimerTime, .number)
            case 9: return (FITSlot.Lap.totalDistance, .number)
            case 15: return (FITSlot.Lap.avgHeartRate, .number)
            case 16: return (FITSlot.Lap.maxHeartRate, .number)
            case 24: return (FITSlot.Lap.lapTrigger, .number)
            default: return nil
            }
        case .event:
            switch number {
            case 0: return (FITSlot.Event.event, .number)
            case 1: return (FITSlot.Event.eventType, .number)
            default: return nil
            }
        case .fileID:
            switch number {
            case 0: return (FITSlot.FileID.type, .number)
            case 1: return (FITSlot.FileID.manufacturer, .number)
            case 2: return (FITSlot.FileID.product, .number)
            case 8: return (FITSlot.FileID.productName, .text)
            default: return nil
            }
        case .deviceInfo:
            switch number {
            case 0: return (FITSlot.DeviceInfo.deviceIndex, .number)
            case 2: return (FITSlot.DeviceInfo.manufacturer, .number)
            case 4: return (FITSlot.DeviceInfo.product, .number)
            case 5: return (FITSlot.DeviceInfo.softwareVersion, .number)
            case 27: return (FITSlot.DeviceInfo.productName, .text)
            default: return nil
            }
        case .developerDataID:
            switch number {
            case 1: return (FITSlot.DeveloperDataID.applicationID, .text)
            case 3: return (FITSlot.DeveloperDataID.developerDataIndex, .number)
            default: return nil
            }
        case .fieldDescription:
            switch number {
            case 0: return (FITSlot.FieldDescription.developerDataIndex, .number)
            case 1: return (FITSlot.FieldDescription.fieldDefinitionNumber, .number)
            case 2: return (FITSlot.FieldDescription.baseType, .number)
            case 3: return (FITSlot.FieldDescription.fieldName, .text)
            case 6: return (FITSlot.FieldDescription.scale, .number)
            case 7: return (FITSlot.FieldDescription.offset, .number)
            case 8: return (FITSlot.FieldDescription.units, .text)
            default: return nil
            }
        case .other:
            return nil
        }
    }
}
