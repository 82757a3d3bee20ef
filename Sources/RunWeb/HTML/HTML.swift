package import RunUI

/// A piece of HTML. Built with string interpolation that escapes by default: `"<b>\(name)</b>"`
/// escapes `name`; only other ``HTML`` values, numbers and ``SVGMarkup`` drawn by RunUI (which
/// escapes its own texts) go in unescaped. So text from a run, a file or a user cannot become markup.
package struct HTML: ExpressibleByStringInterpolation, Sendable, CustomStringConvertible {
    package private(set) var text: String

    package init(stringLiteral value: String) { text = value }
    package init(stringInterpolation: Interpolation) { text = stringInterpolation.text }
    /// An empty piece.
    package static let empty = HTML(stringLiteral: "")

    package var description: String { text }

    package static func + (a: HTML, b: HTML) -> HTML {
        var result = a
        result.text += b.text
        return result
    }

    package static func += (a: inout HTML, b: HTML) { a.text += b.text }

    /// Markup written through a `MarkupWriter`, which escapes texts as it writes them.
    package init(_ writer: borrowing MarkupWriter) { text = writer.text }

    /// Pieces one after another.
    package static func join(_ pieces: [HTML]) -> HTML {
        var result = HTML.empty
        for piece in pieces { result.text += piece.text }
        return result
    }

    package struct Interpolation: StringInterpolationProtocol {
        var text = ""

        package init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        package mutating func appendLiteral(_ literal: String) { text += literal }
        /// Text: escaped.
        package mutating func appendInterpolation(_ value: String) { text += MarkupText.escape(value) }
        package mutating func appendInterpolation(_ value: String?) { text += MarkupText.escape(value ?? "") }
        package mutating func appendInterpolation(_ value: HTML) { text += value.text }
        package mutating func appendInterpolation(_ values: [HTML]) { for value in values { text += value.text } }
        package mutating func appendInterpolation(_ value: Int) { text += String(value) }
        package mutating func appendInterpolation(_ value: Int64) { text += String(value) }
        package mutating func appendInterpolation(_ svg: SVGMarkup) { text += svg.text }
    }
}

/// SVG drawn by RunUI's drawings, whose texts are escaped as they are written.
package struct SVGMarkup: Sendable {
    let text: String
    package init(_ map: TrackMapDrawing) { text = map.svg }
    package init(_ chart: LineChartDrawing) { text = chart.svg }
    package init(_ chart: BarChartDrawing) { text = chart.svg }
}
