import RunCore

/// `<metadata>`, `<rte>` and `<trk>` and their children: links, bounds, authors, copyright.
extension GPXParseState {
    // MARK: - Containers

    func startContainerChild(parent: Role, name: GPXElementName, localName: UnsafePointer<UInt8>,
                                     attributes: SAXAttributes) {
        switch (parent, name) {
        // <gpx>
        case (.root, .metadata): stack.append(.metadata)
        case (.root, .wpt): deliverMetadataIfNeeded(); startPoint(.waypoint, attributes: attributes)
        case (.root, .rte):
            deliverMetadataIfNeeded()
            charge(ActivityMemoryBudget.routeBytes, for: "rte")
            route = Route()
            container = ContainerFields()
            handler.gpxDidStartRoute()
            stack.append(.route)
        case (.root, .trk):
            deliverMetadataIfNeeded()
            charge(ActivityMemoryBudget.trackBytes, for: "trk")
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
            let author = kept(attributes.text(ofUnqualified: "author"), attribute: "author", of: "copyright")
            copyright = Copyright(author: author ?? "")
            stack.append(.copyright)
        case (.metadata, .link), (.person, .link), (.route, .link), (.track, .link): startLink(attributes)
        case (.metadata, .extensions): stack.append(.extensions)
        // personType
        case (.person, .name): beginText(.personName)
        case (.person, .email):
            let id = kept(attributes.text(ofUnqualified: "id"), attribute: "id", of: "email") ?? ""
            let domain = kept(attributes.text(ofUnqualified: "domain"), attribute: "domain", of: "email") ?? ""
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
            charge(ActivityMemoryBudget.segmentBytes, for: "trkseg")
            segmentExtensions = []
            container.apply(to: &track)
            track.links = container.links
            handler.gpxDidStartSegment(track: track)
            segmentPointCount = 0
            isPausedByMarker = false
            stack.append(.segment)
        // <trkseg>
        case (.segment, .trkpt): startPoint(.trackPoint, attributes: attributes)
        case (.segment, .extensions): stack.append(.extensions)
        default:
            skip(localName, in: parent)
        }
    }

    func field(for name: GPXElementName) -> TextField {
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

    func startLink(_ attributes: SAXAttributes) {
        let href = kept(attributes.text(ofUnqualified: "href"), attribute: "href", of: "link")
        charge(ActivityMemoryBudget.linkBytes + ActivityMemoryBudget.textBytes(href?.utf8.count ?? 0), for: "link")
        link = Link(href: href ?? "")
        if href == nil { diagnostics.add("linkWithoutHref", "a <link> has no href attribute; kept with an empty href", line: line) }
        stack.append(.link)
    }

    func endLink() {
        switch stack.last {
        case .metadata: metadata.links.append(link)
        case .person: person.link = link
        case .route, .track: container.links.append(link)
        case .trackPoint, .routePoint, .waypoint: pointDetails.links.append(link); pointHasDetails = true
        default: break
        }
    }

    func readBounds(_ attributes: SAXAttributes) {
        func value(_ name: StaticString) -> Double? { attributes.value(ofUnqualified: name).flatMap(DecimalText.parse) }
        if let minLat = value("minlat"), let minLon = value("minlon"), let maxLat = value("maxlat"), let maxLon = value("maxlon") {
            metadata.bounds = Bounds(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
        } else {
            diagnostics.add("invalidBounds", "<bounds> is missing an attribute or has a non-numeric one; ignored", line: line)
        }
    }

    func endRoute() {
        container.apply(to: &route)
        route.links = container.links
        handler.gpxDidEndRoute(route)
    }

    func endTrack() {
        container.apply(to: &track)
        track.links = container.links
        handler.gpxDidEndTrack(track)
    }
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
