import Foundation
import RunCore

/// Header fields of a mail message as RFC 5322 and MIME write them.
enum MailHeaderText {
    /// Bytes of UTF-8 per encoded-word: 30 bytes are 40 base64 characters, so a word is 52
    /// characters and a line with `Subject: ` stays under 78 (RFC 2047 §2 allows 75 per word).
    static let bytesPerEncodedWord = 30

    /// An unstructured field (`Subject`): as is when it is printable ASCII, else RFC 2047
    /// encoded-words (`=?utf-8?B?…?=`, split between characters), one per folded line.
    static func unstructured(_ name: String, _ value: String) -> String {
        let printable = value.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value < 127 }
        if printable && name.count + 2 + value.count <= 78 { return name + ": " + value }
        if printable { return name + ": " + fold(value, firstLineUsed: name.count + 2) }
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in value {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > bytesPerEncodedWord {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(encodedWord(chunk)) }
        return name + ": " + words.joined(separator: "\r\n ")
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String { "=?utf-8?B?" + Data(bytes).base64EncodedString() + "?=" }

    /// Printable text folded at spaces (RFC 5322 §2.2.3) so that lines stay within 78 characters
    /// where the words allow.
    private static func fold(_ value: String, firstLineUsed: Int) -> String {
        var lines: [String] = [""]
        var used = firstLineUsed
        for (i, word) in value.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if i > 0 && used + 1 + word.count > 78 {
                lines.append("")
                used = 0
            }
            if i > 0 { lines[lines.count - 1] += " "; used += 1 }
            lines[lines.count - 1] += word
            used += word.count
        }
        return lines.joined(separator: "\r\n")
    }

    /// `Content-Type: type; name="x"` or with a parameter in RFC 2231 form when the value is not
    /// plain ASCII: `name*=utf-8''%C3%BC…`, split into numbered continuations
    /// (`name*0*=…; name*1*=…`) so that no line exceeds 78 characters.
    static func parameterized(_ field: String, _ value: String, name: String, value parameter: String) -> String {
        let plain = parameter.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value < 127 }
        if plain {
            let quoted = "\"" + parameter.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            if field.count + value.count + name.count + quoted.count + 5 <= 78 { return "\(field): \(value); \(name)=\(quoted)" }
            if quoted.count + name.count + 3 <= 78 { return "\(field): \(value);\r\n \(name)=\(quoted)" }
        }
        var encoded = "utf-8''"
        for byte in parameter.utf8 {
            if byte < 128, isAttributeCharacter(UInt8(byte)) { encoded.append(Character(Unicode.Scalar(byte))) }
            else { encoded += String(format: "%%%02X", byte) }
        }
        if encoded.count + name.count + 3 <= 76 { return "\(field): \(value);\r\n \(name)*=\(encoded)" }
        var pieces: [String] = []
        var rest = Substring(encoded)
        while !rest.isEmpty {
            var end = rest.index(rest.startIndex, offsetBy: min(60, rest.count))
            // Never split a %XX triplet.
            if let percent = rest[..<end].suffix(2).firstIndex(of: "%") { end = percent }
            pieces.append(String(rest[..<end]))
            rest = rest[end...]
        }
        let parameters = pieces.enumerated().map { "\(name)*\($0.offset)*=\($0.element)" }
        return "\(field): \(value);\r\n " + parameters.joined(separator: ";\r\n ")
    }

    /// RFC 2231 `attribute-char`: any printable ASCII but space, `*`, `'`, `%` and the MIME specials.
    private static func isAttributeCharacter(_ byte: UInt8) -> Bool {
        guard byte > 32 && byte < 127 else { return false }
        return !"*'%()<>@,;:\\\"/[]?=".utf8.contains(byte)
    }

    /// `Sat, 02 May 2026 07:31:00 +0200` (RFC 5322 §3.3), in English whatever the locale.
    static func date(seconds: Double, utcOffsetSeconds: Int) -> String {
        let local = Int(seconds.rounded(.down)) + utcOffsetSeconds
        var days = local / 86_400
        var second = local % 86_400
        if second < 0 { second += 86_400; days -= 1 }
        let (year, month, day) = UTCDateTime.civilFromDays(days)
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let offset = abs(utcOffsetSeconds) / 60
        return String(format: "%@, %02d %@ %04d %02d:%02d:%02d %@%02d%02d", weekdays[weekday], day, months[month - 1], year,
                      second / 3600, second / 60 % 60, second % 60, utcOffsetSeconds < 0 ? "-" : "+", offset / 60, offset % 60)
    }

    /// Random lowercase hexadecimal digits, `count` bytes' worth.
    static func randomHex(_ count: Int) -> String {
        (0..<count).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }
}
