import Foundation
import RunUI

/// The terminal in raw mode for a full-screen view: keys arrive one by one without echo, the
/// alternate screen is used and the cursor hidden; everything is restored in ``restore()`` (also
/// in `deinit`). Owner of the saved `termios`.
final class RawTerminal {
    private var saved = termios()
    private var restored = false

    /// - Throws: ``CommandFailure`` when standard input or output is not a terminal.
    init() throws {
        // Nothing changed yet: if this throws, `deinit` (which runs for a class whose stored
        // properties were all set) must not write the restoring escape codes into a pipe or file.
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else {
            restored = true
            throw CommandFailure("the widget needs a terminal; 'runlog live --json' follows a recording from scripts")
        }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    deinit { restore() }

    func restore() {
        guard !restored else { return }
        restored = true
        write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    /// Replaces the screen's content with `lines`, fitted to the window: each line cut to its
    /// width, the lines past its height left out — so nothing wraps or scrolls the first lines
    /// (the state) off a small terminal.
    func draw(_ lines: [String]) {
        let size = Self.windowSize()
        let fitted = lines.prefix(max(1, size.rows)).map { DisplayWidth.truncate(" " + $0, to: max(1, size.columns - 1)) }
        write("\u{1B}[H\u{1B}[2J" + fitted.joined(separator: "\r\n"))
    }

    /// The terminal's rows and columns (80 × 24 when it does not say).
    static func windowSize() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return (24, 80) }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 { if errno == EINTR { continue }; return }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Reads keys on a thread of its own, calling `key` for each byte, until standard input ends.
    static func readKeys(_ key: @escaping @Sendable (UInt8?) -> Void) {
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(STDIN_FILENO, &byte, 1)
                if n == 1 { key(byte); continue }
                if n < 0, errno == EINTR { continue }
                key(nil)
                return
            }
        }
        thread.name = "runlog.keys"
        thread.start()
    }
}
