/// A link to an external resource (GPX `linkType`).
public struct Link: Sendable, Hashable, Codable {
    /// The URL (GPX `href` attribute).
    public var href: String
    /// Text of the hyperlink (GPX `<text>`).
    public var text: String?
    /// MIME type of the content (GPX `<type>`).
    public var type: String?

    public init(href: String, text: String? = nil, type: String? = nil) {
        self.href = href
        self.text = text
        self.type = type
    }
}
