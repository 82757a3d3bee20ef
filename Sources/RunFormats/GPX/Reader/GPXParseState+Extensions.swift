import RunCore

/// Foreign elements kept verbatim with the namespaces in scope, and elements skipped.
extension GPXParseState {
    // MARK: - Namespaces in scope (for QNames in extension attribute values)

    func noteDeclarations(_ nsDecls: SAXNamespaces) {
        // The element is pushed after this call, so its depth will be stack.count + 1.
        for i in 0..<nsDecls.count {
            declarations.append((stack.count + 1, CString.string(nsDecls.prefix(at: i)), CString.string(nsDecls.uri(at: i)) ?? ""))
        }
    }

    /// The URI `prefix` is bound to at the current position, outside any fragment being recorded.
    func inScopeNamespace(_ prefix: String) -> String? {
        declarations.last { $0.prefix == prefix && $0.depth <= stack.count + 1 }?.uri
    }

    // MARK: - Extensions kept verbatim, and elements skipped

    func record(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?,
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

    func store(_ fragment: XMLFragment, owner: Role) {
        charge(ActivityMemoryBudget.fragmentBytes(fragment), for: fragment.localName)
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

    func skip(_ localName: UnsafePointer<UInt8>, in parent: Role) {
        skipDepth = 1
        diagnostics.add("unknownElement.\(String(cString: localName))",
                        "<\(String(cString: localName))> is not a GPX element where it appears (inside \(parent.elementName)); ignored",
                        line: line)
    }
}
