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
    /// The most one activity read may take in memory, estimated as its elements or messages are
    /// kept (``ActivityMemoryBudget`` for GPX and TCX, ``FITMemoryBudget`` for FIT): 512 MiB, as
    /// much as a read session keeps of a whole-file format (``ActivityReadSession/bufferedLimit``).
    /// An element or a message can be a few bytes and become a model value of a few hundred, and
    /// GPX and TCX are streamed, so the file's size alone bounds nothing. 512 MiB is about 4.8
    /// million track points (55 days at one a second).
    package static let maximumActivityBytes = 512 << 20
    /// The most different names (of elements, attributes and namespace prefixes) one XML document
    /// may use: 10,000. libxml2 keeps every name in a dictionary whose table, in libxml2 2.9
    /// (Debian 12's), stops growing at 16,384 slots, so past that each new name costs time in
    /// proportion to the names already there: 13 MB of `<a1/><a2/>…`, 1.4 million names, read for
    /// 390 s. The GPX and TCX files of the shared corpus use at most 57.
    package static let maximumNames = 10_000
    /// The most attributes (and namespace declarations) one tag may hold, counted as the `=` signs
    /// between two `>`: 10,000. libxml2 2.9 compares each attribute of a tag with every one before
    /// it: a 1.5 MB tag of 160,000 attributes read for 7.6 s, and its 10 MB limit on a tag would
    /// allow some 300 s. The files of the shared corpus have at most 11 `=` between two `>`.
    package static let maximumAttributes = 10_000
}
