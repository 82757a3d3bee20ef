package import RunCore

/// A reader of one activity file format (``GPXReader``, ``FITReader``, ``TCXReader``): the whole
/// file in memory in, the format-neutral ``Activity`` out. Which reader reads a file is chosen by
/// its content (``ActivityReadSession``), never by its name.
package protocol ActivityFileReader: Sendable {
    /// The format this reader reads.
    static var format: ActivityFileFormat { get }

    /// Reads a whole file held in memory.
    /// - Parameter fileName: the name errors and diagnostics give for the file.
    /// - Throws: ``ReadError`` naming the file, the place (line and column, or byte offset) and what is wrong.
    func read(_ bytes: UnsafeRawBufferPointer, fileName: String) throws -> ActivityReadResult
}
