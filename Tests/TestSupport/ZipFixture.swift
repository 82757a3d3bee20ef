import Foundation

/// Zip archives made by Python's `zipfile` — an implementation independent of runlog's and of
/// libarchive — for tests of what reading an archive costs.
package enum ZipFixture {
    /// Writes a zip to `path`: `emptyFiles` empty members (`0.gpx`, `1.gpx` …), then `files`,
    /// stored (or deflated), after `prefixBytes` bytes of something that is not the archive (as a
    /// self-extracting stub; the archive's offsets are not moved, as such stubs leave them).
    /// Past 65,535 members `zipfile` writes the ZIP64 end records.
    package static func make(at path: String, emptyFiles: Int = 0, files: [(name: String, bytes: [UInt8])] = [],
                             deflated: Bool = false, prefixBytes: Int = 0) throws {
        let folder = TemporaryDirectory("zip-fixture")
        var members: [[String: String]] = []
        for (index, file) in files.enumerated() {
            members.append(["name": file.name, "path": try folder.write("member-\(index)", file.bytes)])
        }
        let manifest: [String: Any] = ["out": path, "empty": emptyFiles, "files": members, "deflated": deflated, "prefix": prefixBytes]
        let manifestPath = try folder.write("manifest.json", Array(try JSONSerialization.data(withJSONObject: manifest)))
        let script = """
            import json, sys, zipfile
            m = json.load(open(sys.argv[1]))
            with zipfile.ZipFile(m['out'] + '.part', 'w', zipfile.ZIP_DEFLATED if m['deflated'] else zipfile.ZIP_STORED) as z:
                for i in range(m['empty']):
                    z.writestr(f'{i}.gpx', b'')
                for f in m['files']:
                    z.write(f['path'], f['name'])
            data = open(m['out'] + '.part', 'rb').read()
            open(m['out'], 'wb').write(b'#' * m['prefix'] + data)
            """
        let result = try ExternalTools.run("/usr/bin/python3", ["-c", script, manifestPath])
        guard result.status == 0 else { throw ZipFixtureError(description: "python3 zipfile: \(result.error)") }
        try? FileManager.default.removeItem(atPath: path + ".part")
    }

    /// The zip as bytes (made in a temporary folder).
    package static func bytes(emptyFiles: Int = 0, files: [(name: String, bytes: [UInt8])] = [], deflated: Bool = false,
                              prefixBytes: Int = 0) throws -> [UInt8] {
        let folder = TemporaryDirectory("zip-fixture-out")
        let path = folder.file("archive.zip")
        try make(at: path, emptyFiles: emptyFiles, files: files, deflated: deflated, prefixBytes: prefixBytes)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A zip of `emptyFiles` empty members whose end records lie (a hostile archive, issue 16):
    /// Python's `zipfile` writes the members and the central directory, then the end is replaced
    /// by a ZIP64 end record that points at that directory but claims `claimedEntries` entries, its
    /// locator, and a 32-bit end record claiming no entries and an empty directory just before it
    /// — libarchive 3.6 follows the locator to the ZIP64 record and reads every entry listed.
    package static func lyingZip64(emptyFiles: Int, claimedEntries: Int = 0) throws -> [UInt8] {
        let folder = TemporaryDirectory("zip64-fixture")
        let path = folder.file("lying.zip")
        let script = """
            import struct, sys, zipfile
            out, count, claimed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
            with zipfile.ZipFile(out + '.part', 'w', zipfile.ZIP_STORED) as z:
                for i in range(count):
                    z.writestr(f'{i}.gpx', b'')
            data = open(out + '.part', 'rb').read()
            end = data.rfind(b'PK\\x05\\x06')
            cd_size, cd_offset = struct.unpack('<II', data[end + 12:end + 20])
            if cd_offset == 0xFFFFFFFF:  # zipfile wrote ZIP64 records already: take the directory from them
                record = struct.unpack('<Q', data[end - 20 + 8:end - 20 + 16])[0]
                cd_size, cd_offset = struct.unpack('<QQ', data[record + 40:record + 56])
            body = data[:cd_offset + cd_size]
            record_at = len(body)
            zip64 = struct.pack('<IQHHIIQQQQ', 0x06064b50, 44, 45, 45, 0, 0, claimed, claimed, cd_size, cd_offset)
            locator = struct.pack('<IIQI', 0x07064b50, 0, record_at, 1)
            eocd_at = record_at + len(zip64) + len(locator)
            eocd = struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, 0, 0, 0, eocd_at, 0)
            open(out, 'wb').write(body + zip64 + locator + eocd)
            """
        let result = try ExternalTools.run("/usr/bin/python3", ["-c", script, path, "\(emptyFiles)", "\(claimedEntries)"])
        guard result.status == 0 else { throw ZipFixtureError(description: "python3 zipfile: \(result.error)") }
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `bytes` compressed by `gzip` (another independent implementation).
    package static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let folder = TemporaryDirectory("gzip-fixture")
        let input = try folder.write("input", bytes)
        let result = try ExternalTools.run("/bin/gzip", ["-n", input])
        guard result.status == 0 else { throw ZipFixtureError(description: "gzip: \(result.error)") }
        return Array(try Data(contentsOf: URL(fileURLWithPath: input + ".gz")))
    }
}

package struct ZipFixtureError: Error, CustomStringConvertible {
    package var description: String
}
