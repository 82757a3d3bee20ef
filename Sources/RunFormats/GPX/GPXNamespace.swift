/// The XML namespaces the GPX reader and writer know, matched by URI — never by prefix.
enum GPXNamespace: UInt8 {
    /// No namespace (a GPX file that declares none, or `xmlns=""`).
    case none
    case gpx10
    case gpx11
    /// Garmin TrackPointExtension v1 and v2 (hr, cad, atemp, wtemp, depth; v2 adds speed and course).
    case trackPointExtensionV1
    case trackPointExtensionV2
    /// Garmin PowerExtension v1 (`PowerInWatts`).
    case powerExtension
    /// Cluetrust GPXDATA 1.0 (`hr`, `cadence`, `temp`, …), written by Suunto Movescount, pytrainer.
    case clueTrustGPXData
    case other

    static let gpx10URI = "http://www.topografix.com/GPX/1/0"
    static let gpx11URI = "http://www.topografix.com/GPX/1/1"
    static let trackPointExtensionV1URI = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
    static let trackPointExtensionV2URI = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
    static let powerExtensionURI = "http://www.garmin.com/xmlschemas/PowerExtension/v1"
    static let clueTrustGPXDataURI = "http://www.cluetrust.com/XML/GPXDATA/1/0"
    static let xsiURI = "http://www.w3.org/2001/XMLSchema-instance"

    /// Whether elements in this namespace are GPX's own.
    var isGPX: Bool { self == .gpx10 || self == .gpx11 }

    var isTrackPointExtension: Bool { self == .trackPointExtensionV1 || self == .trackPointExtensionV2 }
}

/// Classifies namespace URIs with a two-entry cache: libxml2 interns names, so the same URI
/// arrives as the same pointer again and again, and a pointer comparison usually answers.
///
/// GPX's URIs are also recognised with `https` and with a trailing slash (hand-written files); a
/// document whose `<gpx>` root uses some other namespace has that namespace adopted as GPX 1.1's
/// for the whole document (with a warning), so its points are read, not lost.
struct NamespaceClassifier {
    private var adopted: [UInt8]?

    /// Treats `uri` as the GPX 1.1 namespace from now on.
    mutating func adoptAsGPX11(_ uri: UnsafePointer<UInt8>) {
        adopted = Array(UnsafeBufferPointer(start: uri, count: CString.length(uri)))
        lastPointer = nil
        secondPointer = nil
    }

    private var lastPointer: UnsafePointer<UInt8>?
    private var lastNamespace: GPXNamespace = .none
    private var secondPointer: UnsafePointer<UInt8>?
    private var secondNamespace: GPXNamespace = .none

    @inline(__always)
    mutating func classify(_ uri: UnsafePointer<UInt8>?) -> GPXNamespace {
        guard let uri else { return .none }
        if uri == lastPointer { return lastNamespace }
        if uri == secondPointer {
            swap(&lastPointer, &secondPointer)
            swap(&lastNamespace, &secondNamespace)
            return lastNamespace
        }
        var namespace = Self.lookUp(uri)
        if namespace == .other, let adopted, CString.length(uri) == adopted.count,
           adopted.indices.allSatisfy({ adopted[$0] == uri[$0] }) {
            namespace = .gpx11
        }
        secondPointer = lastPointer
        secondNamespace = lastNamespace
        lastPointer = uri
        lastNamespace = namespace
        return namespace
    }

    private static func lookUp(_ uri: UnsafePointer<UInt8>) -> GPXNamespace {
        if CString.equals(uri, "http://www.topografix.com/GPX/1/1") { return .gpx11 }
        if CString.equals(uri, "http://www.topografix.com/GPX/1/0") { return .gpx10 }
        if CString.equals(uri, "https://www.topografix.com/GPX/1/1") || CString.equals(uri, "http://www.topografix.com/GPX/1/1/")
            || CString.equals(uri, "https://www.topografix.com/GPX/1/1/") { return .gpx11 }
        if CString.equals(uri, "https://www.topografix.com/GPX/1/0") || CString.equals(uri, "http://www.topografix.com/GPX/1/0/")
            || CString.equals(uri, "https://www.topografix.com/GPX/1/0/") { return .gpx10 }
        if CString.equals(uri, "http://www.garmin.com/xmlschemas/TrackPointExtension/v1") { return .trackPointExtensionV1 }
        if CString.equals(uri, "http://www.garmin.com/xmlschemas/TrackPointExtension/v2") { return .trackPointExtensionV2 }
        if CString.equals(uri, "http://www.garmin.com/xmlschemas/PowerExtension/v1") { return .powerExtension }
        if CString.equals(uri, "http://www.cluetrust.com/XML/GPXDATA/1/0") { return .clueTrustGPXData }
        if uri[0] == 0 { return .none }
        return .other
    }
}
