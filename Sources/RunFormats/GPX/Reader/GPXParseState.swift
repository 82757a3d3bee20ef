import RunCore

/// The GPX reader's state machine: consumes SAX events, builds metadata, waypoints, routes and
/// track headers, streams track points to the content handler, and records what it noticed.
///
/// Elements are recognised by namespace URI and local name. GPX 1.0 and 1.1 elements are accepted
/// in either version where their meaning is clear; foreign elements outside `<extensions>` (GPX 1.0's
/// private extensions) are kept like extensions. One instance reads one document on one thread.
final class GPXParseState: SAXDelegate, XMLReadState {
    let options: GPXReader.Options
    let fileName: String
    let handler: any GPXContentHandler
    /// The parser calling back into this object (owned by the read session; weak because the
    /// parser keeps its delegate alive). Used for positions in messages and to stop.
    weak var parser: LibXMLPushParser?

    var error: ReadError?
    /// The first error libxml2 reported, fatal or not (an encoding conversion failure, say), for
    /// when the parse ends without a clearer reason.
    private(set) var firstError: XMLProblem?
    var diagnostics = DiagnosticCollector()
    var namespaces = NamespaceClassifier()

    // Element stack (roles of the open elements we track).
    var stack: [Role] = []
    var skipDepth = 0
    var recorder = FragmentRecorder()
    var recordingOwner: Role = .root
    var sawRoot = false
    var documentVersion: GPXVersion = .v1_1

    // Text of the current leaf element.
    var textField: TextField = .none
    let text = ByteBuffer()
    var elementNames = ElementNameCache()

    // Objects under construction.
    var metadata = Metadata()
    var metadataDelivered = false
    var rootExtensions: [XMLFragment] = []
    var legacyRootURL: String?
    var legacyRootURLName: String?
    var person = Person()
    var link = Link(href: "")
    var copyright = Copyright(author: "")
    var point = TrackPoint(latitude: 0, longitude: 0)
    var pointDetails = PointDetails()
    var pointHasDetails = false
    var pointLine = 0
    var route = Route()
    var track = Track()
    var container = ContainerFields()
    var segmentExtensions: [XMLFragment] = []
    /// Track points of the current segment passed to the handler.
    var segmentPointCount = 0
    /// A legacy pause marker was read: the next track point starts a new segment.
    var isPausedByMarker = false
    /// Namespace declarations made on the elements the reader tracks, with the stack depth they belong to.
    var declarations: [(depth: Int, prefix: String?, uri: String)] = []
    /// What the activity keeps so far (``ActivityMemoryBudget``).
    var budget: ActivityMemoryBudget

    init(options: GPXReader.Options, fileName: String, handler: any GPXContentHandler) {
        self.options = options
        self.fileName = fileName
        self.handler = handler
        budget = ActivityMemoryBudget(limitBytes: options.maximumActivityBytes)
        stack.reserveCapacity(16)
    }

    /// Charges what the activity keeps of an element (``ActivityMemoryBudget``), refusing the file
    /// with `.tooLarge` when that passes ``GPXReader/Options/maximumActivityBytes``.
    /// - Parameter element: the element, as the message names it (`trk`).
    func charge(_ bytes: Int, for element: @autoclosure () -> String) {
        guard !budget.charge(bytes) else { return }
        let limit = budget.limitBytes
        fail(.tooLarge, "the activity read up to this <\(element())> would take more than \(ByteCountText.describe(limit)) "
             + "in memory, more than this version keeps of one activity", limitBytes: limit)
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
            guard recorder.openElements < ReadLimits.maximumExtensionDepth else {
                fail(.nestedTooDeep, "the extension <\(recorder.rootName)> holds elements nested more than "
                     + "\(ReadLimits.maximumExtensionDepth) deep, more than this version keeps",
                     limitDepth: ReadLimits.maximumExtensionDepth, element: recorder.rootName)
                return
            }
            recorder.startElement(localName: localName, prefix: prefix, uri: uri, namespaces: nsDecls, attributes: attributes)
            checkExtensionSize()
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
        if recorder.isRecording {
            recorder.characters(bytes)
            checkExtensionSize()
            return
        }
        if textField != .none, skipDepth == 0 {
            guard text.count + bytes.count <= ReadLimits.maximumTextBytes else {
                let element = textField.elementName
                fail(.textTooLong, "the text of <\(element)> is longer than \(ReadLimits.maximumTextBytes >> 10) KiB, "
                     + "more than this version reads in one element", limitBytes: ReadLimits.maximumTextBytes, element: element)
                return
            }
            text.append(bytes)
        }
    }

    /// An attribute value the reader keeps, refused past ``ReadLimits/maximumTextBytes`` as an
    /// element's text is.
    func kept(_ value: String?, attribute: String, of element: String) -> String? {
        guard let value, value.utf8.count > ReadLimits.maximumTextBytes else { return value }
        fail(.textTooLong, "the attribute \(attribute) of <\(element)> is longer than \(ReadLimits.maximumTextBytes >> 10) KiB, "
             + "more than this version reads in one value", limitBytes: ReadLimits.maximumTextBytes, element: element)
        return nil
    }

    /// Refuses an extension recorded past ``ReadLimits/maximumExtensionBytes``.
    private func checkExtensionSize() {
        guard recorder.byteCount > ReadLimits.maximumExtensionBytes else { return }
        fail(.tooLarge, "the extension <\(recorder.rootName)> is larger than \(ReadLimits.maximumExtensionBytes >> 20) MiB, "
             + "more than this version keeps", limitBytes: ReadLimits.maximumExtensionBytes, element: recorder.rootName)
    }

    func declarationFound(kind: String, name: String) {
        fail(.entityDeclaration, DTDRefusal.message(kind: kind, name: name))
    }

    func limitPassed(_ limit: XMLLimit) {
        if error == nil { error = limit.error(file: fileName, line: line, column: column) }
        parser?.stop()
    }

    func parserReported(_ problem: XMLProblem) {
        if firstError == nil, problem.isFatal || problem.isError { firstError = problem }
        if problem.isFatal {
            // Not stopped from here: libxml2 may be in the middle of switching encodings, and
            // xmlStopParser frees its input. Events are ignored from now on, and the read session
            // throws as soon as the current chunk returns.
            if error == nil {
                error = ReadError(code: .notWellFormed, message: "not well-formed XML: \(problem.message)",
                                 file: fileName, line: problem.line > 0 ? problem.line : nil,
                                 column: problem.column > 0 ? problem.column : nil)
            }
        } else if !problem.isError {
            diagnostics.add("xmlWarning", "XML: \(problem.message)", line: problem.line)
        }
    }

    // MARK: - Root

    func startRoot(localName: UnsafePointer<UInt8>, uri rootURI: UnsafePointer<UInt8>?, ns: GPXNamespace,
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
                fail(.unsupportedFormat, "this is a TCX file (root <TrainingCenterDatabase>), not GPX")
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
        let creator = kept(attributes.text(ofUnqualified: "creator"), attribute: "creator", of: "gpx")
        handler.gpxDidStart(version: documentVersion, creator: creator)
        stack.append(.root)
    }

    func endRoot() {
        deliverMetadataIfNeeded()
        handler.gpxDidEnd(extensions: rootExtensions)
    }

    func deliverMetadataIfNeeded() {
        guard !metadataDelivered else { return }
        metadataDelivered = true
        if let url = legacyRootURL {
            metadata.links.append(Link(href: url, text: legacyRootURLName))
        }
        if !metadata.isEmpty { handler.gpxDidRead(metadata: metadata) }
    }

    func fail(_ code: ReadError.Code, _ message: String, line givenLine: Int? = nil, column givenColumn: Int? = nil,
              limitBytes: Int? = nil, limitDepth: Int? = nil, element: String? = nil, remedy: ReadError.Remedy? = nil) {
        if error == nil {
            error = ReadError(code: code, message: message, file: fileName, line: givenLine ?? line,
                             column: givenColumn ?? column, limitBytes: limitBytes, limitDepth: limitDepth, element: element,
                             remedy: remedy)
        }
        parser?.stop()
    }

    var line: Int { parser?.line ?? 0 }
    var column: Int { parser?.column ?? 0 }

    /// Whether the root element was a `<gpx>`.
    var hasReadRoot: Bool { sawRoot }
}


extension GPXParseState.TextField {
    /// The element whose text this is, as GPX names it.
    var elementName: String {
        switch self {
        case .none: return "?"
        case .name, .personName: return "name"
        case .desc: return "desc"
        case .cmt: return "cmt"
        case .src: return "src"
        case .type, .linkType: return "type"
        case .number: return "number"
        case .keywords: return "keywords"
        case .time: return "time"
        case .sym: return "sym"
        case .fix: return "fix"
        case .legacyAuthor: return "author"
        case .legacyEmail: return "email"
        case .legacyURL: return "url"
        case .legacyURLName: return "urlname"
        case .linkText: return "text"
        case .copyrightYear: return "year"
        case .copyrightLicense: return "license"
        case .ele: return "ele"
        case .magvar: return "magvar"
        case .geoidheight: return "geoidheight"
        case .sat: return "sat"
        case .hdop: return "hdop"
        case .vdop: return "vdop"
        case .pdop: return "pdop"
        case .ageofdgpsdata: return "ageofdgpsdata"
        case .dgpsid: return "dgpsid"
        case .course: return "course"
        case .speed: return "speed"
        case .heartRate: return "hr"
        case .cadence: return "cad"
        case .airTemperature: return "atemp"
        case .waterTemperature: return "wtemp"
        case .depth: return "depth"
        case .power: return "power"
        }
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
