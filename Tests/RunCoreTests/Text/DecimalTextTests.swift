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
