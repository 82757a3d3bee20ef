import Foundation

/// Reads a file in fixed-size chunks with POSIX `read(2)` into one reusable buffer.
public enum ChunkedFile {
    /// Size of each chunk in bytes.
    public static let chunkSize = 256 * 1024

    /// Calls `body` with each chunk of the file, in order.
    /// - Throws: ``ReadError`` with code `.io` when the file cannot be opened or read, or what `body` throws.
    /// `path` `-` reads standard input.
    public static func forEachChunk(ofFileAt path: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ReadError(code: .io, message: "cannot open the file: \(String(cString: strerror(errno)))", file: path)
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw ReadError(code: .io, message: "is a directory, not a file", file: path)
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer.baseAddress, chunkSize)
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(code: .io, message: "cannot read the file: \(String(cString: strerror(errno)))", file: path)
            }
            if n == 0 { break }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
    }
}
