// libFuzzer target: ActivityReadSession — the format chosen by content (GPX, TCX, FIT), plain or
// compressed (gzip, bzip2, xz) — on arbitrary bytes, as one piece (`read(_:fileName:)`, strict
// and lenient) and fed in pieces of a size taken from the input's length (as `read(fileAt:)`
// streams a file), so the sniffing and the streaming parsers see every kind of chunk boundary.
// It may throw ReadError on any input; it must never crash, hang or allocate without bound.
// `make fuzz` runs it.
import RunFormats

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzActivityReadSession(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let whole = [UInt8](bytes)
    for isLenient in [false, true] {
        _ = try? ActivityReadSession.read(whole, fileName: "fuzz", options: ReadOptions(isLenient: isLenient))
    }
    // Pieces of 1 to 8,191 bytes, fixed by the length so a reproducer replays the same way.
    let pieceSize = 1 + Int(UInt(count) &* 2_654_435_761 % 8191)
    let session = ActivityReadSession(fileName: "fuzz")
    do {
        var offset = 0
        while offset < count {
            let end = min(count, offset + pieceSize)
            try session.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
            offset = end
        }
        _ = try session.finish()
    } catch {}
    return 0
}
