/// Whitespace and byte-order marks before an XML document's first `<`, taken off before the parser
/// sees them. Strava's archives write TCX files with 10 spaces before `<?xml …?>`, which XML
/// forbids ("XML declaration allowed only at the start of the document") and strict readers —
/// libxml2, ElementTree, GPSBabel — refuse (GPSBabel#371, GoldenCheetah#3149). Fed the first bytes
/// of a file in pieces; remembers the lines and columns it removed so that positions in messages
/// still count from the file's first byte.
struct LeadingWhitespace {
    /// Whitespace bytes removed (spaces, tabs, line ends), not counting byte-order marks.
    private(set) var removedWhitespaceCount = 0
    /// Line feeds among them: lines to add to every line the parser reports.
    private(set) var removedLineCount = 0
    /// Bytes removed after the last line feed: columns to add on the parser's first line.
    private(set) var removedColumnCount = 0
    /// A UTF-8 byte-order mark was among them; it is put back in front of the document, where XML allows it.
    private(set) var hadByteOrderMark = false
    /// The first byte of the document proper has been seen.
    private(set) var isDone = false

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Takes whitespace and UTF-8 byte-order marks off the front of `head`, as far as they go.
    /// Stops early (not done) when `head` ends inside what may be a byte-order mark.
    mutating func strip(_ head: inout [UInt8]) {
        guard !isDone else { return }
        var i = 0
        while i < head.count {
            let c = head[i]
            if c == 32 || c == 9 || c == 13 {
                removedWhitespaceCount += 1
                removedColumnCount += 1
                i += 1
            } else if c == 10 {
                removedWhitespaceCount += 1
                removedLineCount += 1
                removedColumnCount = 0
                i += 1
            } else if c == 0xEF {
                if head.count - i < 3 { break }  // wait for the rest
                guard head[i + 1] == 0xBB, head[i + 2] == 0xBF else { isDone = true; break }
                hadByteOrderMark = true
                removedColumnCount += 3
                i += 3
            } else {
                isDone = true
                break
            }
        }
        head.removeFirst(i)
        if isDone, hadByteOrderMark {
            // The mark stays in front: it tells the parser the encoding. Its columns are the parser's.
            head.insert(contentsOf: Self.byteOrderMark, at: 0)
            removedColumnCount -= 3
        }
    }

    /// Ends the input: what is left is all there is.
    mutating func finish(_ head: inout [UInt8]) {
        strip(&head)
        isDone = true
    }
}
