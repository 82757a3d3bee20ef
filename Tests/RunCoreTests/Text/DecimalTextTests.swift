import RunCore
import Testing

@Suite struct DecimalTextTests {
    @Test(arguments: [("47.6062", 47.6062), ("-0.5", -0.5), ("+12", 12.0), ("0", 0.0), (" 7.93 ", 7.93), ("\n1.\t", 1.0),
                      (".5", 0.5), ("000123.4500", 123.45), ("-180.096474", -180.096474),
                      ("37.24173816852271556854248046875", 37.24173816852271556854248046875),
                      ("12345678901234567890.5", 12345678901234567890.5), ("0.000000000000000000000001", 1e-24)])
    func parses(text: String, value: Double) {
        #expect(DecimalText.parse(text) == value)
    }

    @Test(arguments: ["", " ", "abc", "nan", "NaN", "inf", "-inf", "1e2", "1E2", "49,97", "1.2.3", "--1", "+", ".", "0x10", "1 2", "١٢"])
    func refuses(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }

    @Test func correctlyRoundedLikeTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Double.random(in: -180...180, using: &generator)
            let digits = Int.random(in: 0...12, using: &generator)
            let text = DecimalText.format(value, significantDigits: 3 + digits)
            #expect(DecimalText.parse(text) == Double(text)!)
        }
    }

    @Test(arguments: [(47.6062, "47.6062"), (-0.5, "-0.5"), (12.0, "12"), (0.0, "0"), (-0.0, "0"), (179.903526, "179.903526"),
                      (11.200000000000001, "11.2"), (1e-7, "0.0000001"), (37.241738168522716, "37.2417381685227"),
                      (8848.86, "8848.86"), (-1234567.125, "-1234567.125"), (0.1 + 0.2, "0.3")])
    func formatsWithAtMost15SignificantDigits(value: Double, text: String) {
        #expect(DecimalText.format(value) == text)
    }

    @Test func integers() {
        #expect(DecimalText.parseInteger("42") == 42)
        #expect(DecimalText.parseInteger(" -7 ") == -7)
        #expect(DecimalText.parseInteger("4.2") == nil)
        #expect(DecimalText.parseInteger("99999999999999999999") == nil)
    }
}

/// The largest magnitudes: 15 significant digits (as Python's `'%.15g'` writes them), then zeros to
/// the decimal point. From 1e300 up the digits were miscounted and making them trapped: a JSON
/// body's or a settings file's 0.11e309, a TCX `<LatitudeDegrees>1.5e308` (FuzzAPIJSON and
/// FuzzSettingsImport found it; the TCX reader said it in a diagnostic and crashed).
@Suite struct DecimalTextLargeMagnitudeTests {
    @Test(arguments: [(Double.greatestFiniteMagnitude, "179769313486232", 309), (1.5e308, "15", 309), (-1e300, "-1", 301),
                      (1.1e308, "11", 309), (9.99999999999999e299, "999999999999999", 300), (1e299, "1", 300),
                      (1.51e308, "151", 309)])
    func writesTheLeadingDigitsThenZeros(value: Double, leading: String, digits: Int) {
        let text = DecimalText.format(value)
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        #expect(unsigned.count == digits, "\(text.count) characters")
        #expect(text.hasPrefix(leading))
        #expect(unsigned.dropFirst(leading.count - (text.hasPrefix("-") ? 1 : 0)).allSatisfy { $0 == "0" }, "\(text)")
        // Read back, the number is the value to 15 digits (the largest rounds up past what a Double holds).
        let back = Double(text)!
        #expect(back.isInfinite ? value == .greatestFiniteMagnitude : abs(back - value) <= abs(value) * 1e-14)
    }

    /// Asked for more significant digits than a Double has, it writes 17 (and makes no UInt64 of 40).
    @Test func moreSignificantDigitsThanADoubleHasAreSeventeen() {
        let text = DecimalText.format(1.7976931348623157e308, significantDigits: 40)
        #expect(text.count == 309 && text.hasPrefix("1797693134862315") && text.dropFirst(17).allSatisfy { $0 == "0" }, "\(text)")
    }
}
