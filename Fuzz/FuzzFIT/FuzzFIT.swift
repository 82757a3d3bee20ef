// libFuzzer target: FITReader on arbitrary bytes, refusing a damaged file and keeping its decoded
// part. It may throw ReadError on any input; it must never crash, hang or allocate without bound.
// `make fuzz` runs it.
import RunFormats

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzFITReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    for keepsDecodedPart in [false, true] {
        let reader = FITReader(options: FITReader.Options(keepsDecodedPartOfDamagedFile: keepsDecodedPart))
        _ = try? reader.read(bytes, fileName: "fuzz.fit")
    }
    return 0
}
