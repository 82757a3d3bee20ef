/// Local names of the elements the GPX reader understands (GPX 1.0 and 1.1 core, plus the
/// extension elements it turns into typed values). Matched on bytes, without building strings.
enum GPXElementName: UInt8 {
    case unknown
    // document structure
    case gpx, metadata, wpt, rte, rtept, trk, trkseg, trkpt, extensions
    // metadata and common fields
    case name, desc, author, email, link, url, urlname, copyright, year, license, time, keywords, bounds
    case text, type, number, cmt, src
    // point fields
    case ele, magvar, geoidheight, sym, fix, sat, hdop, vdop, pdop, ageofdgpsdata, dgpsid, course, speed
    // extension values (TrackPointExtension, PowerExtension, Cluetrust, vendor variants)
    case trackPointExtension, hr, cad, atemp, wtemp, depth, powerInWatts
    case heartrate, cadence, power, temp, cog

    private static let table: [[(name: [UInt8], value: GPXElementName)]] = {
        let all: [(String, GPXElementName)] = [
            ("gpx", .gpx), ("metadata", .metadata), ("wpt", .wpt), ("rte", .rte), ("rtept", .rtept), ("trk", .trk),
            ("trkseg", .trkseg), ("trkpt", .trkpt), ("extensions", .extensions), ("name", .name), ("desc", .desc),
            ("author", .author), ("email", .email), ("link", .link), ("url", .url), ("urlname", .urlname),
            ("copyright", .copyright), ("year", .year), ("license", .license), ("time", .time),
            ("keywords", .keywords), ("bounds", .bounds), ("text", .text), ("type", .type), ("number", .number),
            ("cmt", .cmt), ("src", .src), ("ele", .ele), ("magvar", .magvar), ("geoidheight", .geoidheight),
            ("sym", .sym), ("fix", .fix), ("sat", .sat), ("hdop", .hdop), ("vdop", .vdop), ("pdop", .pdop),
            ("ageofdgpsdata", .ageofdgpsdata), ("dgpsid", .dgpsid), ("course", .course), ("speed", .speed),
            ("TrackPointExtension", .trackPointExtension), ("hr", .hr), ("cad", .cad), ("atemp", .atemp),
            ("wtemp", .wtemp), ("depth", .depth), ("PowerInWatts", .powerInWatts),
            ("heartrate", .heartrate), ("cadence", .cadence), ("power", .power), ("temp", .temp), ("cog", .cog),
        ]
        var byLength = [[(name: [UInt8], value: GPXElementName)]](repeating: [], count: 24)
        for (name, value) in all { byLength[name.utf8.count].append((Array(name.utf8), value)) }
        return byLength
    }()

    /// The name for a NUL-terminated local name from libxml2.
    @inline(__always)
    static func classify(_ localName: UnsafePointer<UInt8>) -> GPXElementName {
        var length = 0
        while localName[length] != 0 {
            length += 1
            if length >= 24 { return .unknown }
        }
        for candidate in table[length] where candidate.name[0] == localName[0] {
            var equal = true
            for k in 1..<length where candidate.name[k] != localName[k] { equal = false; break }
            if equal { return candidate.value }
        }
        return .unknown
    }
}

/// Remembers the classification of element names by pointer. libxml2's SAX2 parser hands every
/// element name out of its per-parse dictionary (`xmlDictLookup`), so within one parse a name is
/// always the same pointer and a pointer seen before is the same name; the cache turns the byte
/// comparison into one pointer comparison for all but the first occurrence. A collision only
/// costs a fresh classification.
struct ElementNameCache {
    private var pointers = [UnsafePointer<UInt8>?](repeating: nil, count: 64)
    private var names = [GPXElementName](repeating: .unknown, count: 64)

    @inline(__always)
    mutating func classify(_ localName: UnsafePointer<UInt8>) -> GPXElementName {
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: localName) >> 3) & 63
        if pointers[slot] == localName { return names[slot] }
        let name = GPXElementName.classify(localName)
        pointers[slot] = localName
        names[slot] = name
        return name
    }
}
