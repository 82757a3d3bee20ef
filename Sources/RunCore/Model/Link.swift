/// A link to an external resource (GPX `linkType`).
package struct Link: Sendable, Hashable, Codable {
    /// The URL (GPX `href` attribute).
    package var href: String
    /// Text of the hyperlink (GPX `<text>`).
    package var text: String?
    /// MIME type of the content (GPX `<type>`).
    package var type: String?

    package init(href: String, text: String? = nil, type: String? = nil) {
        self.href = href
        self.text = text
        self.type = type
    }
}
