
/// A JSON value with deterministic output (keys sorted), for `--json` and the API.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int64)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// `nil` becomes `null`.
    package static func from(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
    package static func from(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    package static func from(_ value: Int?) -> JSONValue { value.map { .integer(Int64($0)) } ?? .null }

    /// Compact or indented JSON text; object keys sorted.
    package func text(pretty: Bool = true) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .number(let d): out += Self.number(d)
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                Self.quote(key, into: &out)
                out += pretty ? ": " : ":"
                members[key]!.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    /// At most 15 significant digits (so 380.20000000000005 prints as 380.2), no exponent;
    /// integers without `.0`; non-finite values as `null`.
    private static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return DecimalText.format(d)
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue: Decodable {
    /// Reads any JSON value (to carry stored JSON, such as a search definition, into output).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null
        } else if let b = try? c.decode(Bool.self) { self = .bool(b)
        } else if let i = try? c.decode(Int64.self) { self = .integer(i)
        } else if let d = try? c.decode(Double.self) { self = .number(d)
        } else if let s = try? c.decode(String.self) { self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) { self = .array(a)
        } else { self = .object(try c.decode([String: JSONValue].self)) }
    }
}
