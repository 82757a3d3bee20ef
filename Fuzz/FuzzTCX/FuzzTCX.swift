// libFuzzer target: the TCX reader on arbitrary bytes (seeded with TCX files), whole and fed in
// pieces. It may throw ReadError on any input; it must never crash, hang or allocate without bound.
// `make fuzz` runs it.
import RunFormats

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzTCXReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    _ = try? TCXReader().read(bytes, fileName: "fuzz.tcx")
    // In pieces: the push parser's state across feeds.
    let session = TCXReadSession(fileName: "fuzz.tcx")
    let piece = max(1, count / 7)
    var offset = 0
    do {
        while offset < count {
            let end = min(offset + piece, count)
            try session.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
            offset = end
        }
        _ = try session.finish()
    } catch {}
    return 0
}
