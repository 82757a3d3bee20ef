// libFuzzer target: RunHTTP's multipart/form-data parser (MultipartForm), as the web reads an
// upload — walked in place on its spooled file (scan), its CSRF token read alone (field) — and
// as a form parsed whole. The input's first line (up to '\n', a '\r' before it dropped) is the
// request's Content-Type, so the header's parameters (HeaderParameters) are fuzzed too; the rest
// is the body. The seeds (Fuzz/seeds/FuzzMultipart) start with "multipart/form-data; boundary=…".
// It checks what must hold for any input and traps otherwise:
// - a form is either read or refused with a FormError;
// - each part's body is bytes of the request's body, in order, and no two parts overlap;
// - a part's file name never holds '/' or '\' (the web names a run after it);
// - the walk in place sees the parts the whole parse gives, and `field` the first such field's text.
// `make fuzz` runs it; `make test` runs it briefly.
import RunHTTP

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzMultipartForm(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? count
    var header = input[..<newline]
    if header.last == UInt8(ascii: "\r") { header = header.dropLast() }
    let contentType = String(decoding: header, as: UTF8.self)
    let body = [UInt8](input[min(count, newline + 1)...])
    let form: MultipartForm
    do {
        form = try MultipartForm(body: body, contentType: contentType)
    } catch is FormError {
        _ = body.withUnsafeBytes { MultipartForm.field("csrf", in: $0, contentType: contentType) }
        return 0
    } catch {
        fatalError("MultipartForm threw something other than a FormError: \(error)")
    }
    var searchFrom = 0
    for part in form.parts {
        if let fileName = part.fileName {
            require(!fileName.contains("/") && !fileName.contains("\\"), "file name \(fileName)")
        }
        guard !part.body.isEmpty else { continue }
        guard let at = find(part.body, in: body, from: searchFrom) else {
            fatalError("a part's \(part.body.count) bytes are not in the body after byte \(searchFrom)")
        }
        searchFrom = at + part.body.count
    }
    // The walk in place, as an upload is read from its file, and the token read alone.
    var locations: [MultipartForm.PartLocation] = []
    let token = body.withUnsafeBytes { raw -> String? in
        do {
            try MultipartForm.scan(raw, contentType: contentType) { locations.append($0); return true }
        } catch {
            fatalError("the walk refused a body the whole parse read: \(error)")
        }
        return MultipartForm.field("csrf", in: raw, contentType: contentType)
    }
    require(locations.count == form.parts.count, "the walk saw \(locations.count) parts, the parse \(form.parts.count)")
    for (location, part) in zip(locations, form.parts) {
        require(location.name == part.name && location.fileName == part.fileName && location.contentType == part.contentType
                && body[location.range].elementsEqual(part.body), "the walk's part \(location.name) differs from the parse's")
    }
    require(token == form.parts.first { $0.name == "csrf" && $0.fileName == nil }?.text, "field(csrf) is \(String(describing: token))")
    return 0
}

/// The first occurrence of `needle` in `haystack` at or after `start` (plainly: the fuzz target
/// does not trust the parser's own search).
private func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard needle.count <= haystack.count - start else { return nil }
    for i in start...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
    return nil
}

/// A property every input must keep: a fault with its description when it does not (fatalError,
/// which a release build prints, unlike precondition's message).
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
