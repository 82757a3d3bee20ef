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
