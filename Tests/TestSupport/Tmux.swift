import Foundation

/// A private tmux server (its socket in a folder of the test's own, no configuration file) to
/// run terminal programs in and read their screens: `send-keys`, `capture-pane`, `display`.
package final class Tmux: Sendable {
    private let socket: String
    private let environment: [String: String]

    package static var unavailableReason: String? {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") ? nil
            : "/usr/bin/tmux is missing (Debian package tmux: scripts/install-deps.sh installs it)"
    }

    /// - Parameters:
    ///   - folder: where the server's socket lives.
    ///   - environment: the environment of the programs started (the server's).
    package init(folder: String, environment: [String: String]) {
        socket = (folder as NSString).appendingPathComponent("tmux.sock")
        self.environment = environment
    }

    /// Ends the server and the programs in its panes. Call it while the socket's folder still
    /// exists (a `defer` in the test): the server cannot be reached once the folder is gone.
    package func stop() { _ = try? tmux(["kill-server"]) }

    deinit { stop() }

    /// Runs a tmux client command. Not through Foundation's `Process`: with it, the first client's
    /// output never ended (reading it to its end waited until the server it forks was killed).
    /// Here the client gets standard input from /dev/null, one pipe for its output and error,
    /// nothing else open (`posix_spawn_file_actions_addclosefrom_np`), no signal blocked.
    @discardableResult
    package func tmux(_ arguments: [String]) throws -> ProcessResult {
        try Self.spawn(["/usr/bin/tmux", "-S", socket, "-f", "/dev/null"] + arguments, environment: environment)
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which the Glibc module does not export.
    private static let addCloseFrom: AddCloseFrom? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: AddCloseFrom.self) }

    private static func spawn(_ argv: [String], environment: [String: String]) throws -> ProcessResult {
        guard let addCloseFrom else { throw TmuxError("glibc has no posix_spawn_file_actions_addclosefrom_np (2.34 or later needed)") }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TmuxError("pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }   // not into programs other tests start meanwhile
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        _ = addCloseFrom(&actions, 3)
        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in arguments + variables { free(pointer) } }
        // The test's threads block most signals; a server started with that mask would ignore
        // kill-server's SIGHUP to its panes, and SIGTERM. Start it with none blocked, all default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, arguments, variables)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { throw TmuxError("posix_spawn \(argv[0]): \(String(cString: strerror(spawned)))") }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 { output += buffer[..<count]; continue }
            if count < 0, errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        let text = String(decoding: output, as: UTF8.self)
        return ProcessResult(status: exitStatus, output: text, error: exitStatus == 0 ? "" : text)
    }

    /// Starts `command` (a shell command line) in a new detached session of `columns` × `rows`.
    package func start(_ session: String, _ command: String, columns: Int = 80, rows: Int = 24) throws {
        let result = try tmux(["new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows), command])
        guard result.status == 0 else { throw TmuxError("tmux new-session: \(result.error)") }
    }

    /// The visible screen of the session's pane, one string per line.
    package func screen(_ session: String) throws -> String {
        try tmux(["capture-pane", "-p", "-t", session]).output
    }

    /// Sends keys (`p`, `y`, …) as typed.
    package func send(_ session: String, _ keys: String...) throws {
        let result = try tmux(["send-keys", "-t", session] + keys)
        guard result.status == 0 else { throw TmuxError("tmux send-keys: \(result.error)") }
    }

    /// A tmux format of the session's pane (`#{alternate_on}`, `#{cursor_flag}`, `#{pane_pid}`).
    package func display(_ session: String, _ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, format]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Reads the screen every 50 ms until `condition` holds or `timeout` passes (a loaded machine
    /// takes its time; the condition, not the time, is what a test checks).
    /// - Returns: the last screen read, and whether the condition held.
    @discardableResult
    package func waitForScreen(_ session: String, timeout: Double = 30, _ condition: (String) -> Bool) throws -> (screen: String, held: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = try self.screen(session)
        while !condition(screen) {
            guard Date() < deadline else { return (screen, false) }
            usleep(50_000)
            screen = try self.screen(session)
        }
        return (screen, true)
    }
}

package struct TmuxError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
