package import Foundation

/// A request body written to a temporary file as it arrives, instead of memory: what an upload of
/// hundreds of megabytes costs the server is disk, not resident memory, however many arrive at
/// once (``HTTPHandler/spoolDirectory(for:)`` asks for it).
///
/// The file is unlinked as soon as it is made, so it has no name: it goes when its last
/// descriptor closes — when the last owner of this body (a queued import, say) lets it go, or
/// when the process ends, even by `kill -9`. Immutable once the body is complete; read it through
/// ``mapped()``.
package final class SpooledBody: Sendable {
    private let descriptor: Int32
    /// The body's size in bytes.
    package let count: Int
    /// The folder the file was made in.
    package let directory: String
    /// `errno` of the write that failed (a full disk …), or nil when the whole body is in the file.
    package let writeError: Int32?

    init(descriptor: Int32, count: Int, directory: String, writeError: Int32?) {
        self.descriptor = descriptor
        self.count = count
        self.directory = directory
        self.writeError = writeError
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The body mapped into memory, read-only: its pages are the file's, loaded as they are read
    /// and dropped by the system when memory is short, and gone when the mapping is released.
    /// - Throws: ``SpoolError`` when the body is not all there (``writeError``) or cannot be mapped.
    package func mapped() throws -> MappedBytes {
        if let writeError { throw SpoolError(operation: "write", errorNumber: writeError, directory: directory) }
        guard count > 0 else { return MappedBytes(base: nil, count: 0) }
        guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw SpoolError(operation: "map", errorNumber: errno, directory: directory)
        }
        return MappedBytes(base: UnsafeRawPointer(base), count: count)
    }
}

/// A read-only mapping of a ``SpooledBody``, unmapped in `deinit`. `@unchecked Sendable`: the
/// bytes are never written after mapping, so any thread may read them without a lock.
package final class MappedBytes: @unchecked Sendable {
    private let base: UnsafeRawPointer?
    package let count: Int

    init(base: UnsafeRawPointer?, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) } }

    /// Calls `body` with the bytes, the mapping kept alive until it returns (a pointer to them
    /// must not outlive the mapping, which ARC may release after its last use).
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(self) { try body(UnsafeRawBufferPointer(start: base, count: base == nil ? 0 : count)) }
    }

    /// Bytes of the mapping as `Data`, not copied: the `Data` keeps the mapping alive.
    package func data(_ range: Range<Int>) -> Data {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range inside the mapping")
        guard let base, !range.isEmpty else { return Data() }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base + range.lowerBound), count: range.count,
                    deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
    }
}

/// A spooled body could not be written or read: the system's `errno` and what was being done.
package struct SpoolError: Error, Sendable, CustomStringConvertible {
    /// `create`, `write` or `map`.
    package var operation: String
    package var errorNumber: Int32
    /// The folder bodies are spooled into.
    package var directory: String

    package var description: String {
        "cannot \(operation) a request body's temporary file in \(directory): \(String(cString: strerror(errorNumber)))"
    }
}

/// Writes a body into a new unlinked temporary file as its pieces arrive (one connection's
/// thread at a time); after a failed write it only counts.
final class SpoolWriter {
    private var descriptor: Int32
    private let directory: String
    private(set) var count = 0
    private var writeError: Int32?
    /// The body's share of a ``SpoolBudget`` (given back with the writer), told of each write.
    private let reservation: SpoolReservation?

    /// Makes the file in `directory` (`mkstemp`, mode 0600) and unlinks it at once.
    init(directory: String, reservation: SpoolReservation? = nil) {
        self.directory = directory
        self.reservation = reservation
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast()) + Array("runlog-body-XXXXXX".utf8CString)
        descriptor = mkstemp(&template)
        if descriptor < 0 {
            writeError = errno
        } else {
            unlink(template)
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    func append(_ bytes: UnsafeRawBufferPointer) {
        count += bytes.count
        guard writeError == nil, var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = write(descriptor, base, left)
            if written < 0 {
                if errno == EINTR { continue }
                writeError = errno
                return
            }
            left -= written
            base += written
            reservation?.noteWritten(written)
        }
    }

    /// The body, handing the file over.
    func finish() -> SpooledBody {
        let body = SpooledBody(descriptor: descriptor, count: count, directory: directory, writeError: writeError)
        descriptor = -1
        return body
    }
}

extension SpooledBody {
    /// A body already in memory written to a spool file in `directory` (a request whose route did
    /// not spool it, a test's bytes), so it is handled like one that arrived spooled.
    package static func spooling(_ bytes: [UInt8], in directory: String) -> SpooledBody {
        let writer = SpoolWriter(directory: directory)
        bytes.withUnsafeBytes { writer.append($0) }
        return writer.finish()
    }
}
