import Foundation

/// Where a streaming writer's bytes go.
public protocol ByteOutput: AnyObject {
    /// Writes all of `bytes`.
    /// - Throws: an error when the bytes cannot be written (disk full, closed pipe).
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Collects output in memory.
public final class MemoryOutput: ByteOutput {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
    /// The output as text (GPX output is UTF-8).
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// Writes to an open file descriptor (a file, a pipe, standard output). Does not close it.
public final class FileDescriptorOutput: ByteOutput {
    public let fileDescriptor: Int32
    public let name: String

    public init(fileDescriptor: Int32, name: String) {
        self.fileDescriptor = fileDescriptor
        self.name = name
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(message: "cannot write to \(name): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }
}

/// A write to a ``ByteOutput`` failed.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
