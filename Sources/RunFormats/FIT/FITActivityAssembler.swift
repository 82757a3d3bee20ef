import RunCore

/// A developer field's description as decoding its values needs it (FIT `field_description`).
struct FITDeveloperFieldEntry {
    var description: DeveloperFieldDescription
    var baseType: FITBaseType?
    /// `scale` (value / scale) and `offset` (− offset), as the FIT profile applies them; 1 and 0 when not stated.
    var scale: Double
    var offset: Double
}

/// Collects the decoded messages of a FIT file and maps them to the model: records to track
/// points (positioned) or records without position, timer stop/start events to segment breaks,
/// sessions to tracks with their device totals, laps to the session holding their start, file_id
/// and the creator's device_info to the device. See ``FITReader`` for the rules.
struct FITActivityAssembler {
    struct SessionEntry {
        var totals: DeviceTotals
        var startSeconds: Double?
        /// Records decoded before the session message (file order).
        var recordsBefore: Int
    }

    struct LapEntry {
        var lap: Lap
        /// Session messages decoded before the lap message (file order).
        var sessionsBefore: Int
    }

    var records: [TrackPoint] = []
    /// Indices of records that begin a new segment (after a timer stop and start).
    var segmentBreaks: [Int] = []
    var timerStopped = false
    var breakPending = false
    var sessions: [SessionEntry] = []
    var laps: [LapEntry] = []

    /// file_id of the first file of a chain.
    var hasFileID = false
    var fileType: Int?
    var manufacturer: Int?
    var product: Int?
    var productName: String?
    /// device_info of the creator (device_index 0).
    var creatorSoftwareVersion: Double?
    var creatorManufacturer: Int?
    var creatorProduct: Int?
    var creatorProductName: String?

    var developerDescriptions: [FITDeveloperFieldEntry] = []
    /// `developer_data_index << 8 | field_definition_number` → description, for the current file of a chain.
    var descriptionIndexByKey: [UInt16: Int] = [:]
    /// `developer_data_index` → application_id (32 hex digits), for the current file of a chain.
    var applicationIDs: [UInt8: String] = [:]
    /// An application_id that spells a name in ASCII (e.g. `mywhoosh.whooshg`).
    var applicationName: String?

    /// compressed_speed_distance's distance component, accumulated over its 12-bit rollovers (1/16 m).
    var accumulatedDistance: UInt64?
    var lastDistanceComponent: UInt64 = 0

    // Counts for the diagnostics.
    var relativeTimes = 0
    var firstRelativeTimeOffset: Int?
    var recordsWithoutTime = 0
    var latitudesOutOfRange = 0
    var undescribedDeveloperValues = 0
    var firstUndescribedOffset: Int?

    /// Number of record messages taken.
    var recordCount: Int { records.count }

    /// A file of a chain starts: its developer descriptions are its own.
    mutating func startFile() {
        descriptionIndexByKey.removeAll(keepingCapacity: true)
        applicationIDs.removeAll(keepingCapacity: true)
    }

    /// The description of developer field `fieldNumber` of developer `developerIndex`, -1 when none was seen.
    func developerDescriptionIndex(developerIndex: UInt8, fieldNumber: UInt8) -> Int {
        descriptionIndexByKey[UInt16(developerIndex) << 8 | UInt16(fieldNumber)] ?? -1
    }

    /// Seconds since 1970 of a FIT `date_time`; nil (and counted) for system times below
    /// 0x10000000, which are seconds since the device was switched on, not dates (FIT profile, `date_time`).
    @inline(__always)
    mutating func seconds(_ raw: Double, at offset: Int) -> Double? {
        guard !raw.isNaN else { return nil }
        guard raw >= Double(FITProfile.minimumAbsoluteTime) else {
            relativeTimes += 1
            if firstRelativeTimeOffset == nil { firstRelativeTimeOffset = offset }
            return nil
        }
        return raw + FITProfile.epochSeconds
    }

    mutating func take(_ message: FITDecodedMessage, developerReads: UnsafeBufferPointer<FITDeveloperRead>) {
        switch message.plan.kind {
        case .record: takeRecord(message, developerReads: developerReads)
        case .event: takeEvent(message)
        case .session: takeSession(message)
        case .lap: takeLap(message)
        case .fileID: takeFileID(message)
        case .deviceInfo: takeDeviceInfo(message)
        case .developerDataID: takeDeveloperDataID(message)
        case .fieldDescription: takeFieldDescription(message)
        case .other: break
        }
    }

    private mutating func takeRecord(_ m: FITDecodedMessage, developerReads: UnsafeBufferPointer<FITDeveloperRead>) {
        typealias R = FITSlot.Record
        var point = TrackPoint(latitude: .nan, longitude: .nan)
        let lat = m[R.positionLat], lon = m[R.positionLong]
        if !lat.isNaN, !lon.isNaN {
            let latitude = lat * FITProfile.degreesPerSemicircle
            if abs(latitude) <= 90 {
                point.latitude = latitude
                point.longitude = lon * FITProfile.degreesPerSemicircle
            } else {
                latitudesOutOfRange += 1
            }
        }
        if let time = seconds(m[FITSlot.timestamp], at: m.offset) {
            point.timeSeconds = time
        } else {
            recordsWithoutTime += 1
        }
        let altitude = m[R.enhancedAltitude].isNaN ? m[R.altitude] : m[R.enhancedAltitude]
        // (raw − 2500) / 5 rather than raw / 5 − 500: one rounding, so 70.2 m is written 70.2, not 70.2000000000001.
        if !altitude.isNaN { point.elevationMeters = (altitude - 2500) / 5 }
        if let heartRate = m.value(R.heartRate) { point.heartRateBPM = heartRate }
        if let cadence = m.value(R.cadence) {
            point.cadenceRPM = cadence + (m.value(R.fractionalCadence).map { $0 / 128 } ?? 0)
        }
        if let temperature = m.value(R.temperature) { point.airTemperatureCelsius = temperature }

        var speed = m[R.enhancedSpeed].isNaN ? m[R.speed] : m[R.enhancedSpeed]
        speed /= 1000
        var distance = m[R.distance] / 100
        let packed = m[R.compressedSpeedDistance]
        if !packed.isNaN {
            // compressed_speed_distance: bits 0–11 speed (scale 100), bits 12–23 distance (scale 16,
            // accumulated across its 12-bit rollover) (FIT profile, record field 8 components).
            let bits = UInt64(packed)
            if speed.isNaN { speed = Double(bits & 0xFFF) / 100 }
            let component = (bits >> 12) & 0xFFF
            var total = accumulatedDistance ?? component
            if accumulatedDistance != nil { total &+= (component &- lastDistanceComponent) & 0xFFF }
            accumulatedDistance = total
            lastDistanceComponent = component
            if distance.isNaN { distance = Double(total) / 16 }
        }
        let power = m[R.power]
        // The device's speed and cumulative distance are kept where runlog has no position to
        // measure them on (records without position: treadmills, pools, indoor rides); elsewhere
        // runlog measures both, and the stored original keeps the device's (a box per record
        // would cost more than the rest of the decoding, docs/BENCHMARKS.md).
        // (0, 0) is kept whole: it may be a placeholder of a device without a fix (PlaceholderPositions).
        if point.hasPosition && (point.latitude != 0 || point.longitude != 0) {
            speed = .nan
            distance = .nan
        }
        let developer = developerReads.count > 0 ? developerValues(m, developerReads) : nil
        if !speed.isNaN || !distance.isNaN || !power.isNaN || developer != nil {
            var details = PointDetails()
            if !power.isNaN { details.powerWatts = power }
            if !speed.isNaN { details.speedMetersPerSecond = speed }
            if !distance.isNaN { details.distanceMeters = distance }
            details.developerValues = developer
            point.setDetails(knownNonEmpty: details)
        }
        if breakPending {
            segmentBreaks.append(records.count)
            breakPending = false
        }
        records.append(point)
    }

    private mutating func developerValues(_ m: FITDecodedMessage, _ reads: UnsafeBufferPointer<FITDeveloperRead>) -> [DeveloperValue]? {
        var values: [DeveloperValue] = []
        for read in reads {
            guard read.descriptionIndex >= 0, read.descriptionIndex < developerDescriptions.count else {
                undescribedDeveloperValues += 1
                if firstUndescribedOffset == nil { firstUndescribedOffset = m.offset }
                continue
            }
            let entry = developerDescriptions[read.descriptionIndex]
            guard let baseType = entry.baseType else { continue }
            let name = entry.description.name
            if baseType == .string {
                let raw = UnsafeRawBufferPointer(start: m.content + read.offset, count: read.size)
                let length = raw.firstIndex(of: 0) ?? raw.count
                if length > 0, let text = String(validating: UnsafeRawBufferPointer(rebasing: raw[..<length]), as: UTF8.self) {
                    values.append(DeveloperValue(name: name, text: text))
                }
                continue
            }
            guard read.size >= baseType.size, read.size % baseType.size == 0 else { continue }
            let raw = baseType.number(at: m.content + read.offset, bigEndian: m.plan.isBigEndian)
            guard !raw.isNaN else { continue }
            values.append(DeveloperValue(name: name, number: (raw - entry.offset * entry.scale) / entry.scale))
        }
        return values.isEmpty ? nil : values
    }

    private mutating func takeEvent(_ m: FITDecodedMessage) {
        // event 0 = timer; event_type 0 start, 1 stop, 4 stop_all (FIT profile `event`, `event_type`).
        guard m[FITSlot.Event.event] == 0 else { return }
        switch m[FITSlot.Event.eventType] {
        case 1, 4:
            timerStopped = true
        case 0:
            if timerStopped { breakPending = true }
            timerStopped = false
        default:
            break
        }
    }

    private mutating func takeSession(_ m: FITDecodedMessage) {
        typealias S = FITSlot.Session
        var totals = DeviceTotals()
        if let sport = m.integer(S.sport) { totals.sport = FITNames.name(sport, in: FITNames.sport) ?? String(sport) }
        if let sub = m.integer(S.subSport) { totals.subSport = FITNames.name(sub, in: FITNames.subSport) ?? String(sub) }
        if let start = m.value(S.startTime) { totals.startTimeSeconds = seconds(start, at: m.offset) }
        totals.elapsedSeconds = m.value(S.totalElapsedTime).map { $0 / 1000 }
        totals.timerSeconds = m.value(S.totalTimerTime).map { $0 / 1000 }
        totals.distanceMeters = m.value(S.totalDistance).map { $0 / 100 }
        totals.ascentMeters = m.value(S.totalAscent)
        totals.descentMeters = m.value(S.totalDescent)
        totals.averageHeartRateBPM = m.value(S.avgHeartRate)
        totals.maxHeartRateBPM = m.value(S.maxHeartRate)
        if let cadence = m.value(S.avgCadence) {
            totals.averageCadenceRPM = cadence + (m.value(S.avgFractionalCadence).map { $0 / 128 } ?? 0)
        }
        totals.averagePowerWatts = m.value(S.avgPower)
        totals.calories = m.value(S.totalCalories)
        totals.lapCount = m.integer(S.numLaps)
        sessions.append(SessionEntry(totals: totals, startSeconds: totals.startTimeSeconds, recordsBefore: records.count))
    }

    private mutating func takeLap(_ m: FITDecodedMessage) {
        typealias L = FITSlot.Lap
        var lap = Lap(startTimeSeconds: m.value(L.startTime).flatMap { seconds($0, at: m.offset) })
        lap.elapsedSeconds = m.value(L.totalElapsedTime).map { $0 / 1000 }
        lap.timerSeconds = m.value(L.totalTimerTime).map { $0 / 1000 }
        lap.distanceMeters = m.value(L.totalDistance).map { $0 / 100 }
        lap.averageHeartRateBPM = m.value(L.avgHeartRate)
        lap.maxHeartRateBPM = m.value(L.maxHeartRate)
        if let trigger = m.integer(L.lapTrigger) {
            lap.trigger = FITNames.name(trigger, in: FITNames.lapTrigger) ?? String(trigger)
        }
        laps.append(LapEntry(lap: lap, sessionsBefore: sessions.count))
    }

    private mutating func takeFileID(_ m: FITDecodedMessage) {
        guard !hasFileID else { return }  // the first file of a chain names the activity
        hasFileID = true
        fileType = m.integer(FITSlot.FileID.type)
        manufacturer = m.integer(FITSlot.FileID.manufacturer)
        product = m.integer(FITSlot.FileID.product)
        productName = m.text(FITSlot.FileID.productName)
    }

    private mutating func takeDeviceInfo(_ m: FITDecodedMessage) {
        guard m.integer(FITSlot.DeviceInfo.deviceIndex) == 0 else { return }
        if creatorSoftwareVersion == nil { creatorSoftwareVersion = m.value(FITSlot.DeviceInfo.softwareVersion).map { $0 / 100 } }
        if creatorManufacturer == nil { creatorManufacturer = m.integer(FITSlot.DeviceInfo.manufacturer) }
        if creatorProduct == nil { creatorProduct = m.integer(FITSlot.DeviceInfo.product) }
        if creatorProductName == nil { creatorProductName = m.text(FITSlot.DeviceInfo.productName) }
    }

    private mutating func takeDeveloperDataID(_ m: FITDecodedMessage) {
        guard let index = m.integer(FITSlot.DeveloperDataID.developerDataIndex).flatMap({ UInt8(exactly: $0) }),
              let raw = m.bytes(FITSlot.DeveloperDataID.applicationID), raw.contains(where: { $0 != 0xFF }) else { return }
        let hexDigits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for byte in raw { hex.append(hexDigits[Int(byte >> 4)]); hex.append(hexDigits[Int(byte & 0xF)]) }
        applicationIDs[index] = String(decoding: hex, as: UTF8.self)
        if applicationName == nil, raw.count == 16, raw.allSatisfy({ $0 >= 0x21 && $0 < 0x7F }) {
            applicationName = String(decoding: raw, as: UTF8.self)
        }
    }

    private mutating func takeFieldDescription(_ m: FITDecodedMessage) {
        typealias F = FITSlot.FieldDescription
        guard let developerIndex = m.integer(F.developerDataIndex).flatMap({ UInt8(exactly: $0) }),
              let fieldNumber = m.integer(F.fieldDefinitionNumber).flatMap({ UInt8(exactly: $0) }) else { return }
        let name = m.text(F.fieldName) ?? "developer field \(developerIndex).\(fieldNumber)"
        let description = DeveloperFieldDescription(developerIndex: Int(developerIndex), fieldNumber: Int(fieldNumber), name: name,
                                                    units: m.text(F.units), applicationID: applicationIDs[developerIndex])
        let scale = m.value(F.scale).flatMap { $0 == 0 ? nil : $0 } ?? 1
        let entry = FITDeveloperFieldEntry(description: description,
                                           baseType: m.integer(F.baseType).flatMap { UInt8(exactly: $0) }.flatMap { FITBaseType(definitionByte: $0) },
                                           scale: scale, offset: m.value(F.offset) ?? 0)
        descriptionIndexByKey[UInt16(developerIndex) << 8 | UInt16(fieldNumber)] = developerDescriptions.count
        developerDescriptions.append(entry)
    }
}
