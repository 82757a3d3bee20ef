internal import CArchive

/// The one owner of a libarchive read handle (`struct archive *`), freed in `deinit`.
///
/// Every filter it enables is compiled into libarchive: a filter libarchive would run as an
/// outside program (`archive_read_support_filter_*` answering `ARCHIVE_WARN`) is refused, so
/// reading a file never starts a process. The bytes it reads from memory are not copied: they
/// must outlive the handle, which is why every use is confined to one function call.
final class ArchiveReadHandle {
    let pointer: OpaquePointer
    private let fileName: String

    /// A handle for `fileName` (the name messages give). - Throws: ``ReadError`` `.badArchive` if libarchive cannot allocate one.
    init(fileName: String) throws(ReadError) {
        guard let pointer = archive_read_new() else {
            throw ReadError(code: .badArchive, message: "libarchive could not start reading", file: fileName)
        }
        self.pointer = pointer
        self.fileName = fileName
    }

    deinit { archive_read_free(pointer) }

    /// Enables decompression of `compression` (built in, never an outside program).
    func enable(_ compression: Compression) throws(ReadError) {
        let status: Int32
        switch compression {
        case .gzip: status = archive_read_support_filter_gzip(pointer)
        case .bzip2: status = archive_read_support_filter_bzip2(pointer)
        case .xz: status = archive_read_support_filter_xz(pointer)
        }
        guard status == ARCHIVE_OK else {
            throw ReadError(code: .unsupportedFormat,
                            message: "this system's libarchive cannot decompress \(compression) by itself (\(errorMessage))",
                            file: fileName)
        }
    }

    /// Enables the "raw" format: the decompressed bytes as one member (compressed single files).
    func enableRawFormat() throws(ReadError) { try check(archive_read_support_format_raw(pointer)) }

    /// Enables the zip (seekable: the central directory is read) and tar (ustar, pax, GNU) formats.
    func enableArchiveFormats() throws(ReadError) {
        try check(archive_read_support_format_zip(pointer))
        try check(archive_read_support_format_tar(pointer))
    }

    /// Starts reading `bytes`, which must stay valid until the handle is released.
    func open(_ bytes: UnsafeRawBufferPointer) throws(ReadError) {
        // libarchive reads nothing from a null pointer even for zero bytes: give it a valid one.
        var empty: UInt8 = 0
        let status = withUnsafeMutablePointer(to: &empty) { emptyPointer in
            archive_read_open_memory(pointer, bytes.baseAddress ?? UnsafeRawPointer(emptyPointer), bytes.count)
        }
        try check(status)
    }

    /// libarchive's description of the last error, or a generic one.
    var errorMessage: String {
        guard let text = archive_error_string(pointer) else { return "unknown libarchive error" }
        return String(cString: text)
    }

    private func check(_ status: Int32) throws(ReadError) {
        guard status == ARCHIVE_OK else {
            let said = errorMessage
            if said.contains("too many filters") {
                // libarchive unpacks a few layers of compression at once, not an unbounded stack.
                throw ReadError(code: .badArchive, message: "compressed too many times over (a file compressed again and again is "
                                + "not an activity file this version reads; libarchive: \(said))", file: fileName)
            }
            throw ReadError(code: .badArchive, message: "cannot be read as an archive: \(said)", file: fileName)
        }
    }
}
