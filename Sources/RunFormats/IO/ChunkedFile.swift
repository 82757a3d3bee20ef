import Foundation

/// Reads a file in fixed-size chunks with POSIX `read(2)` into one reusable buffer.
package enum ChunkedFile {
    /// Size of each chunk in bytes.
    package static let chunkSize = 256 * 1024

    /// Calls `body` with each chunk of the file, in order.
    /// - Throws: ``ReadError`` with code `.io` when the file cannot be opened or read, or what `body` throws.
    /// `path` `-` reads standard input.
    package static func forEachChunk(ofFileAt path: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
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

    /// The first `count` bytes of a file (fewer when it is shorter), to tell its kind before
    /// reading it; nil when it cannot be opened or read.
    package static func head(ofFileAt path: String, count: Int = 4096) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes.prefix(filled))
    }
}
