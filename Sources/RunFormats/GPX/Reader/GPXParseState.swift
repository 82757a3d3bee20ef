import RunCore

/// The GPX reader's state machine: consumes SAX events, builds metadata, waypoints, routes and
/// track headers, streams track points to the content handler, and records what it noticed.
///
/// Elements are recognised by namespace URI and local name. GPX 1.0 and 1.1 elements are accepted
/// in either version where their meaning is clear; foreign elements outside `<extensions>` (GPX 1.0's
/// private extensions) are kept like extensions. One instance reads one document on one thread.
final class GPXParseState: SAXDelegate {
    let options: GPXReader.Options
    let fileName: String
    let handler: any GPXContentHandler
    /// The parser calling back into this object (owned by the read session; weak because the
    /// parser keeps its delegate alive). Used for positions in messages and to stop.
    weak var parser: LibXMLPushParser?

    private(set) var error: GPXError?
    /// The first error libxml2 reported, fatal or not (an encoding conversion failure, say), for
    /// when the parse ends without a clearer reason.
    private(set) var firstError: XMLProblem?
    private(set) var diagnostics = DiagnosticCollector()
    private var namespaces = NamespaceClassifier()

    // Element stack (roles of the open elements we track).
    private var stack: [Role] = []
    private var skipDepth = 0
    private var recorder = FragmentRecorder()
    private var recordingOwner: Role = .root
    private var sawRoot = false
    private var documentVersion: GPXVersion = .v1_1

    // Text of the current leaf element.
    private var textField: TextField = .none
    private let text = ByteBuffer()
    private var elementNames = ElementNameCache()

    // Objects under construction.
    private var metadata = Metadata()
    private var metadataDelivered = false
    private var rootExtensions: [XMLFragment] = []
    private var legacyRootURL: String?
    private var legacyRootURLName: String?
    private var person = Person()
    private var link = Link(href: "")
    private var copyright = Copyright(author: "")
    private var point = TrackPoint(latitude: 0, longitude: 0)
    private var pointDetails = PointDetails()
    private var pointHasDetails = false
    private var pointLine = 0
    private var route = Route()
    private var track = Track()
    private var container = ContainerFields()
    private var segmentExtensions: [XMLFragment] = []

    init(options: GPXReader.Options, fileName: String, handler: any GPXContentHandler) {
        self.options = options
        self.fileName = fileName
        self.handler = handler
        stack.reserveCapacity(16)
    }

    // MARK: - Roles and text fields

    /// What an open element is to the reader.
    enum Role: UInt8 {
        case root, metadata, person, link, copyright, bounds
        case waypoint, routePoint, trackPoint, route, track, segment
        case extensions, trackPointExtension, leaf
    }

    /// Where the text of the current leaf element goes.
    enum TextField: UInt8 {
        case none
        case name, desc, cmt, src, type, number, keywords, time, sym, fix
        case legacyAuthor, legacyEmail, legacyURL, legacyURLName
        case linkText, linkType, copyrightYear, copyrightLicense
        case personName
        case ele, magvar, geoidheight, sat, hdop, vdop, pdop, ageofdgpsdata, dgpsid, course, speed
        case heartRate, cadence, airTemperature, waterTemperature, depth, power
    }

    // MARK: - SAX events

    func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?,
                      namespaces nsDecls: SAXNamespaces, attributes: SAXAttributes) {
        if error != nil { return }
        if recorder.isRecording {
            recorder.startElement(localName: localName, prefix: prefix, uri: uri, namespaces: nsDecls, attributes: attributes)
            return
        }
        if skipDepth > 0 { skipDepth += 1; return }
        let depthBefore = stack.count
        let declares = nsDecls.count > 0
        if declares { noteDeclarations(nsDecls) }
        // An element that is skipped or recorded rather than tracked takes its declarations with it.
        defer {
            if declares, stack.count == depthBefore {
                while let last = declarations.last, last.depth > depthBefore { declarations.removeLast() }
            }
        }
        let ns = namespaces.classify(uri)
        let name = elementNames.classify(localName)
        guard let parent = stack.last else {
            startRoot(localName: localName, uri: uri, ns: ns, name: name, attributes: attributes)
            return
        }
        if parent == .leaf {
            // An element inside a text element: not GPX; ignore it and its content.
            skip(localName, in: parent)
            return
        }
        let isGPX = ns.isGPX || (ns == .none && name != .unknown)
        switch parent {
        case .trackPoint, .routePoint, .waypoint:
            if isGPX {
                startPointChild(name, localName: localName, attributes: attributes)
            } else {
                startPointExtension(ns: ns, name: name, localName: localName, prefix: prefix, uri: uri,
                                    nsDecls: nsDecls, attributes: attributes)
            }
        case .extensions:
            let owner = stack[stack.count - 2]
            if owner == .trackPoint || owner == .routePoint || owner == .waypoint {
                startPointExtension(ns: ns, name: name, localName: localName, prefix: prefix, uri: uri,
                                    nsDecls: nsDecls, attributes: attributes)
            } else {
                record(localName: localName, prefix: prefix, uri: uri, nsDecls: nsDecls, attributes: attributes, owner: owner)
            }
        case .trackPointExtension:
            if !ns.isTrackPointExtension {
                // Vendors put their own elements inside Garmin's block (OpenTracks: gain, power …).
                startPointExtension(ns: ns, name: name, localName: localName, prefix: prefix, uri: uri,
                                    nsDecls: nsDecls, attributes: attributes)
            } else {
                switch name {
                case .hr: beginText(.heartRate)
                case .cad: beginText(.cadence)
                case .atemp: beginText(.airTemperature)
                case .wtemp: beginText(.waterTemperature)
                case .depth: beginText(.depth)
                case .speed: beginText(.speed)
                case .course: beginText(.course)
                default: skip(localName, in: parent)
                }
            }
        default:
            if isGPX {
                startContainerChild(parent: parent, name: name, localName: localName, attributes: attributes)
            } else if ns != .none, parent != .person, parent != .link, parent != .copyright, parent != .bounds {
                // GPX 1.0 private extension: a foreign element directly inside a GPX element.
                record(localName: localName, prefix: prefix, uri: uri, nsDecls: nsDecls, attributes: attributes, owner: parent)
            } else {
                skip(localName, in: parent)
            }
        }
    }

    func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?) {
        if error != nil { return }
        if recorder.isRecording {
            if let fragment = recorder.endElement(localName: localName, prefix: prefix, resolve: inScopeNamespace) {
                store(fragment, owner: recordingOwner)
            }
            return
        }
        if skipDepth > 0 { skipDepth -= 1; return }
        guard let role = stack.popLast() else { return }
        while let last = declarations.last, last.depth > stack.count { declarations.removeLast() }
        switch role {
        case .leaf: endText()
        case .trackPoint, .routePoint, .waypoint: endPoint(role)
        case .link: endLink()
        case .person: metadata.author = person
        case .copyright: if !copyright.author.isEmpty || copyright.year != nil || copyright.license != nil { metadata.copyright = copyright }
        case .metadata: break
        case .route: endRoute()
        case .track: endTrack()
        case .segment: handler.gpxDidEndSegment(extensions: segmentExtensions)
        case .root: endRoot()
        case .extensions, .trackPointExtension, .bounds: break
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if error != nil { return }
        if recorder.isRecording { recorder.characters(bytes); return }
        if textField != .none, skipDepth == 0 { text.append(bytes) }
    }

    func declarationFound(kind: String, name: String) {
        let why = kind == "entity" ? "they can read local files or expand without bound"
            : "DTD defaults would change the data without it being in the file"
        fail(.entityDeclaration,
             "the document declares the \(kind == "attribute list" ? "attribute" : kind) '\(name)' in a DTD; runlog refuses documents with DTD declarations "
                + "(\(why)). Remove the <!DOCTYPE …> block.")
    }

    func parserReported(_ problem: XMLProblem) {
        if firstError == nil, problem.isFatal || problem.isError { firstError = problem }
        if problem.isFatal {
            // Not stopped from here: libxml2 may be in the middle of switching encodings, and
            // xmlStopParser frees its input. Events are ignored from now on, and the read session
            // throws as soon as the current chunk returns.
            if error == nil {
                error = GPXError(code: .notWellFormed, message: "not well-formed XML: \(problem.message)",
                                 file: fileName, line: problem.line > 0 ? problem.line : nil,
                                 column: problem.column > 0 ? problem.column : nil)
            }
        } else if !problem.isError {
            diagnostics.add("xmlWarning", "XML: \(problem.message)", line: problem.line)
        }
    }

    // MARK: - Root

    private func startRoot(localName: UnsafePointer<UInt8>, uri rootURI: UnsafePointer<UInt8>?, ns: GPXNamespace,
                           name: GPXElementName, attributes: SAXAttributes) {
        guard name == .gpx, ns != .trackPointExtensionV1, ns != .trackPointExtensionV2, ns != .clueTrustGPXData,
              ns != .powerExtension
        else {
            let found = String(cString: localName)
            if name == .gpx {
                fail(.notGPX, "the root <gpx> is in the namespace \(CString.string(rootURI) ?? ""), not GPX's")
                return
            }
            switch found {
            case "TrainingCenterDatabase":
                fail(.unsupportedFormat, "this is a TCX file (root <TrainingCenterDatabase>); TCX is not supported yet, only GPX")
            case "kml":
                fail(.notGPX, "the root element is <kml>, expected <gpx> (this is a KML file)")
            default:
                fail(.notGPX, "the root element is <\(found)>, expected <gpx>")
            }
            return
        }
        sawRoot = true
        let versionText = attributes.text(ofUnqualified: "version")
        switch ns {
        case .gpx10: documentVersion = .v1_0
        case .gpx11: documentVersion = .v1_1
        case .none:
            documentVersion = versionText == "1.0" ? .v1_0 : .v1_1
            diagnostics.add("noGPXNamespace",
                            "the file declares no GPX namespace; read as GPX \(documentVersion.rawValue)",
                            line: line)
        default:
            if let uri = rootURI { namespaces.adoptAsGPX11(uri) }
            diagnostics.add("unknownGPXNamespace",
                            "the <gpx> element's namespace (\(CString.string(rootURI) ?? "")) is not GPX 1.0's or 1.1's; its elements are read as GPX 1.1",
                            line: line)
        }
        if let versionText, ns.isGPX, versionText != documentVersion.rawValue {
            diagnostics.add("versionMismatch",
                            "version=\"\(versionText)\" disagrees with the namespace; the namespace (GPX \(documentVersion.rawValue)) wins",
                            severity: .note, line: line)
        }
        let creator = attributes.text(ofUnqualified: "creator")
        handler.gpxDidStart(version: documentVersion, creator: creator)
        stack.append(.root)
    }

    private func endRoot() {
        deliverMetadataIfNeeded()
        handler.gpxDidEnd(extensions: rootExtensions)
    }

    private func deliverMetadataIfNeeded() {
        guard !metadataDelivered else { return }
        metadataDelivered = true
        if let url = legacyRootURL {
            metadata.links.append(Link(href: url, text: legacyRootURLName))
        }
        if !metadata.isEmpty { handler.gpxDidRead(metadata: metadata) }
    }

    // MARK: - Containers

    private func startContainerChild(parent: Role, name: GPXElementName, localName: UnsafePointer<UInt8>,
                                     attributes: SAXAttributes) {
        switch (parent, name) {
        // <gpx>
        case (.root, .metadata): stack.append(.metadata)
        case (.root, .wpt): deliverMetadataIfNeeded(); startPoint(.waypoint, attributes: attributes)
        case (.root, .rte):
            deliverMetadataIfNeeded()
            route = Route()
            container = ContainerFields()
            handler.gpxDidStartRoute()
            stack.append(.route)
        case (.root, .trk):
            deliverMetadataIfNeeded()
            track = Track()
            container = ContainerFields()
            handler.gpxDidStartTrack()
            stack.append(.track)
        case (.root, .extensions): deliverMetadataIfNeeded(); stack.append(.extensions)
        // GPX 1.0 root-level metadata
        case (.root, .name), (.root, .desc), (.root, .time), (.root, .keywords): beginText(field(for: name))
        case (.root, .author): beginText(.legacyAuthor)
        case (.root, .email): beginText(.legacyEmail)
        case (.root, .url): beginText(.legacyURL)
        case (.root, .urlname): beginText(.legacyURLName)
        case (.root, .bounds), (.metadata, .bounds): readBounds(attributes); stack.append(.bounds)
        // <metadata>
        case (.metadata, .name), (.metadata, .desc), (.metadata, .time), (.metadata, .keywords): beginText(field(for: name))
        case (.metadata, .author): person = Person(); stack.append(.person)
        case (.metadata, .copyright):
            let author = attributes.text(ofUnqualified: "author")
            copyright = Copyright(author: author ?? "")
            stack.append(.copyright)
        case (.metadata, .link), (.person, .link), (.route, .link), (.track, .link): startLink(attributes)
        case (.metadata, .extensions): stack.append(.extensions)
        // personType
        case (.person, .name): beginText(.personName)
        case (.person, .email):
            let id = attributes.text(ofUnqualified: "id") ?? ""
            let domain = attributes.text(ofUnqualified: "domain") ?? ""
            person.email = domain.isEmpty ? id : "\(id)@\(domain)"
            stack.append(.bounds)
        // linkType, copyrightType
        case (.link, .text): beginText(.linkText)
        case (.link, .type): beginText(.linkType)
        case (.copyright, .year): beginText(.copyrightYear)
        case (.copyright, .license): beginText(.copyrightLicense)
        // <rte>, <trk>
        case (.route, .name), (.route, .cmt), (.route, .desc), (.route, .src), (.route, .number), (.route, .type),
             (.track, .name), (.track, .cmt), (.track, .desc), (.track, .src), (.track, .number), (.track, .type):
            beginText(field(for: name))
        case (.route, .url), (.track, .url): beginText(.legacyURL)
        case (.route, .urlname), (.track, .urlname): beginText(.legacyURLName)
        case (.route, .extensions), (.track, .extensions): stack.append(.extensions)
        case (.route, .rtept): startPoint(.routePoint, attributes: attributes)
        case (.track, .trkseg):
            segmentExtensions = []
            container.apply(to: &track)
            track.links = container.links
            handler.gpxDidStartSegment(track: track)
            stack.append(.segment)
        // <trkseg>
        case (.segment, .trkpt): startPoint(.trackPoint, attributes: attributes)
        case (.segment, .extensions): stack.append(.extensions)
        default:
            skip(localName, in: parent)
        }
    }

    private func field(for name: GPXElementName) -> TextField {
        switch name {
        case .name: return .name
        case .desc: return .desc
        case .cmt: return .cmt
        case .src: return .src
        case .type: return .type
        case .number: return .number
        case .time: return .time
        case .keywords: return .keywords
        default: return .none
        }
    }

    private func startLink(_ attributes: SAXAttributes) {
        let href = attributes.text(ofUnqualified: "href")
        link = Link(href: href ?? "")
        if href == nil { diagnostics.add("linkWithoutHref", "a <link> has no href attribute; kept with an empty href", line: line) }
        stack.append(.link)
    }

    private func endLink() {
        switch stack.last {
        case .metadata: metadata.links.append(link)
        case .person: person.link = link
        case .route, .track: container.links.append(link)
        case .trackPoint, .routePoint, .waypoint: pointDetails.links.append(link); pointHasDetails = true
        default: break
        }
    }

    private func readBounds(_ attributes: SAXAttributes) {
        func value(_ name: StaticString) -> Double? { attributes.value(ofUnqualified: name).flatMap(DecimalText.parse) }
        if let minLat = value("minlat"), let minLon = value("minlon"), let maxLat = value("maxlat"), let maxLon = value("maxlon") {
            metadata.bounds = Bounds(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
        } else {
            diagnostics.add("invalidBounds", "<bounds> is missing an attribute or has a non-numeric one; ignored", line: line)
        }
    }

    private func endRoute() {
        container.apply(to: &route)
        route.links = container.links
        handler.gpxDidEndRoute(route)
    }

    private func endTrack() {
        container.apply(to: &track)
        track.links = container.links
        handler.gpxDidEndTrack(track)
    }

    // MARK: - Points

    private func startPoint(_ role: Role, attributes: SAXAttributes) {
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
    private func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = string(bytes)
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    private func invalidPoint(_ what: String, _ problem: String) {
        if options.skipsInvalidPoints {
            diagnostics.addSkippedPoint("\(what) \(problem)", line: line)
            skipDepth = 1
        } else {
            fail(.invalidCoordinate, "a \(what) \(problem); pass --skip-invalid-points to import the file without such points",
                 line: line, column: column)
        }
    }

    private func startPointChild(_ name: GPXElementName, localName: UnsafePointer<UInt8>, attributes: SAXAttributes) {
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
    private func startPointExtension(ns: GPXNamespace, name: GPXElementName, localName: UnsafePointer<UInt8>,
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

    private func endPoint(_ role: Role) {
        if pointHasDetails { point.details = pointDetails }
        switch role {
        case .trackPoint: handler.gpxDidRead(trackPoint: point)
        case .routePoint: handler.gpxDidRead(routePoint: point)
        default: handler.gpxDidRead(waypoint: point)
        }
    }

    // MARK: - Text

    @inline(__always)
    private func beginText(_ field: TextField) {
        textField = field
        text.removeAll()
        stack.append(.leaf)
    }

    private func endText() {
        let field = textField
        textField = .none
        guard let owner = stack.last else { return }
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

    private func applyPointText(_ field: TextField, _ bytes: UnsafeBufferPointer<UInt8>) {
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

    private func applyPointDetailText(_ field: TextField, _ bytes: UnsafeBufferPointer<UInt8>) {
        pointHasDetails = true
        switch field {
        case .name: pointDetails.name = string(bytes)
        case .cmt: pointDetails.comment = string(bytes)
        case .desc: pointDetails.description = string(bytes)
        case .src: pointDetails.source = string(bytes)
        case .sym: pointDetails.symbol = string(bytes)
        case .type: pointDetails.type = string(bytes)
        case .fix: pointDetails.fix = string(bytes).trimmingXMLSpace
        case .legacyURL: pointDetails.links.append(Link(href: string(bytes).trimmingXMLSpace))
        case .legacyURLName:
            if let last = pointDetails.links.indices.last, pointDetails.links[last].text == nil {
                pointDetails.links[last].text = string(bytes)
            } else {
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

    private func applyRootText(_ field: TextField, _ bytes: UnsafeBufferPointer<UInt8>) {
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

    private func applyMetadataText(_ field: TextField, _ bytes: UnsafeBufferPointer<UInt8>) {
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

    private func applyContainerText(_ field: TextField, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch field {
        case .name: container.name = string(bytes)
        case .cmt: container.comment = string(bytes)
        case .desc: container.description = string(bytes)
        case .src: container.source = string(bytes)
        case .type: container.type = string(bytes)
        case .number: container.number = integer(bytes, "number")
        case .legacyURL: container.links.append(Link(href: string(bytes).trimmingXMLSpace))
        case .legacyURLName:
            if let last = container.links.indices.last, container.links[last].text == nil {
                container.links[last].text = string(bytes)
            }
        default: break
        }
    }

    private func noteZoneAssumed(_ bytes: UnsafeBufferPointer<UInt8>) {
        diagnostics.add("timeZoneAssumed",
                        "a time without a zone designator (\"\(string(bytes).trimmingXMLSpace)\") was taken as UTC",
                        line: line)
    }

    private func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A number in an optional field: empty means absent; anything else that is not a decimal, or
    /// is outside the field's physically possible range (``PlausibleRanges``), is reported and left out.
    private func number(_ bytes: UnsafeBufferPointer<UInt8>, _ what: String) -> Double? {
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

    private func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ what: String) -> Int? {
        if let v = DecimalText.parseInteger(bytes) { return v }
        if !bytes.allSatisfy(DecimalText.isSpace) { invalid(what, bytes) }
        return nil
    }

    private func invalid(_ what: String, _ bytes: UnsafeBufferPointer<UInt8>) {
        diagnostics.add("invalidValue.\(what)",
                        "<\(what)> \"\(quoted(bytes).trimmingXMLSpace)\" is not a valid value; left out",
                        line: line)
    }

    // MARK: - Namespaces in scope (for QNames in extension attribute values)

    /// Declarations made on the elements the reader tracks, with the stack depth they belong to.
    private var declarations: [(depth: Int, prefix: String?, uri: String)] = []

    private func noteDeclarations(_ nsDecls: SAXNamespaces) {
        // The element is pushed after this call, so its depth will be stack.count + 1.
        for i in 0..<nsDecls.count {
            declarations.append((stack.count + 1, CString.string(nsDecls.prefix(at: i)), CString.string(nsDecls.uri(at: i)) ?? ""))
        }
    }

    /// The URI `prefix` is bound to at the current position, outside any fragment being recorded.
    private func inScopeNamespace(_ prefix: String) -> String? {
        declarations.last { $0.prefix == prefix && $0.depth <= stack.count + 1 }?.uri
    }

    // MARK: - Extensions kept verbatim, and elements skipped

    private func record(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?,
                        nsDecls: SAXNamespaces, attributes: SAXAttributes, owner: Role) {
        switch GPXElementName.classify(localName) {
        case .trkpt, .rtept, .wpt, .trkseg, .trk, .rte:
            let name = String(cString: localName)
            diagnostics.add("gpxNameInOtherNamespace.\(name)",
                            "<\(name)> in the namespace \(CString.string(uri) ?? "(none)") is not a GPX element; kept as an extension, not read",
                            line: line)
        default:
            break
        }
        recordingOwner = owner
        recorder.begin()
        recorder.startElement(localName: localName, prefix: prefix, uri: uri, namespaces: nsDecls, attributes: attributes)
    }

    private func store(_ fragment: XMLFragment, owner: Role) {
        switch owner {
        case .root: rootExtensions.append(fragment)
        case .metadata: metadata.extensions.append(fragment)
        case .route: route.extensions.append(fragment)
        case .track: track.extensions.append(fragment)
        case .segment: segmentExtensions.append(fragment)
        case .trackPoint, .routePoint, .waypoint:
            pointDetails.extensions.append(fragment)
            pointHasDetails = true
        default: break
        }
    }

    private func skip(_ localName: UnsafePointer<UInt8>, in parent: Role) {
        skipDepth = 1
        diagnostics.add("unknownElement.\(String(cString: localName))",
                        "<\(String(cString: localName))> is not a GPX element where it appears (inside \(parent.elementName)); ignored",
                        line: line)
    }

    private func fail(_ code: GPXError.Code, _ message: String, line givenLine: Int? = nil, column givenColumn: Int? = nil) {
        if error == nil {
            error = GPXError(code: code, message: message, file: fileName, line: givenLine ?? line,
                             column: givenColumn ?? column)
        }
        parser?.stop()
    }

    private var line: Int { parser?.line ?? 0 }
    private var column: Int { parser?.column ?? 0 }

    /// Whether the root element was a `<gpx>`.
    var hasReadRoot: Bool { sawRoot }
}

/// The fields `<rte>` and `<trk>` share, collected while the element is open.
struct ContainerFields {
    var name: String?
    var comment: String?
    var description: String?
    var source: String?
    var type: String?
    var number: Int?
    var links: [Link] = []

    func apply(to route: inout Route) {
        route.name = name; route.comment = comment; route.description = description
        route.source = source; route.type = type; route.number = number
    }

    func apply(to track: inout Track) {
        track.name = name; track.comment = comment; track.description = description
        track.source = source; track.type = type; track.number = number
    }
}

extension GPXParseState.Role {
    var elementName: String {
        switch self {
        case .root: return "<gpx>"
        case .metadata: return "<metadata>"
        case .person: return "<author>"
        case .link: return "<link>"
        case .copyright: return "<copyright>"
        case .bounds: return "<bounds>"
        case .waypoint: return "<wpt>"
        case .routePoint: return "<rtept>"
        case .trackPoint: return "<trkpt>"
        case .route: return "<rte>"
        case .track: return "<trk>"
        case .segment: return "<trkseg>"
        case .extensions: return "<extensions>"
        case .trackPointExtension: return "<TrackPointExtension>"
        case .leaf: return "a text element"
        }
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
