import RunCore

/// `<wpt>`, `<rtept>` and `<trkpt>`: their attributes, child elements and extensions.
extension GPXParseState {
    // MARK: - Points

    func startPoint(_ role: Role, attributes: SAXAttributes) {
        pointLine = line
        let what = role == .trackPoint ? "track point" : role == .routePoint ? "route point" : "waypoint"
        guard let lat = attributes.value(ofUnqualified: "lat"), let lon = attributes.value(ofUnqualified: "lon") else {
            let missing = attributes.value(ofUnqualified: "lat") == nil ? "lat" : "lon"
            invalidPoint(what, "has no \(missing) attribute")
            return
        }
        guard let latitude = DecimalText.parse(lat) else {
            invalidPoint(what, "has lat=\"\(quoted(lat))\", which is not a decimal number")
            return
        }
        guard let longitude = DecimalText.parse(lon) else {
            invalidPoint(what, "has lon=\"\(quoted(lon))\", which is not a decimal number")
            return
        }
        if role == .trackPoint, longitude == 0, latitude == Self.legacyPauseLatitude || latitude == Self.legacyResumeLatitude {
            // OpenTracks' legacy GPX (and Google My Tracks before it) wrote a pause as a point at
            // lat="100" and the resume as one at lat="200": not positions, but a break in the segment.
            diagnostics.add("legacyPauseMarker", "OpenTracks' legacy pause and resume markers (track points at lat=\"100\" and "
                            + "lat=\"200\") were read as a pause: the segment is split there", severity: .note, line: line)
            isPausedByMarker = true
            skipDepth = 1
            return
        }
        guard latitude >= -90, latitude <= 90 else {
            invalidPoint(what, "has lat=\"\(quoted(lat))\", outside [-90, 90]")
            return
        }
        let normalized = Coordinate.normalizedLongitude(longitude)
        if normalized != longitude {
            diagnostics.add("longitudeNormalized",
                            "a longitude outside [-180, 180) was normalised (lon=\"\(quoted(lon))\" became \(DecimalText.format(normalized)))",
                            line: pointLine)
        }
        point = TrackPoint(latitude: latitude, longitude: normalized)
        if pointHasDetails {
            pointHasDetails = false
            pointDetails = PointDetails()
        }
        stack.append(role)
    }

    /// An attribute value for a message, cut to 40 characters.
    func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = string(bytes)
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    func invalidPoint(_ what: String, _ problem: String) {
        if options.skipsInvalidPoints {
            diagnostics.addSkippedPoint("\(what) \(problem)", line: line)
            skipDepth = 1
        } else {
            fail(.invalidCoordinate, "a \(what) \(problem); the file can be read leniently, without such points",
                 line: line, column: column, remedy: .readLeniently)
        }
    }

    func startPointChild(_ name: GPXElementName, localName: UnsafePointer<UInt8>, attributes: SAXAttributes) {
        switch name {
        case .ele: beginText(.ele)
        case .time: beginText(.time)
        case .magvar: beginText(.magvar)
        case .geoidheight: beginText(.geoidheight)
        case .name: beginText(.name)
        case .cmt: beginText(.cmt)
        case .desc: beginText(.desc)
        case .src: beginText(.src)
        case .link: startLink(attributes)
        case .url: beginText(.legacyURL)
        case .urlname: beginText(.legacyURLName)
        case .sym: beginText(.sym)
        case .type: beginText(.type)
        case .fix: beginText(.fix)
        case .sat: beginText(.sat)
        case .hdop: beginText(.hdop)
        case .vdop: beginText(.vdop)
        case .pdop: beginText(.pdop)
        case .ageofdgpsdata: beginText(.ageofdgpsdata)
        case .dgpsid: beginText(.dgpsid)
        case .course, .cog: beginText(.course)
        case .speed: beginText(.speed)
        case .extensions: stack.append(.extensions)
        // Vendor values written in the GPX namespace (Strava's <power>, COROS' <heartrate>).
        case .heartrate, .hr: beginText(.heartRate)
        case .cadence, .cad: beginText(.cadence)
        case .power: beginText(.power)
        default: skip(localName, in: stack.last!)
        }
    }

    /// An element inside a point's `<extensions>` (or a foreign element directly in the point).
    func startPointExtension(ns: GPXNamespace, name: GPXElementName, localName: UnsafePointer<UInt8>,
                                     prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?,
                                     nsDecls: SAXNamespaces, attributes: SAXAttributes) {
        switch (ns, name) {
        case (.trackPointExtensionV1, .trackPointExtension), (.trackPointExtensionV2, .trackPointExtension):
            stack.append(.trackPointExtension)
        case (.powerExtension, .powerInWatts): beginText(.power)
        case (.clueTrustGPXData, .hr): beginText(.heartRate)
        case (.clueTrustGPXData, .cadence): beginText(.cadence)
        case (.clueTrustGPXData, .temp): beginText(.airTemperature)
        case (.gpx10, .heartrate), (.gpx11, .heartrate), (.none, .heartrate),
             (.gpx10, .hr), (.gpx11, .hr), (.none, .hr): beginText(.heartRate)
        case (.gpx10, .cadence), (.gpx11, .cadence), (.none, .cadence),
             (.gpx10, .cad), (.gpx11, .cad), (.none, .cad): beginText(.cadence)
        case (.gpx10, .power), (.gpx11, .power), (.none, .power): beginText(.power)
        default:
            let owner = stack.last(where: { $0 == .trackPoint || $0 == .routePoint || $0 == .waypoint }) ?? .root
            record(localName: localName, prefix: prefix, uri: uri, nsDecls: nsDecls, attributes: attributes, owner: owner)
        }
    }

    /// The latitudes of OpenTracks' legacy pause and resume markers (its `PAUSE_LATITUDE` and
    /// `RESUME_LATITUDE`, inherited from Google My Tracks).
    static let legacyPauseLatitude = 100.0, legacyResumeLatitude = 200.0

    func endPoint(_ role: Role) {
        charge(ActivityMemoryBudget.pointBytes + (pointHasDetails ? ActivityMemoryBudget.detailsBytes : 0),
               for: role == .trackPoint ? "trkpt" : role == .routePoint ? "rtept" : "wpt")
        if pointHasDetails { point.details = pointDetails }
        switch role {
        case .trackPoint:
            if isPausedByMarker {
                // After a pause marker: the points so far make one segment, these the next.
                isPausedByMarker = false
                if segmentPointCount > 0 {
                    charge(ActivityMemoryBudget.segmentBytes, for: "trkpt")
                    handler.gpxDidEndSegment(extensions: [])
                    handler.gpxDidStartSegment(track: track)
                    segmentPointCount = 0
                }
            }
            segmentPointCount += 1
            handler.gpxDidRead(trackPoint: point)
        case .routePoint: handler.gpxDidRead(routePoint: point)
        default: handler.gpxDidRead(waypoint: point)
        }
    }
}
