/// Bounds on what one element of an activity file may hold, so that what a reader accepts costs
/// memory and time in proportion to real files and is written again as valid XML (an export,
/// checked by xmllint, which refuses elements nested more than 256 deep and text nodes over
/// 10 MB). A file past a bound is refused with a ``ReadError`` naming the limit, the element and
/// the place (`textTooLong`, `nestedTooDeep`, `tooLarge`); nothing is cut silently.
///
/// The values leave room for every real file in `../shared/corpus` and the cases many times over:
/// the longest text there (a `<desc>` of a route) is a few kilobytes; extensions are a handful of
/// elements one or two deep.
package enum ReadLimits {
    /// The longest text of one element (a name, description, comment, keywords, number, time …),
    /// bytes of UTF-8 as read: 64 KiB.
    package static let maximumTextBytes = 64 << 10
    /// The deepest nesting of elements inside one extension element kept verbatim (the
    /// extension's own element counts 1): 64 — with GPX's own at most six levels above it, an
    /// export stays far from xmllint's 256.
    package static let maximumExtensionDepth = 64
    /// The largest extension element kept verbatim, bytes as recorded (escaped): 1 MiB.
    package static let maximumExtensionBytes = 1 << 20
}
