import RunCore

/// The text of leaf elements: where it goes, numbers and times parsed in place.
extension TCXParseState {
    @inline(__always)
    func beginText(_ field: TextField) {
        textField = field
        text.removeAll()
        stack.append(.leaf)
    }

    func endText() {
        let field = textField
        textField = .none
        // Text kept as a string (a number's text is rarely long enough to be charged).
        charge(ActivityMemoryBudget.textBytes(text.count), for: "text")
        let bytes = text.bytes
        switch field {
        case .none: break
        case .activityNotes: notes = string(bytes)
        // Lap (ActivityLap_t) and its ActivityExtension LX.
        case .lapTime: lap.timerSeconds = number(bytes, "TotalTimeSeconds", PlausibleRanges.nonNegative)
        case .lapDistance: lap.distanceMeters = number(bytes, "DistanceMeters", PlausibleRanges.nonNegative)
        case .lapCalories: lap.calories = number(bytes, "Calories", PlausibleRanges.nonNegative)
        case .lapAverageHeartRate: lap.averageHeartRateBPM = number(bytes, "AverageHeartRateBpm", PlausibleRanges.heartRate)
        case .lapMaxHeartRate: lap.maxHeartRateBPM = number(bytes, "MaximumHeartRateBpm", PlausibleRanges.heartRate)
        case .lapCadence: lap.cadenceRPM = number(bytes, "Cadence", PlausibleRanges.cadence)
        case .lapTrigger: lap.trigger = token(bytes)
        case .lapRunCadence: lap.averageRunCadence = number(bytes, "AvgRunCadence", PlausibleRanges.cadence)
        case .lapWatts: lap.averagePowerWatts = number(bytes, "AvgWatts", PlausibleRanges.power)
        // Trackpoint (Trackpoint_t), its Position and ActivityExtension TPX; CoursePoint.
        case .pointTime:
            if let parsed = time(bytes, "Time") {
                point.timeSeconds = parsed.seconds
                point.timeFractionDigits = UInt8(min(parsed.fractionDigits, 9))
                point.isTimeZoneAssumed = parsed.isZoneAssumed
            }
        case .latitude: latitude = number(bytes, "LatitudeDegrees", nil)
        case .longitude: longitude = number(bytes, "LongitudeDegrees", nil)
        case .altitude: point.elevationMeters = number(bytes, "AltitudeMeters", PlausibleRanges.elevation)
        case .pointDistance: pointDistanceMeters = number(bytes, "DistanceMeters", PlausibleRanges.nonNegative)
        case .heartRate: point.heartRateBPM = number(bytes, "HeartRateBpm", PlausibleRanges.heartRate)
        case .pointCadence:
            if point.cadenceRPM == nil { point.cadenceRPM = number(bytes, "Cadence", PlausibleRanges.cadence) }
        case .runCadence:
            if point.cadenceRPM == nil { point.cadenceRPM = number(bytes, "RunCadence", PlausibleRanges.cadence) }
        case .speed: pointSpeedMetersPerSecond = number(bytes, "Speed", PlausibleRanges.speed)
        case .watts: pointPowerWatts = number(bytes, "Watts", PlausibleRanges.power)
        // Creator, Author.
        case .creatorName: creatorName = token(bytes)
        case .versionMajor: creatorVersionMajor = integer(bytes, "VersionMajor")
        case .versionMinor: creatorVersionMinor = integer(bytes, "VersionMinor")
        case .authorName: authorName = token(bytes)
        // Course.
        case .courseName: course?.name = token(bytes)
        case .courseNotes: course?.description = string(bytes)
        case .coursePointName: pointName = token(bytes)
        case .coursePointType: pointType = token(bytes)
        case .coursePointNotes: pointNotes = string(bytes)
        }
    }

    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A `Token_t` (whitespace collapsed by the schema): trimmed; nil when empty.
    func token(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = string(bytes).trimmingXMLSpace
        return text.isEmpty ? nil : text
    }

    /// A number in an optional field: empty means absent; text that is not a finite number, or a
    /// value outside what the field can physically hold (``PlausibleRanges``), is said and left out.
    func number(_ bytes: UnsafeBufferPointer<UInt8>, _ element: String, _ range: ClosedRange<Double>?) -> Double? {
        if let value = TCXNumber.parse(bytes) {
            if let range, !range.contains(value) {
                diagnostics.add("implausibleValue.\(element)",
                                "<\(element)> \"\(quoted(bytes))\" is outside [\(DecimalText.format(range.lowerBound)), \(DecimalText.format(range.upperBound))]; left out",
                                line: line)
                return nil
            }
            return value
        }
        if !bytes.allSatisfy(DecimalText.isSpace) { invalid(element, bytes) }
        return nil
    }

    func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ element: String) -> Int? {
        if let value = DecimalText.parseInteger(bytes) { return value }
        if !bytes.allSatisfy(DecimalText.isSpace) { invalid(element, bytes) }
        return nil
    }

    /// An `xsd:dateTime`. A time without a zone is taken as UTC and said once per kind, as the GPX
    /// reader does; a time that is not one, or outside the years 1–9999, is said and left out.
    func time(_ bytes: UnsafeBufferPointer<UInt8>, _ element: String) -> DateTimeText.Parsed? {
        if bytes.allSatisfy(DecimalText.isSpace) { return nil }
        guard let parsed = DateTimeText.parse(bytes), PlausibleRanges.time.contains(parsed.seconds) else {
            invalid(element, bytes)
            return nil
        }
        if parsed.isZoneAssumed {
            diagnostics.add("timeZoneAssumed",
                            "a time without a zone designator (\"\(quoted(bytes))\") was taken as UTC", line: line)
        }
        return parsed
    }

    func invalid(_ element: String, _ bytes: UnsafeBufferPointer<UInt8>) {
        diagnostics.add("invalidValue.\(element)", "<\(element)> \"\(quoted(bytes))\" is not a valid value; left out", line: line)
    }

    /// The text for a message: trimmed and cut to 40 characters.
    func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = string(bytes).trimmingXMLSpace
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
