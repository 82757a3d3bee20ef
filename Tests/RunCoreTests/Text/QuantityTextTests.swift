import RunCore
import Testing

/// Distances and durations typed on the command line, and file names made from run names.
@Suite struct QuantityTextTests {
    @Test(arguments: [("800m", 800.0), ("5km", 5000), ("5 km", 5000), ("10.5KM", 10_500), ("1mi", 1609.344), ("13.1mi", 21_082.4064)])
    func distances(text: String, meters: Double) {
        #expect(QuantityText.meters(text) == meters)
    }

    @Test(arguments: [("90s", 90.0), ("45min", 2700), ("1.5h", 5400), ("1:30:00", 5400), ("45:00", 2700), ("0:59", 59)])
    func durations(text: String, seconds: Double) {
        #expect(QuantityText.seconds(text) == seconds)
    }

    @Test(arguments: ["", "5", "km", "5 furlongs", "-5km", "1e3m", "nan km", "5,5km", "1:75", "1:5", ":30", "1::00", "90"])
    func refused(text: String) {
        #expect(QuantityText.meters(text) == nil && QuantityText.seconds(text) == nil)
    }

    @Test func ranges() {
        #expect(QuantityText.range("5km..10km", QuantityText.meters) == ValueRange(minimum: 5000, maximum: 10_000))
        #expect(QuantityText.range("..3mi", QuantityText.meters) == ValueRange(maximum: 4828.032))
        #expect(QuantityText.range("30min..", QuantityText.seconds) == ValueRange(minimum: 1800))
        for bad in ["..", "5km", "5km..x", "5km...10km"] { #expect(QuantityText.range(bad, QuantityText.meters) == nil, "\(bad)") }
    }

    @Test func fileNames() {
        #expect(FileNameText.sanitizedStem("Morning Run") == "Morning Run")
        #expect(FileNameText.sanitizedStem("  a/b\\c:d  ") == "a-b-c-d")
        #expect(FileNameText.sanitizedStem("..hidden.") == "hidden")
        #expect(FileNameText.sanitizedStem("tab\there\nnew") == "tab here new")
        #expect(FileNameText.sanitizedStem("Lauf über die Brücke") == "Lauf über die Brücke")
        #expect(FileNameText.sanitizedStem("???") == nil)
        let long = FileNameText.sanitizedStem(String(repeating: "ü", count: 150))!
        #expect(long.utf8.count == 200 && long == String(repeating: "ü", count: 100))
    }

    /// Every scalar of Unicode's Bidi_Control property (UAX #9 §2, by hand from the standard):
    /// ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI.
    static let bidiControls: [Unicode.Scalar] = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                                 0x2066, 0x2067, 0x2068, 0x2069].map { Unicode.Scalar($0)! }

    @Test(arguments: bidiControls)
    func fileNamesHoldNoBidiControl(control: Unicode.Scalar) {
        let name = "invoice\(control)xpg.exe"
        #expect(FileNameText.removingBidiControls(name) == "invoicexpg.exe")
        #expect(FileNameText.sanitizedStem(name) == "invoicexpg.exe")
        #expect(FileNameText.sanitizedStem("\(control)\(control)") == nil)
    }

    @Test func otherFormatCharactersStayInFileNames() {
        // Joiners build emoji and letters of some scripts; only the bidirectional controls go.
        let family = "Run 👩\u{200D}👧 \u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0645}"
        #expect(FileNameText.removingBidiControls(family) == family && FileNameText.sanitizedStem(family) == family)
        #expect(Self.bidiControls.allSatisfy { $0.properties.isBidiControl })
        // No other scalar of the first planes has the property: the list above is all of it.
        let others = (UInt32(0)...0x2FFFF).compactMap(Unicode.Scalar.init).filter { $0.properties.isBidiControl && !Self.bidiControls.contains($0) }
        #expect(others.isEmpty, "\(others)")
    }
}
