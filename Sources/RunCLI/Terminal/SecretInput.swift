import Foundation

/// A secret typed at the terminal without echo (a password), or read from standard input's first
/// line (`--password-stdin`): never from the command line, where `ps` and the shell's history see it.
enum SecretInput {
    /// The most bytes read for one secret (a password's limit, with room for its line end).
    static let limitBytes = 4_096 + 2

    /// The first line of standard input, without its line end (`\n` or `\r\n`).
    /// - Throws: ``CommandFailure`` when standard input holds no line or too much.
    static func firstLine(of console: Console) throws -> String {
        let bytes = try console.readInput(limit: limitBytes)
        var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        guard !line.isEmpty else { throw CommandFailure("standard input holds no password (--password-stdin reads its first line)") }
        guard let text = String(validating: line, as: UTF8.self) else { throw CommandFailure("the password read from standard input is not UTF-8") }
        return text
    }

    /// Asks for a secret at the terminal: `prompt` on standard error, the typed line read with
    /// echo off (the terminal's settings restored after, whatever happens), then asked again
    /// when `confirming` and compared.
    /// - Throws: ``UsageError`` when standard input is not a terminal (the hint names
    ///   `--password-stdin`), ``CommandFailure`` when the two differ or input ends.
    static func typed(_ prompt: String, confirming: Bool, console: Console, command: String) throws -> String {
        guard console.isInputTerminal else {
            throw UsageError("no terminal to type the password at: pipe it in with --password-stdin", command: command)
        }
        let first = try readLine(prompt, echo: false, console: console)
        guard confirming else { return first }
        guard try readLine("again: ", echo: false, console: console) == first else { throw CommandFailure("the two passwords differ; nothing changed") }
        return first
    }

    /// Asks a question at the terminal and reads the answer's line (echoed); nil when standard
    /// input is not a terminal.
    static func answer(_ prompt: String, console: Console) throws -> String? {
        guard console.isInputTerminal else { return nil }
        return try readLine(prompt, echo: true, console: console)
    }

    /// `prompt` on standard error, then a line of the terminal, echoed or not (the terminal's
    /// settings restored after, whatever happens).
    private static func readLine(_ prompt: String, echo: Bool, console: Console) throws -> String {
        console.flush()
        write(prompt)
        var saved = termios()
        guard tcgetattr(console.inputFD, &saved) == 0 else { throw CommandFailure("cannot read the terminal's settings") }
        var quiet = saved
        if !echo {
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)   // the Enter key still moves to the next line
        }
        let restore = TerminalRestoreOnSignal(fd: console.inputFD, settings: saved)
        tcsetattr(console.inputFD, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(console.inputFD, TCSAFLUSH, &saved)
            restore.cancel()
        }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(console.inputFD, &byte, 1)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { throw CommandFailure("the terminal's input ended before a password was typed") }
            if byte == UInt8(ascii: "\n") { break }
            if line.count >= limitBytes { throw CommandFailure("the password is longer than \(limitBytes) bytes") }
            line.append(byte)
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 { if errno == EINTR { continue }; return }
            bytes = bytes.dropFirst(n)
        }
    }
}

/// The terminal's settings put back if a signal ends the process while they are changed (Ctrl-C at
/// a password prompt must not leave the shell without echo): for its lifetime, SIGINT, SIGTERM,
/// SIGHUP and SIGQUIT run a handler that restores `settings` on `fd`, moves to a new line, and ends
/// the process by the same signal with its default action (so the exit status still says which).
/// Only async-signal-safe calls in the handler (`tcsetattr`, `write`, `signal`, `raise`).
/// One at a time: prompts are read one after another on the main thread.
private final class TerminalRestoreOnSignal {
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    private var previous: [sighandler_t?] = []

    init(fd: Int32, settings: termios) {
        signalRestoreFD = fd
        signalRestoreSettings = settings
        previous = Self.signals.map { signal($0, restoreTerminalThenDie) }
    }

    /// Puts the handlers that were there before back (the terminal itself is restored by the
    /// caller); also when this goes away.
    func cancel() {
        guard !previous.isEmpty else { return }
        for (signalNumber, handler) in zip(Self.signals, previous) { signal(signalNumber, handler) }
        previous = []
        signalRestoreFD = -1
    }

    deinit { cancel() }
}

/// Read only by the signal handler, written only while no handler is installed for them.
nonisolated(unsafe) private var signalRestoreFD: Int32 = -1
nonisolated(unsafe) private var signalRestoreSettings = termios()

private func restoreTerminalThenDie(_ signalNumber: Int32) {
    if signalRestoreFD >= 0 {
        tcsetattr(signalRestoreFD, TCSAFLUSH, &signalRestoreSettings)
        var newline = UInt8(ascii: "\n")
        _ = write(STDERR_FILENO, &newline, 1)
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
