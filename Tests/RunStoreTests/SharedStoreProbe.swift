import Foundation
import TestSupport

/// A running `runlog-store-probe` (Tests/Probes/runlog-store-probe): reads its output line by
/// line as it comes, writes lines to its input, and kills it.
final class StoreProbe {
    /// The probe built beside the test bundle (`swift build` builds it), else in .build/debug, or
    /// `RUNLOG_STORE_PROBE`.
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["RUNLOG_STORE_PROBE"], !path.isEmpty { return path }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("runlog-store-probe").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return SharedData.repositoryRoot.appendingPathComponent(".build/debug/runlog-store-probe").path
    }

    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private var pending: [UInt8] = []
    private var reachedEnd = false
    /// Every line read so far.
    private(set) var lines: [String] = []

    /// Starts the probe with `arguments` (mode first).
    init(_ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw ProbeMissing(path: Self.binary)
        }
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        // At the lowest CPU priority: the kill test starts hundreds of probes while other tests
        // (some timing an import) run beside it.
        process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "RUNLOG_PROBE_NICE": "19"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// The next line of output, waiting for it; nil once the output has ended.
    func nextLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                lines.append(line)
                return line
            }
            if reachedEnd { return nil }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = read(output.fileHandleForReading.fileDescriptor, &buffer, buffer.count)
            if count > 0 {
                pending += buffer[..<count]
            } else if count == 0 || errno != EINTR {
                reachedEnd = true
            }
        }
    }

    /// Writes a line to the probe's input.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// SIGKILL, at once.
    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the probe to end, reading the rest of its output.
    /// - Returns: how it ended (`killed` when by SIGKILL), every line it printed, and its stderr.
    func finish() -> (status: Int32, killed: Bool, lines: [String], errors: String) {
        try? input.fileHandleForWriting.close()
        while nextLine() != nil {}
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return (process.terminationStatus, killed, lines, errorText)
    }
}

struct ProbeMissing: Error, CustomStringConvertible {
    var path: String
    var description: String { "runlog-store-probe is not built at \(path): run `swift build` first (make test does)" }
}
