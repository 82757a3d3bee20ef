import Foundation
import Synchronization

/// gpsd's test harness (`gpsfake`, Debian's gpsd-clients) feeding an NMEA log to a private gpsd
/// on a port of the test's own. Foundation's `Process` starts it as the leader of a process group
/// of its own, which its gpsd joins: stopping the group stops both.
///
/// gpsfake's quirks, met here: it needs `gpsd` on the PATH (`/usr/sbin`) and Debian's
/// `/usr/bin/python3` (its `gps` module); it feeds the log through a pty as soon as its gpsd runs,
/// whether a client watches or not, and gpsd drops what arrives before a client watches; with
/// `-1` it does not exit when the log ends (it waits for its own 60 s timeout), so the test
/// stops it. Its gpsd accepts clients before gpsfake has added the fake device (through gpsd's
/// control socket): ``waitForDevice(timeout:)`` waits for that.
package final class GPSFake: Sendable {
    package let port: UInt16
    private let process: BackgroundProcess
    private let isStopped = Mutex(false)

    /// Whether gpsfake can run here; else why not.
    package static var unavailableReason: String? {
        for path in ["/usr/bin/gpsfake", "/usr/sbin/gpsd", "/usr/bin/python3"]
        where !FileManager.default.isExecutableFile(atPath: path) {
            return "\(path) is missing (Debian packages gpsd, gpsd-clients: scripts/install-deps.sh installs them)"
        }
        return nil
    }

    /// Starts `gpsfake -P PORT -1 -q -c CYCLE LOG` and waits until its gpsd accepts connections.
    /// - Parameter cycleSeconds: gpsfake's delay between sentences.
    /// - Parameter temporaryFolder: gpsfake's TMPDIR (its control socket).
    package init(log: String, cycleSeconds: Double, temporaryFolder: String, timeout: Double = 30) throws {
        port = try LoopbackSocket.freePort()
        process = try BackgroundProcess("/usr/bin/gpsfake", ["-P", String(port), "-1", "-q", "-c", String(cycleSeconds), log],
                                        environment: ["PATH": "/usr/sbin:/usr/bin:/bin", "TMPDIR": temporaryFolder])
        let deadline = Date().addingTimeInterval(timeout)
        while !LoopbackSocket.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw GPSFakeError("gpsfake did not start its gpsd on port \(port): \(process.errorText)")
            }
            usleep(10_000)
        }
    }

    deinit { stop() }

    /// Waits until gpsd reads gpsfake's fake device (its `?DEVICES;` answer lists one): gpsfake
    /// starts gpsd, then adds the device through gpsd's control socket, then feeds it.
    /// - Returns: whether the device was listed within `timeout` seconds.
    package func waitForDevice(timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if let socket = LoopbackSocket.connect(port: port, receiveTimeoutSeconds: 1) {
                defer { close(socket) }
                let ask = Array("?DEVICES;\n".utf8)
                _ = ask.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                var received = [UInt8](), chunk = [UInt8](repeating: 0, count: 4096)
                while !String(decoding: received, as: UTF8.self).contains("\"DEVICES\"") {
                    let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { break }
                    received += chunk[0..<count]
                }
                if String(decoding: received, as: UTF8.self).contains("\"path\":\"/dev/") { return true }
            }
            usleep(10_000)
        }
        return false
    }

    /// Stops feeding (SIGSTOP to gpsfake itself; its gpsd keeps serving).
    package func pauseFeeding() { kill(process.pid, SIGSTOP) }

    /// Goes on feeding.
    package func resumeFeeding() { kill(process.pid, SIGCONT) }

    /// Stops gpsfake and its gpsd (the whole process group). gpsd keeps gpsfake's output pipes
    /// open and does not always end on SIGTERM, so the group is killed once gpsfake is gone.
    package func stop() {
        guard !isStopped.withLock({ stopped in defer { stopped = true }; return stopped }) else { return }
        let group = getpgid(process.pid) == process.pid ? -process.pid : process.pid
        kill(process.pid, SIGCONT)
        kill(process.pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        kill(group, SIGKILL)
        process.wait()
    }

    package var errorText: String { process.errorText }

    /// Whether `pid` has a TCP connection established to 127.0.0.1:`port` (its socket inodes
    /// against `/proc/net/tcp`).
    package static func isConnected(pid: Int32, toPort port: UInt16) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let sockets = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap { fd -> String? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(fd)"),
                  target.hasPrefix("socket:[") else { return nil }
            return String(target.dropFirst(8).dropLast())
        })
        let remote = String(format: ":%04X", Int(port))
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // Read to the end: String(contentsOfFile:) stops after the first page of a /proc file.
            guard let data = FileHandle(forReadingAtPath: table)?.readDataToEndOfFile() else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                guard fields.count > 9, fields[2].hasSuffix(remote), fields[3] == "01" else { continue }
                if sockets.contains(String(fields[9])) { return true }
            }
        }
        return false
    }
}

package struct GPSFakeError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
