/// How leniently the readers take damaged input. Off by default: a damaged file is refused with
/// an error naming the place; on (`--skip-invalid-points`), what can be read is kept and what
/// could not is reported in the diagnostics — never silently.
package struct ReadOptions: Sendable, Hashable {
    /// GPX: leave out points with an invalid position. FIT: keep the records decoded before a
    /// truncation or an undefined message.
    package var isLenient: Bool

    package init(isLenient: Bool = false) {
        self.isLenient = isLenient
    }
}
