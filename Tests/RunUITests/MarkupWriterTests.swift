import Foundation
import RunUI
import Testing
import TestSupport

/// `MarkupWriter` writes what `MarkupText` writes: numbers as `number(_:)`, texts as `escape(_:)`.
@Suite struct MarkupWriterTests {
    @Test func numbersAreWrittenAsMarkupTextWritesThem() {
        var generator = SeededGenerator(state: 3)
        var values: [Double] = [0, -0.0, 0.04, 0.05, -0.04, -0.05, 0.15, 1, -1, 9.95, 10, 99.99, 123.45, -123.45, 799.96, 1e6, -1e12, 1e16,
                                .nan, .infinity, -.infinity, 0.1 + 0.2, 0.25, 0.35, -0.25]
        values += (0..<5_000).map { _ in Double.random(in: -2_000...2_000, using: &generator) }
        values += (0..<1_000).map { _ in Double(Int.random(in: -100_000...100_000, using: &generator)) / 10 + 0.05 }
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
