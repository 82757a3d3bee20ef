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
