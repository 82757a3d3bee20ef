// libFuzzer target: GPXReader on arbitrary bytes, strict and lenient. It may throw ReadError on
// any input; it must never crash, hang or allocate without bound. `make fuzz` runs it.
import RunFormats

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzGPXReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    for skipsInvalidPoints in [false, true] {
        let reader = GPXReader(options: GPXReader.Options(skipsInvalidPoints: skipsInvalidPoints))
        _ = try? reader.read(bytes, fileName: "fuzz.gpx")
    }
    return 0
}
