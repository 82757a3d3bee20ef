import RunCore

/// The text of leaf elements: where it goes, numbers and times parsed in place.
extension GPXParseState {
    // MARK: - Text

    @inline(__always)
    func beginText(_ field: TextField) {
        textField = field
        text.removeAll()
        stack.append(.leaf)
    }

    func endText() {
        let field = textField
        textField = .none
        guard let owner = stack.last else { return }
        // Text kept as a string (a number's text is rarely long enough to be charged).
        charge(ActivityMemoryBudget.textBytes(text.count), for: field.elementName)
        do {
            let bytes = text.bytes
            switch owner {
            case .trackPoint, .routePoint, .waypoint, .extensions, .trackPointExtension:
                applyPointText(field, bytes)
            case .root:
                applyRootText(field, bytes)
            case .metadata:
                applyMetadataText(field, bytes)
            case .person:
                if field == .personName { person.name = string(bytes) }
            case .link:
                if field == .linkText { link.text = string(bytes) } else if field == .linkType { link.type = string(bytes) }
            case .copyright:
                if field == .copyrightYear {
                    if let year = DecimalText.parseInteger(bytes) { copyright.year = year } else { invalid("year", bytes) }
                } else if field == .copyrightLicense {
                    copyright.license = string(bytes)
                }
            case .route, .track:
                applyContainerText(field, bytes)
            default:
                break
            }
        }
    }

    func applyPointText(_ field: TextField, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch field {
        case .ele:
            if let v = number(bytes, "ele") { point.elevationMeters = v }
        case .time:
            if bytes.allSatisfy(DecimalText.isSpace) { return }
            if let parsed = DateTimeText.parse(bytes), PlausibleRanges.time.contains(parsed.seconds) {
                point.timeSeconds = parsed.seconds
                point.timeFractionDigits = UInt8(min(parsed.fractionDigits, 9))
                if parsed.isZoneAssumed {
                    point.isTimeZoneAssumed = true
                    noteZoneAssumed(bytes)
                }
            } else {
                invalid("time", bytes)
            }
        case .heartRate:
            if point.heartRateBPM == nil, let v = number(bytes, "heart rate") { point.heartRateBPM = v }
        case .cadence:
            if point.cadenceRPM == nil, let v = number(bytes, "cadence") { point.cadenceRPM = v }
        case .airTemperature:
            if point.airTemperatureCelsius == nil, let v = number(bytes, "temperature") { point.airTemperatureCelsius = v }
        default:
            applyPointDetailText(field, bytes)
        }
    }

    func applyPointDetailText(_ field: TextField, _ bytes: UnsafeBufferPointer<UInt8>) {
        pointHasDetails = true
        switch field {
        case .name: pointDetails.name = string(bytes)
        case .cmt: pointDetails.comment = string(bytes)
        case .desc: pointDetails.description = string(bytes)
        case .src: pointDetails.source = string(bytes)
        case .sym: pointDetails.symbol = string(bytes)
        case .type: pointDetails.type = string(bytes)
        case .fix: pointDetails.fix = string(bytes).trimmingXMLSpace
        case .legacyURL:
            charge(ActivityMemoryBudget.linkBytes, for: "url")
            pointDetails.links.append(Link(href: string(bytes).trimmingXMLSpace))
        case .legacyURLName:
            if let last = pointDetails.links.indices.last, pointDetails.links[last].text == nil {
                pointDetails.links[last].text = string(bytes)
            } else {
                charge(ActivityMemoryBudget.linkBytes, for: "urlname")
                pointDetails.links.append(Link(href: "", text: string(bytes)))
            }
        case .magvar: pointDetails.magneticVariationDegrees = number(bytes, "magvar")
        case .geoidheight: pointDetails.geoidHeightMeters = number(bytes, "geoidheight")
        case .sat: pointDetails.satellites = integer(bytes, "sat")
        case .hdop: pointDetails.hdop = number(bytes, "hdop")
        case .vdop: pointDetails.vdop = number(bytes, "vdop")
        case .pdop: pointDetails.pdop = number(bytes, "pdop")
        case .ageofdgpsdata: pointDetails.ageOfDGPSDataSeconds = number(bytes, "ageofdgpsdata")
        case .dgpsid: pointDetails.dgpsStationID = integer(bytes, "dgpsid")
        case .course: if pointDetails.courseDegrees == nil { pointDetails.courseDegrees = number(bytes, "course") }
        case .speed: if pointDetails.speedMetersPerSecond == nil { pointDetails.speedMetersPerSecond = number(bytes, "speed") }
        case .waterTemperature: pointDetails.waterTemperatureCelsius = number(bytes, "wtemp")
        case .depth: pointDetails.depthMeters = number(bytes, "depth")
        case .power: if pointDetails.powerWatts == nil { pointDetails.powerWatts = number(bytes, "power") }
        default: break
        }
    }

    func applyRootText(_ field: TextField, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch field {
        case .legacyAuthor:
            var author = metadata.author ?? Person()
            author.name = string(bytes)
            metadata.author = author
        case .legacyEmail:
            var author = metadata.author ?? Person()
            author.email = string(bytes).trimmingXMLSpace
            metadata.author = author
        case .legacyURL: legacyRootURL = string(bytes).trimmingXMLSpace
        case .legacyURLName: legacyRootURLName = string(bytes)
        default: applyMetadataText(field, bytes)
        }
    }

    func applyMetadataText(_ field: TextField, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch field {
        case .name: metadata.name = string(bytes)
        case .desc: metadata.description = string(bytes)
        case .keywords: metadata.keywords = string(bytes)
        case .time:
            if bytes.allSatisfy(DecimalText.isSpace) { return }
            if let parsed = DateTimeText.parse(bytes), PlausibleRanges.time.contains(parsed.seconds) {
                metadata.timeSeconds = parsed.seconds
                if parsed.isZoneAssumed { noteZoneAssumed(bytes) }
            } else {
                invalid("time", bytes)
            }
        default: break
        }
    }

    func applyContainerText(_ field: TextField, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch field {
        case .name: container.name = string(bytes)
        case .cmt: container.comment = string(bytes)
        case .desc: container.description = string(bytes)
        case .src: container.source = string(bytes)
        case .type: container.type = string(bytes)
        case .number: container.number = integer(bytes, "number")
        case .legacyURL:
            charge(ActivityMemoryBudget.linkBytes, for: "url")
            container.links.append(Link(href: string(bytes).trimmingXMLSpace))
        case .legacyURLName:
            if let last = container.links.indices.last, container.links[last].text == nil {
                container.links[last].text = string(bytes)
            }
        default: break
        }
    }

    func noteZoneAssumed(_ bytes: UnsafeBufferPointer<UInt8>) {
        diagnostics.add("timeZoneAssumed",
                        "a time without a zone designator (\"\(string(bytes).trimmingXMLSpace)\") was taken as UTC",
                        line: line)
    }

    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A number in an optional field: empty means absent; anything else that is not a decimal, or
    /// is outside the field's physically possible range (``PlausibleRanges``), is reported and left out.
    func number(_ bytes: UnsafeBufferPointer<UInt8>, _ what: String) -> Double? {
        if let v = DecimalText.parse(bytes) {
            if let range = PlausibleRanges.range(for: what), !range.contains(v) {
                diagnostics.add("implausibleValue.\(what)",
                                "<\(what)> \"\(quoted(bytes).trimmingXMLSpace)\" is outside [\(DecimalText.format(range.lowerBound)), \(DecimalText.format(range.upperBound))]; left out",
                                line: line)
                return nil
            }
            return v
        }
        if !bytes.allSatisfy(DecimalText.isSpace) { invalid(what, bytes) }
        return nil
    }

    func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ what: String) -> Int? {
        if let v = DecimalText.parseInteger(bytes) { return v }
        if !bytes.allSatisfy(DecimalText.isSpace) { invalid(what, bytes) }
        return nil
    }

    func invalid(_ what: String, _ bytes: UnsafeBufferPointer<UInt8>) {
        diagnostics.add("invalidValue.\(what)",
                        "<\(what)> \"\(quoted(bytes).trimmingXMLSpace)\" is not a valid value; left out",
                        line: line)
    }
}

extension String {
    /// The string without leading and trailing XML whitespace (space, tab, CR, LF).
    var trimmingXMLSpace: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
