import Foundation

/// Runs a program and returns its exit status and output.
package struct ProcessResult: Sendable {
    package var status: Int32
    package var output: String
    package var error: String
}

package enum ExternalTools {
    /// Runs `executable` with `arguments`; `stdin` is written to its standard input.
    package static func run(_ executable: String, _ arguments: [String], stdin: [UInt8]? = nil,
                           environment: [String: String]? = nil, currentDirectory: String? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin))
            try input.fileHandleForWriting.close()
        }
        // Read both pipes concurrently so a full pipe cannot block the child.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                             error: String(decoding: errorData, as: UTF8.self))
    }

    /// Validates a file with xmllint against a schema in the corpus (`gpx11.xsd`, `gpx11-plus-extensions.xsd`).
    /// - Returns: nil when valid, else xmllint's messages.
    package static func schemaErrors(of path: String, schema: String) throws -> String? {
        let result = try run("/usr/bin/xmllint", ["--nonet", "--noout", "--huge", "--schema",
                                                  SharedData.schemas.appendingPathComponent(schema).path, path])
        if result.status == 0 { return nil }
        return result.error.split(separator: "\n").filter { !$0.contains("Skipping import") }.prefix(5).joined(separator: "\n")
    }

    /// The built `runlog` executable next to the test bundle (or `RUNLOG_BINARY`).
    package static var runlogBinary: String {
        if let path = ProcessInfo.processInfo.environment["RUNLOG_BINARY"], !path.isEmpty { return path }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("runlog").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return SharedData.repositoryRoot.appendingPathComponent(".build/debug/runlog").path
    }
}
