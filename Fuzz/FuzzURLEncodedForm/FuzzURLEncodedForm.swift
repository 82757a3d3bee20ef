// libFuzzer target: RunHTTP's application/x-www-form-urlencoded parser (URLEncodedForm), the
// header-parameter parser (HeaderParameters) and the Content-Disposition writer
// (ContentDisposition), on any body. It checks what must hold for any input and traps otherwise:
// - every value percent-encoded again and parsed gives back the same names and values, in order
//   (the decoder loses nothing it is given, and reads what a browser sends);
// - a header's parameter names are lowercased and its value holds no ';';
// - the Content-Disposition made of any value is printable ASCII (no CR or LF to split a
//   header, no bidirectional-text control), and its filename* decodes to the name without those
//   controls.
// `make fuzz` runs it; `make test` runs it briefly.
import Foundation
import RunHTTP

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzURLEncodedForm(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let body = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let form = URLEncodedForm(body)
    let pairs = form.pairs
    let again = URLEncodedForm(Array(pairs.map { percentEncoded($0.name) + "=" + percentEncoded($0.value) }.joined(separator: "&").utf8))
    require(again.pairs.map(\.name) == pairs.map(\.name) && again.pairs.map(\.value) == pairs.map(\.value),
                 "the form percent-encoded again reads differently")
    _ = form.values
    for (name, value) in pairs.prefix(64) {
        let parameters = HeaderParameters(value)
        require(!parameters.value.contains(";") && parameters.value == parameters.value.lowercased(), "header value \(parameters.value)")
        require(parameters.parameters.keys.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty }, "parameter names \(parameters.parameters.keys)")
        checkContentDisposition(fileName: name.isEmpty ? value : name)
    }
    return 0
}

/// Every byte but the unreserved ones as `%XX` (a space too, not `+`).
private func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            let hex = Array("0123456789ABCDEF".utf8)
            out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
        }
    }
    return out
}

private func checkContentDisposition(fileName: String) {
    let header = ContentDisposition.attachment(fileName: fileName)
    require(header.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "Content-Disposition \(header) is not printable ASCII")
    let withoutControls = String(String.UnicodeScalarView(fileName.unicodeScalars.filter { !$0.properties.isBidiControl }))
    let marker = "; filename*=UTF-8''"
    // The last one: the plain filename="…" before it may hold the same words, filename* cannot.
    guard let range = header.range(of: marker, options: .backwards) else { return }
    let encoded = header[range.upperBound...]
    var bytes: [UInt8] = []
    var index = encoded.utf8.startIndex
    while index < encoded.utf8.endIndex {
        let byte = encoded.utf8[index]
        if byte == UInt8(ascii: "%") {
            let high = encoded.utf8.index(after: index), low = encoded.utf8.index(after: high)
            bytes.append(UInt8(String(decoding: encoded.utf8[high...low], as: UTF8.self), radix: 16)!)
            index = encoded.utf8.index(after: low)
        } else {
            bytes.append(byte)
            index = encoded.utf8.index(after: index)
        }
    }
    require(String(decoding: bytes, as: UTF8.self) == withoutControls, "filename* of \(fileName.debugDescription) decodes differently")
}

/// A property every input must keep: a fault with its description when it does not (fatalError,
/// which a release build prints, unlike precondition's message).
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
