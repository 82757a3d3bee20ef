package import RunFormats
import Foundation

/// Where the CLI's output goes: text for people on standard output (buffered until ``flush()``),
/// messages on standard error (at once), and raw bytes (GPX) on standard output.
package final class Console {
    private let outputFD: Int32
    private let errorFD: Int32
    private var outputBuffer: [UInt8] = []
    private var capturedOutput: [UInt8]?
    private var capturedError: [UInt8]?
    /// Why writing to standard output failed (a full disk, a closed file), if it did: the command
    /// then fails, even when everything else went well.
    package private(set) var outputError: OutputError?
    /// Whether standard error is a terminal (progress lines are shown only then).
    package let isErrorTerminal: Bool
    /// Standard input's file descriptor, for `-` arguments.
    package let inputFD: Int32
    /// What a capturing console's standard input holds (nil: it is a terminal with nothing typed).
    private let capturedInput: [UInt8]?

    /// The process's real standard streams.
    package static func standard() -> Console {
        Console(outputFD: STDOUT_FILENO, errorFD: STDERR_FILENO, inputFD: STDIN_FILENO,
                isErrorTerminal: isatty(STDERR_FILENO) == 1, capturing: false, input: nil)
    }

    /// A console that keeps everything in memory, for tests.
    /// - Parameter input: what standard input holds, as if piped in (nil: a terminal).
    package static func capturing(input: [UInt8]? = nil) -> Console {
        Console(outputFD: -1, errorFD: -1, inputFD: STDIN_FILENO, isErrorTerminal: false, capturing: true, input: input)
    }

    private init(outputFD: Int32, errorFD: Int32, inputFD: Int32, isErrorTerminal: Bool, capturing: Bool, input: [UInt8]?) {
        self.outputFD = outputFD
        self.errorFD = errorFD
        self.inputFD = inputFD
        self.isErrorTerminal = isErrorTerminal
        capturedInput = input
        if capturing { capturedOutput = []; capturedError = [] }
    }

    /// Whether standard input is a pipe or a socket — the previous step of a pipeline or a
    /// workflow tool — rather than a terminal, a file or `/dev/null` (a `while read` loop's
    /// redirected file is then left to the loop).
    package var isInputPipe: Bool {
        if capturedOutput != nil { return capturedInput != nil }
        var status = stat()
        guard fstat(inputFD, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFSOCK
    }

    /// Whether standard input is a terminal a person types at (never for a capturing console).
    package var isInputTerminal: Bool { capturedOutput == nil && isatty(inputFD) == 1 }

    /// Reads standard input to its end.
    /// - Parameter limit: the most bytes accepted.
    /// - Throws: a failure (exit 1) when it cannot be read or holds more than `limit` bytes.
    package func readInput(limit: Int) throws -> [UInt8] {
        if capturedOutput != nil { return capturedInput ?? [] }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(inputFD, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw CommandFailure("cannot read standard input: \(String(cString: strerror(errno)))") }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw CommandFailure("standard input holds more than \(limit) bytes") }
        }
    }

    /// Text captured from standard output (capturing consoles only).
    package var outputText: String { String(decoding: capturedOutput ?? [], as: UTF8.self) }
    /// Text captured from standard error (capturing consoles only).
    package var errorText: String { String(decoding: capturedError ?? [], as: UTF8.self) }
    /// Bytes captured from standard output.
    package var outputBytes: [UInt8] { capturedOutput ?? [] }

    /// Appends a line to standard output.
    package func print(_ line: String = "") {
        outputBuffer.append(contentsOf: line.utf8)
        outputBuffer.append(10)
        if outputBuffer.count > 64 * 1024 { flush() }
    }

    /// Writes a line to standard error at once.
    package func error(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(10)
        writeError(bytes)
    }

    /// Writes a progress line on a terminal's standard error, replacing the previous one.
    package func progress(_ line: String) {
        guard isErrorTerminal else { return }
        writeError(Array(("\r\u{1B}[K" + line).utf8))
    }

    /// Clears the progress line.
    package func endProgress() {
        guard isErrorTerminal else { return }
        writeError(Array("\r\u{1B}[K".utf8))
    }

    /// Writes buffered standard output.
    package func flush() {
        guard !outputBuffer.isEmpty else { return }
        if capturedOutput != nil {
            capturedOutput!.append(contentsOf: outputBuffer)
        } else {
            if let failure = outputBuffer.withUnsafeBytes({ Self.writeAll($0, to: outputFD) }), outputError == nil {
                outputError = OutputError(file: "standard output", errorNumber: failure)
            }
        }
        outputBuffer.removeAll(keepingCapacity: true)
    }

    /// Standard output as a byte sink (flushes text first).
    package func standardOutput() -> any ByteOutput {
        flush()
        if capturedOutput != nil { return CapturedOutput(console: self) }
        return FileDescriptorOutput(fileDescriptor: outputFD, name: "standard output")
    }

    fileprivate func appendCaptured(_ bytes: UnsafeRawBufferPointer) { capturedOutput!.append(contentsOf: bytes) }

    private func writeError(_ bytes: [UInt8]) {
        if capturedError != nil { capturedError!.append(contentsOf: bytes); return }
        _ = bytes.withUnsafeBytes { Self.writeAll($0, to: errorFD) }
    }

    /// - Returns: nil, or why the write failed (`errno`).
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }
}

private final class CapturedOutput: ByteOutput {
    let console: Console
    init(console: Console) { self.console = console }
    func write(_ bytes: UnsafeRawBufferPointer) throws { console.appendCaptured(bytes) }
}
