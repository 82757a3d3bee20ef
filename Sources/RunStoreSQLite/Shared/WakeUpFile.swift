import RunStore
import Foundation

/// The wake-up channel beside the shared store: a writer touches the file after each commit (an
/// `IN_ATTRIB` event for inotify), so observers wake up when the new data is already visible —
/// not on the WAL write before the commit, which research/components.md measured as a 50 ms
/// trap with `synchronous=FULL`.
enum WakeUpFile {
    /// Updates the file's times, creating it if needed. Failures are ignored: observers also
    /// poll `data_version` at a slow rate.
    static func ring(_ path: String) {
        if utimensat(AT_FDCWD, path, nil, 0) != 0 {
            let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            if fd >= 0 { close(fd) }
        }
    }
}
