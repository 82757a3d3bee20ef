/// The string literals of Swift source text, comments left out: each literal's own text (escapes
/// as written, interpolated code left out — a literal inside an interpolation is a literal of its
/// own) and the line it starts on. Handles `//` and nested `/* */` comments, `"…"`, `"""…"""` and
/// raw strings (`#"…"#`, `\#(…)`); enough for the sources of this package, not a full Swift lexer.
struct SwiftStringLiterals {
    struct Literal: Equatable {
        var line: Int
        var text: String
    }

    private(set) var literals: [Literal] = []
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
        scanCode(untilCloseParen: false)
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    private func starts(with text: String) -> Bool {
        var offset = 0
        for scalar in text.unicodeScalars {
            guard peek(offset) == scalar else { return false }
            offset += 1
        }
        return true
    }

    /// Code up to its end, or up to the `)` that closes an interpolation.
    private mutating func scanCode(untilCloseParen: Bool) {
        var depth = 0
        while let scalar = peek() {
            if starts(with: "//") {
                while let s = peek(), s != "\n" { advance() }
            } else if starts(with: "/*") {
                skipBlockComment()
            } else if scalar == "#" || scalar == "\"" {
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                if peek(hashes) == "\"" {
                    for _ in 0..<hashes { advance() }
                    scanString(hashes: hashes)
                } else {
                    advance()
                }
            } else if scalar == "(" {
                depth += 1; advance()
            } else if scalar == ")" {
                if untilCloseParen && depth == 0 { advance(); return }
                depth -= 1; advance()
            } else {
                advance()
            }
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while peek() != nil {
            if starts(with: "/*") { depth += 1; advance(); advance() }
            else if starts(with: "*/") { depth -= 1; advance(); advance(); if depth == 0 { return } }
            else { advance() }
        }
    }

    /// A literal from its opening quote(s), after `hashes` `#`s.
    private mutating func scanString(hashes: Int) {
        let startLine = line
        let isMultiline = starts(with: "\"\"\"")
        let quote = isMultiline ? "\"\"\"" : "\""
        for _ in quote.unicodeScalars { advance() }
        let closing = quote + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        var text = ""
        while peek() != nil {
            if starts(with: closing) {
                for _ in closing.unicodeScalars { advance() }
                break
            }
            if starts(with: escape) {
                for _ in escape.unicodeScalars { advance() }
                if peek() == "(" {
                    advance()
                    literals.append(Literal(line: startLine, text: text))   // the part before; the rest is another segment
                    text = ""
                    scanCode(untilCloseParen: true)
                    continue
                }
                if let escaped = peek() { text += escape + String(escaped); advance() }
                continue
            }
            text.unicodeScalars.append(peek()!)
            advance()
        }
        literals.append(Literal(line: startLine, text: text))
    }
}
