public import RunUI

/// A piece of HTML. Built with string interpolation that escapes by default: `"<b>\(name)</b>"`
/// escapes `name`; only other ``HTML`` values, numbers and ``SVGMarkup`` drawn by RunUI (which
/// escapes its own texts) go in unescaped. So text from a run, a file or a user cannot become markup.
public struct HTML: ExpressibleByStringInterpolation, Sendable, CustomStringConvertible {
    public private(set) var text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }
    /// An empty piece.
    public static let empty = HTML(stringLiteral: "")

    public var description: String { text }

    public static func + (a: HTML, b: HTML) -> HTML {
        var result = a
        result.text += b.text
        return result
    }

    public static func += (a: inout HTML, b: HTML) { a.text += b.text }

    /// Pieces one after another.
    public static func join(_ pieces: [HTML]) -> HTML {
        var result = HTML.empty
        for piece in pieces { result.text += piece.text }
        return result
    }

    public struct Interpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        public mutating func appendLiteral(_ literal: String) { text += literal }
        /// Text: escaped.
        public mutating func appendInterpolation(_ value: String) { text += MarkupText.escape(value) }
        public mutating func appendInterpolation(_ value: String?) { text += MarkupText.escape(value ?? "") }
        public mutating func appendInterpolation(_ value: HTML) { text += value.text }
        public mutating func appendInterpolation(_ values: [HTML]) { for value in values { text += value.text } }
        public mutating func appendInterpolation(_ value: Int) { text += String(value) }
        public mutating func appendInterpolation(_ value: Int64) { text += String(value) }
        public mutating func appendInterpolation(_ svg: SVGMarkup) { text += svg.text }
    }
}

/// SVG drawn by RunUI's drawings, whose texts are escaped as they are written.
public struct SVGMarkup: Sendable {
    let text: String
    public init(_ map: TrackMapDrawing) { text = map.svg }
    public init(_ chart: LineChartDrawing) { text = chart.svg }
}
