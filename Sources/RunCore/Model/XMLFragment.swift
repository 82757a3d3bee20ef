/// An extension element kept verbatim for the round trip: one element and everything inside it,
/// serialised as well-formed XML that declares every namespace it uses.
///
/// The reader turns the extensions it understands (heart rate, cadence, temperature, power …) into
/// typed values; everything else inside `<extensions>` (or, in GPX 1.0, any element from another
/// namespace) becomes an `XMLFragment` so that the writer can put it back unchanged.
package struct XMLFragment: Sendable, Hashable, Codable {
    /// Namespace URI of the fragment's root element; `nil` when the element has no namespace.
    package var namespaceURI: String?
    /// Local name of the fragment's root element.
    package var localName: String
    /// The element as XML text, e.g. `<acme:note xmlns:acme="urn:example" id="a&amp;b">Tom &amp; Jerry</acme:note>`.
    package var xml: String

    package init(namespaceURI: String?, localName: String, xml: String) {
        self.namespaceURI = namespaceURI
        self.localName = localName
        self.xml = xml
    }
}
