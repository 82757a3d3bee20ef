import Foundation
import RunUI
import Testing
import TestSupport

/// `MarkupWriter` writes what `MarkupText` writes: numbers as `number(_:)`, texts as `escape(_:)`.
@Suite struct MarkupWriterTests {
    @Test func numbersAreWrittenAsMarkupTextWritesThem() {
        var generator = SeededGenerator(state: 3)
        var values: [Double] = [0, -0.0, 0.04, 0.05, -0.04, -0.05, 0.15, 1, -1, 9.95, 10, 99.99, 123.45, -123.45, 799.96, 1e6, -1e12, 1e16,
                                .nan, .infinity, -.infinity, 0.1 + 0.2, 0.25, 0.35, -0.25, 0.049_999_999_999_999_996, -0.449_999_999_999_999_99,
                                0x1p49 + 0.05, -0x1p49 - 0.25, 0x1p52 / 10, 4.5e14 + 0.5, -4.5e14 - 0.25, 1e17 + 3, -1e17,
                                .leastNonzeroMagnitude, -.leastNormalMagnitude]
        values += (0..<5_000).map { _ in Double.random(in: -2_000...2_000, using: &generator) }
        values += (0..<1_000).map { _ in Double(Int.random(in: -100_000...100_000, using: &generator)) / 10 + 0.05 }
        // Ties and their neighbours, where rounding half away from zero is decided.
        values += (0..<2_000).flatMap { _ -> [Double] in
            let tie = (Double(Int.random(in: -10_000_000...10_000_000, using: &generator)) + 0.5) / 10
            return [tie, tie.nextUp, tie.nextDown]
        }
        var writer = MarkupWriter(capacity: 16)
        var expected = ""
        for value in values {
            writer.append(number: value)
            writer.append(byte: UInt8(ascii: " "))
            expected += MarkupText.number(value) + " "
        }
        #expect(writer.text == expected)
        var integers = MarkupWriter()
        integers.append(integer: -1234567890123)
        integers.append(" 0 ")
        integers.append(integer: 42)
        #expect(integers.text == "-1234567890123 0 42")
    }

    @Test func textsAreEscapedAsMarkupTextEscapesThem() {
        let texts = ["", "plain", "<b>Water & \"more\"</b>", "it's", "tab\tline\nreturn\r", "bell\u{7}null\u{0}", "Zürich 💧 \u{202E}",
                     String(repeating: "&<>", count: 3_000)]
        for text in texts {
            var writer = MarkupWriter(capacity: 1)
            writer.append("x")
            writer.append(text: text)
            writer.append(markup: "<i>")
            #expect(writer.text == "x" + MarkupText.escape(text) + "<i>", "\(text.prefix(40))")
        }
    }
}
