import RunCore

/// The TCX reader's state machine: consumes SAX events, builds one ``Track`` per `<Activity>`
/// (also inside `<MultiSportSession>`), one ``Route`` per `<Course>`, and records what it noticed.
///
/// Elements are recognised by local name and by where they stand (``Role``), never by namespace
/// prefix, so `ns3:TPX`, `ax:LX` and a bare `<Speed>` all read. Elements the reader does not use
/// (`Intensity`, `MaximumSpeed`, `SensorState`, `Folders`, `Workouts`, `Training` …) are skipped
/// with their content; a `<Trackpoint>` inside a skipped element is counted in a diagnostic, never
/// dropped silently. One instance reads one document on one thread.
final class TCXParseState: SAXDelegate, XMLReadState {
    let fileName: String
    /// The parser calling back into this object (owned by the read session; weak because the
    /// parser keeps its delegate alive). Used for positions in messages and to stop.
    weak var parser: LibXMLPushParser?

    var error: ReadError?
    /// The first error libxml2 reported, fatal or not, for when the parse ends without a clearer reason.
    private(set) var firstError: XMLProblem?
    var diagnostics = DiagnosticCollector()
    /// Lines removed before the parser saw the document (leading whitespace), and the bytes removed
    /// from what is now the parser's first line: added back to every line and column reported.
    var lineOffset = 0
    var firstLineColumnOffset = 0

    var stack: [Role] = []
    var skipDepth = 0
    var names = TCXElementNameCache()
    private(set) var hasReadRoot = false
    var textField: TextField = .none
    let text = ByteBuffer()

    // What the document holds, finished.
    var tracks: [Track] = []
    var routes: [Route] = []
    var waypoints: [Waypoint] = []
    /// The first `<Creator>` read (of an activity or a course), and the root's `<Author>`.
    var device: DeviceInfo?
    var authorName: String?

    // Under construction.
    var activity: TCXTrackBuilder?
    var sport: String?
    var notes: String?
    /// A multisport `<Transition>` was read and its trackpoints wait for the activity that follows.
    var hasPendingTransition = false
    var lap = TCXLapValues()
    var tracksInLap = 0
    var hasBareTrackInLap = false
    var course: Route?
    var trackOwner: Role = .activity
    var point = TrackPoint(latitude: .nan, longitude: .nan)
    var latitude: Double?
    var longitude: Double?
    var hasPositionElement = false
    var pointDistanceMeters: Double?
    var pointSpeedMetersPerSecond: Double?
    var pointPowerWatts: Double?
    var pointLine = 0
    var pointName: String?
    var pointType: String?
    var pointNotes: String?
    var creatorName: String?
    var creatorVersionMajor: Int?
    var creatorVersionMinor: Int?
    /// What the activity keeps so far (``ActivityMemoryBudget``).
    var budget: ActivityMemoryBudget

    init(fileName: String, maximumActivityBytes: Int = ReadLimits.maximumActivityBytes) {
        self.fileName = fileName
        budget = ActivityMemoryBudget(limitBytes: maximumActivityBytes)
        stack.reserveCapacity(16)
    }

    /// Charges what the activity keeps of an element (``ActivityMemoryBudget``), refusing the file
    /// with `.tooLarge` when that passes the limit.
    /// - Parameter element: the element, as the message names it (`Trackpoint`).
    func charge(_ bytes: Int, for element: @autoclosure () -> String) {
        guard !budget.charge(bytes) else { return }
        let limit = budget.limitBytes
        if error == nil {
            error = ReadError(code: .tooLarge, message: "the activity read up to this <\(element())> would take more than "
                              + "\(ByteCountText.describe(limit)) in memory, more than this version keeps of one activity",
                              file: fileName, line: line, column: column, limitBytes: limit)
        }
        parser?.stop()
    }

    /// What an open element is to the reader.
    enum Role: UInt8 {
        case root, activities, multiSportSession, sport, activity, transition, lap
        case lapAverageHeartRate, lapMaximumHeartRate, lapExtensions
        case track, trackpoint, position, pointHeartRate, pointExtensions
        case creator, creatorVersion, author, courses, course, coursePoint, leaf
    }

    /// Where the text of the current leaf element goes.
    enum TextField: UInt8 {
        case none
        case activityNotes
        case lapTime, lapDistance, lapCalories, lapAverageHeartRate, lapMaxHeartRate, lapCadence, lapTrigger
        case lapRunCadence, lapWatts
        case pointTime, latitude, longitude, altitude, pointDistance, heartRate, pointCadence, speed, runCadence, watts
        case creatorName, versionMajor, versionMinor, authorName
        case courseName, courseNotes, coursePointName, coursePointType, coursePointNotes
    }

    // MARK: - SAX events

    func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?,
                      namespaces: SAXNamespaces, attributes: SAXAttributes) {
        if error != nil { return }
        let name = names.classify(localName)
        if skipDepth > 0 {
            skipDepth += 1
            if name == .trackpoint { noteTrackpointNotRead() }
            return
        }
        guard let parent = stack.last else {
            startRoot(name: name, localName: localName, uri: uri)
            return
        }
        startChild(name, of: parent, attributes: attributes)
    }

    func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?) {
        if error != nil { return }
        if skipDepth > 0 { skipDepth -= 1; return }
        guard let role = stack.popLast() else { return }
        end(role)
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if error != nil { return }
        if textField != .none, skipDepth == 0 {
            guard text.count + bytes.count <= ReadLimits.maximumTextBytes else {
                if error == nil {
                    error = ReadError(code: .textTooLong, message: "the text of an element is longer than \(ReadLimits.maximumTextBytes >> 10) "
                                      + "KiB, more than this version reads in one element", file: fileName, line: line, column: column,
                                      limitBytes: ReadLimits.maximumTextBytes)
                }
                parser?.stop()
                return
            }
            text.append(bytes)
        }
    }

    func declarationFound(kind: String, name: String) {
        fail(.entityDeclaration, DTDRefusal.message(kind: kind, name: name))
    }

    func limitPassed(_ limit: XMLLimit) {
        if error == nil { error = limit.error(file: fileName, line: line, column: column) }
        parser?.stop()
    }

    func parserReported(_ problem: XMLProblem) {
        var problem = problem
        if problem.line > 0 {
            if problem.line == 1, problem.column > 0 { problem.column += firstLineColumnOffset }
            problem.line += lineOffset
        }
        if firstError == nil, problem.isFatal || problem.isError { firstError = problem }
        if problem.isFatal {
            // Not stopped from here (libxml2 may be switching encodings; xmlStopParser frees its
            // input): events are ignored from now on and the session throws when the chunk returns.
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

    /// The TCX v2 namespace (TrainingCenterDatabasev2.xsd `targetNamespace`).
    static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"

    private func startRoot(name: TCXElementName, localName: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>?) {
        guard name == .trainingCenterDatabase else {
            let found = String(cString: localName)
            switch found {
            case "gpx": fail(.notTCX, "the root element is <gpx>: this is a GPX file, not TCX (expected <TrainingCenterDatabase>)")
            case "kml": fail(.notTCX, "the root element is <kml>: this is a KML file, not TCX (expected <TrainingCenterDatabase>)")
            default: fail(.notTCX, "the root element is <\(found)>, expected <TrainingCenterDatabase> (TCX)")
            }
            return
        }
        hasReadRoot = true
        let namespace = CString.string(uri)
        if namespace != Self.namespace {
            diagnostics.add("tcxNamespace",
                            namespace.map { "the root's namespace is \($0), not TCX v2's; its elements are read as TCX v2" }
                                ?? "the file declares no TCX namespace; its elements are read as TCX v2",
                            severity: .note, line: line)
        }
        stack.append(.root)
    }

    // MARK: - Errors and positions

    func fail(_ code: ReadError.Code, _ message: String) {
        if error == nil {
            error = ReadError(code: code, message: message, file: fileName, line: line, column: column)
        }
        parser?.stop()
    }

    /// The line in the file as given (leading whitespace the session removed counted back in).
    var line: Int {
        guard let parser else { return 0 }
        return parser.line + lineOffset
    }

    var column: Int {
        guard let parser else { return 0 }
        return parser.column + (parser.line == 1 ? firstLineColumnOffset : 0)
    }
}
