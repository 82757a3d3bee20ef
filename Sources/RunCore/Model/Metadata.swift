/// Information about a GPX file (GPX 1.1 `<metadata>`; GPX 1.0's root-level fields map here).
package struct Metadata: Sendable, Equatable, Codable {
    package var name: String?
    package var description: String?
    package var author: Person?
    package var copyright: Copyright?
    package var links: [Link] = []
    /// Creation time of the file, seconds since 1970 UTC.
    package var timeSeconds: Double?
    package var keywords: String?
    package var bounds: Bounds?
    package var extensions: [XMLFragment] = []

    package init() {}

    package var isEmpty: Bool { self == Metadata() }
}

/// A person or organisation (GPX `personType`).
package struct Person: Sendable, Equatable, Codable {
    package var name: String?
    /// E-mail address as `id@domain`.
    package var email: String?
    package var link: Link?

    package init(name: String? = nil, email: String? = nil, link: Link? = nil) {
        self.name = name
        self.email = email
        self.link = link
    }
}

/// Copyright and licence (GPX `copyrightType`).
package struct Copyright: Sendable, Equatable, Codable {
    package var author: String
    package var year: Int?
    package var license: String?

    package init(author: String, year: Int? = nil, license: String? = nil) {
        self.author = author
        self.year = year
        self.license = license
    }
}

/// A latitude/longitude rectangle in degrees (GPX `boundsType`).
package struct Bounds: Sendable, Hashable, Codable {
    package var minLatitude: Double
    package var minLongitude: Double
    package var maxLatitude: Double
    package var maxLongitude: Double

    package init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }
}
