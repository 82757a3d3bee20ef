import Foundation
import TestSupport
import Testing

/// `runlog serve` on an address it cannot listen on says why: the port is taken, or the address
/// is not one of this machine's.
@Suite struct ServeAddressTests {
    let home = TemporaryDirectory("runlog-serve-address")

    func serve(_ arguments: [String]) throws -> (status: Int32, error: String) {
        let process = try BackgroundProcess(ExternalTools.runlogBinary, ["serve"] + arguments,
                                            environment: ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"])
        let status = process.wait(timeout: 20)
        if process.isRunning { process.signal(SIGKILL) }
        return (status, process.errorText)
    }

    @Test func aTakenPortAndAForeignAddressAreSaidApart() throws {
        // A port another program listens on.
        let port = try LoopbackSocket.freePort()
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
        let taken = try serve(["--port", String(port)])
        #expect(taken.status == 1 && taken.error.contains("port \(port): the port is taken by another program"), "\(taken.error)")
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): never this machine's.
        let foreign = try serve(["--host", "192.0.2.1", "--port", String(port)])
        #expect(foreign.status == 1 && foreign.error.contains("the address is not one of this machine's"), "\(foreign.error)")
    }
}

/// `runlog serve --help` names every limit a client meets, downloads and the track API's included.
@Suite struct ServeHelpTests {
    @Test func theHelpNamesTheDownloadTrackAndAnswerLimits() throws {
        let home = TemporaryDirectory("runlog-serve-help")
        let process = try BackgroundProcess(ExternalTools.runlogBinary, ["serve", "--help"],
                                            environment: ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"])
        #expect(process.wait(timeout: 20) == 0)
        let help = process.outputText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("Downloads (a run's GPX): at most 8 written at once, 2 for one address"), "\(help)")
        #expect(help.contains("GET /api/v1/runs/N/track with its own tolerance): at most 2 at once, 1 for one address"), "\(help)")
        #expect(help.contains("Answers held in memory while they are sent: at most 128 MiB, 32 MiB for one address"), "\(help)")
    }
}
