// TEMPORARY stand-ins until the FIT, TCX and archive branches are merged.
public import RunCore
public struct FITReader: ActivityFileReader {
    public struct Options: Sendable { public var keepsDecodedPartOfDamagedFile = false
        public init(keepsDecodedPartOfDamagedFile: Bool = false) { self.keepsDecodedPartOfDamagedFile = keepsDecodedPartOfDamagedFile } }
    public static let format = ActivityFileFormat.fit
    public var options: Options
    public init(options: Options = Options()) { self.options = options }
    public func read(_ bytes: UnsafeRawBufferPointer, fileName: String) throws -> ActivityReadResult {
        throw ReadError(code: .unsupportedFormat, message: "FIT pending", file: fileName)
    }
}
public final class TCXReadSession {
    let fileName: String
    public init(fileName: String) { self.fileName = fileName }
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {}
    public func finish() throws -> ActivityReadResult { throw ReadError(code: .unsupportedFormat, message: "TCX pending", file: fileName) }
}
