import Foundation
import Synchronization

/// A program running beside a test: its standard output and error are collected as they come, and
/// the test can wait for a condition on them, signal the process, and wait for its end.
package final class BackgroundProcess: Sendable {
    private let process: Process
    private let output = Collected()
    private let error = Collected()

    private final class Collected: Sendable {
        let bytes = Mutex<[UInt8]>([])
    }
    private let readers = DispatchGroup()

    /// Starts `executable` with `arguments`.
    package init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        self.process = process
        for (pipe, buffer) in [(out, output), (err, error)] {
            readers.enter()
            let handle = pipe.fileHandleForReading
            let group = readers
            Thread {
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    buffer.bytes.withLock { $0 += data }
                }
                group.leave()
            }.start()
        }
    }

    package var pid: Int32 { process.processIdentifier }
    package var outputText: String { output.bytes.withLock { String(decoding: $0, as: UTF8.self) } }
    package var errorText: String { error.bytes.withLock { String(decoding: $0, as: UTF8.self) } }
    /// Complete lines of standard output so far.
    package var outputLines: [String] {
        let text = outputText
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()   // the unfinished line (empty when the text ends with a newline)
        return lines
    }

    /// Polls `condition` every 20 ms until it holds or `timeout` passes.
    /// - Returns: whether it held.
    @discardableResult
    package func waitUntil(timeout: Double, _ condition: (BackgroundProcess) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(self) { return true }
            usleep(20_000)
        }
        return condition(self)
    }

    package func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the end (killing it after `timeout`) and for its output.
    /// - Returns: the exit status (or the signal's number for a killed process).
    @discardableResult
    package func wait(timeout: Double = 60) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        readers.wait()
        return process.terminationStatus
    }

    package var isRunning: Bool { process.isRunning }
}
