import Foundation

/// Where a streaming writer's bytes go.
package protocol ByteOutput: AnyObject {
    /// Writes all of `bytes`.
    /// - Throws: an error when the bytes cannot be written (disk full, closed pipe): an
    ///   ``OutputError`` from the file sinks.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Collects output in memory.
package final class MemoryOutput: ByteOutput {
    package private(set) var bytes: [UInt8] = []
    package init() {}
    package func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
    /// The output as text (GPX output is UTF-8).
    package var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// Writes to an open file descriptor (a file, a pipe, standard output). Does not close it.
package final class FileDescriptorOutput: ByteOutput {
    package let fileDescriptor: Int32
    package let name: String

    package init(fileDescriptor: Int32, name: String) {
        self.fileDescriptor = fileDescriptor
        self.name = name
    }

    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(file: name, errorNumber: errno)
            }
            offset += n
        }
    }
}
