/// Information about a GPX file (GPX 1.1 `<metadata>`; GPX 1.0's root-level fields map here).
public struct Metadata: Sendable, Equatable, Codable {
    public var name: String?
    public var description: String?
    public var author: Person?
    public var copyright: Copyright?
    public var links: [Link] = []
    /// Creation time of the file, seconds since 1970 UTC.
    public var timeSeconds: Double?
    public var keywords: String?
    public var bounds: Bounds?
    public var extensions: [XMLFragment] = []

    public init() {}

    public var isEmpty: Bool { self == Metadata() }
}

/// A person or organisation (GPX `personType`).
public struct Person: Sendable, Equatable, Codable {
    public var name: String?
    /// E-mail address as `id@domain`.
    public var email: String?
    public var link: Link?

    public init(name: String? = nil, email: String? = nil, link: Link? = nil) {
        self.name = name
        self.email = email
        self.link = link
    }
}

/// Copyright and licence (GPX `copyrightType`).
public struct Copyright: Sendable, Equatable, Codable {
    public var author: String
    public var year: Int?
    public var license: String?

    public init(author: String, year: Int? = nil, license: String? = nil) {
        self.author = author
        self.year = year
        self.license = license
    }
}

/// A latitude/longitude rectangle in degrees (GPX `boundsType`).
public struct Bounds: Sendable, Hashable, Codable {
    public var minLatitude: Double
    public var minLongitude: Double
    public var maxLatitude: Double
    public var maxLongitude: Double

    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }
}
