// libFuzzer target: the TCX reader on arbitrary bytes (seeded with TCX files), strict and lenient.
// It may throw ReadError on any input; it must never crash, hang or allocate without bound.
// `make fuzz` runs it.
//
// Until the TCX branch's `TCXReader` is merged, the bytes go through ActivityReadSession, which
// hands a <TrainingCenterDatabase> document to the TCX read session (and anything else to the
// reader its content calls for). Once it is: `try? TCXReader().read(bytes, fileName: "fuzz.tcx")`.
import RunFormats

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTCXReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let whole = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    for isLenient in [false, true] {
        _ = try? ActivityReadSession.read(whole, fileName: "fuzz.tcx", options: ReadOptions(isLenient: isLenient))
    }
    return 0
}
