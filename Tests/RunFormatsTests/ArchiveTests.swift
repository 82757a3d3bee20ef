import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Compressed files, archives and exports: the Strava sample against its expected JSON and the
/// corpus bytes; fixtures built at test time with Python's zipfile, gzip, bz2, lzma and tarfile
/// (the bytes' meaning is known by construction).
@Suite struct ArchiveTests {
    static let sampleZip = SharedData.fitTCXRoot.appendingPathComponent("archives/strava-export-sample.zip").path
    static let expectedJSON = SharedData.fitTCXRoot.appendingPathComponent("archives/strava-export-sample.expected.json").path

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Runs a Python script with `dir` as its working directory; `sys.argv[1:]` are `arguments`.
    static func python(_ script: String, in dir: TemporaryDirectory, _ arguments: [String] = []) throws {
        let result = try ExternalTools.run("/usr/bin/python3", ["-c", "import os, sys; os.chdir(sys.argv[1]); sys.argv = sys.argv[1:]\n" + script,
                                                                dir.path] + arguments)
        #expect(result.status == 0, "python failed: \(result.error)")
    }

    static func expectedRows() throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: expectedJSON))) as? [[String: Any]])
    }

    // MARK: compressed single files

    @Test func compressionIsToldByMagicBytes() {
        #expect(Compression.sniff([0x1F, 0x8B, 8, 0]) == .gzip)
        #expect(Compression.sniff(Array("BZh91AY".utf8)) == .bzip2)
        #expect(Compression.sniff([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0]) == .xz)
        #expect(Compression.sniff(Array("BZh0".utf8)) == nil)
        #expect(Compression.sniff([14, 16, 0, 0, 0, 0, 0, 0] + Array(".FIT".utf8)) == nil)
        #expect(Compression.sniff([0x1F]) == nil)
        #expect(Compression.sniff(Array("<?xml".utf8)) == nil)
    }

    @Test func gzipBzip2XzAndMultiMemberGzipDecompress() throws {
        let dir = TemporaryDirectory("runlog-archive")
        let original = try Self.bytes(SharedData.fitTCX("10kUNLP2014-Garmin15.fit"))
        try Self.python("""
            import gzip, bz2, lzma
            data = open(sys.argv[1], 'rb').read()
            open('f.gz', 'wb').write(gzip.compress(data, mtime=0))
            open('f.bz2', 'wb').write(bz2.compress(data))
            open('f.xz', 'wb').write(lzma.compress(data, format=lzma.FORMAT_XZ))
            open('two.gz', 'wb').write(gzip.compress(b'first part,', mtime=0) + gzip.compress(b' second part', mtime=0))
            """, in: dir, [SharedData.fitTCX("10kUNLP2014-Garmin15.fit")])
        for (name, compression) in [("f.gz", Compression.gzip), ("f.bz2", .bzip2), ("f.xz", .xz)] {
            let packed = try Self.bytes(dir.file(name))
            #expect(Compression.sniff(packed) == compression)
            #expect(try Decompression.decompress(packed, fileName: name, limit: 1 << 20) == original, "\(name)")
        }
        let two = try Decompression.decompress(try Self.bytes(dir.file("two.gz")), fileName: "two.gz", limit: 1000)
        #expect(String(decoding: two, as: UTF8.self) == "first part, second part")
        // Exactly the limit is allowed; one byte less is not.
        #expect(try Decompression.decompress(try Self.bytes(dir.file("f.gz")), fileName: "f.gz", limit: original.count).count == original.count)
        #expect(throws: ReadError.self) { try Decompression.decompress(try Self.bytes(dir.file("f.gz")), fileName: "f.gz", limit: original.count - 1) }
    }

    @Test func gzipBombIsTooLargeAndTruncatedGzipIsBadArchive() throws {
        let dir = TemporaryDirectory("runlog-archive")
        try Self.python("""
            import gzip
            open('bomb.gz', 'wb').write(gzip.compress(b'\\0' * (8 << 20), mtime=0))
            data = gzip.compress(open(sys.argv[1], 'rb').read(), mtime=0)
            open('cut.gz', 'wb').write(data[:len(data) // 2])
            """, in: dir, [SharedData.fitTCX("10kUNLP2014-Garmin15.fit")])
        let bomb = try Self.bytes(dir.file("bomb.gz"))
        #expect(bomb.count < 64 * 1024)
        let tooLarge = #expect(throws: ReadError.self) { try Decompression.decompress(bomb, fileName: "bomb.gz", limit: 1 << 20) }
        #expect(tooLarge?.code == .tooLarge)
        #expect(tooLarge?.file == "bomb.gz")
        #expect(tooLarge?.message.contains("1 MiB") == true)
        #expect(tooLarge?.message.contains("zip bomb") == true)

        let damaged = #expect(throws: ReadError.self) {
            try Decompression.decompress(try Self.bytes(dir.file("cut.gz")), fileName: "cut.gz", limit: 1 << 20)
        }
        #expect(damaged?.code == .badArchive)
        #expect(damaged?.message.contains("gzip") == true)

        let notCompressed = #expect(throws: ReadError.self) { try Decompression.decompress(Array("<gpx/>".utf8), fileName: "a.gpx", limit: 100) }
        #expect(notCompressed?.code == .unsupportedFormat)
    }

    // MARK: archives

    @Test func sampleZipListsItsMembers() throws {
        let zip = try Self.bytes(Self.sampleZip)
        #expect(ArchiveFormat.sniff(zip) == .zip)
        var names: [String] = []
        var sizes: [String: Int] = [:]
        let report = try ArchiveReader.forEachMember(of: zip, fileName: "strava-export-sample.zip") { member in
            names.append(member.info.path)
            sizes[member.info.path] = member.bytes.count
            #expect(member.info.declaredSize == member.bytes.count)
        }
        let expected = ["activities.csv"] + (try Self.expectedRows()).compactMap { $0["filename"] as? String }.filter { !$0.isEmpty }
        #expect(names == expected)
        #expect(report.skipped.isEmpty)
        #expect(report.memberCount == 14)
        #expect(sizes["activities.csv"] == 5201)  // `unzip -l` of the sample
    }

    @Test func sampleExportMatchesTheExpectedJSONAndTheCorpusBytes() throws {
        let rows = try Self.expectedRows()
        var files: [ExportActivityFile] = []
        let summary = try ExportArchive.read(archive: try Self.bytes(Self.sampleZip), fileName: "strava-export-sample.zip") { files.append($0) }
        #expect(summary.kind == .strava)
        #expect(summary.stravaCSVPath == "activities.csv")
        #expect(summary.csvErrors.isEmpty)
        #expect(summary.skipped.isEmpty)
        #expect(summary.activitiesWithMissingFile.isEmpty)
        #expect(summary.activitiesWithoutFile.map(\.activityID) == [2231000110])
        #expect(files.count == 13)

        let dir = TemporaryDirectory("runlog-archive")
        for row in rows {
            let fileName = try #require(row["filename"] as? String)
            guard !fileName.isEmpty else { continue }
            let file = try #require(files.first { $0.path == fileName }, "\(fileName)")
            #expect(file.stravaActivity?.activityID == (row["activity_id"] as? NSNumber)?.int64Value, "\(fileName)")
            #expect(file.compression == (fileName.hasSuffix(".gz") ? .gzip : nil), "\(fileName)")
            let corpusName = try #require(row["corpus_file"] as? String)
            if fileName.hasSuffix("2412000508.gpx") { continue }  // derived from a FIT file by GPSBabel
            var corpusBytes = try Self.bytes(SharedData.fitTCX(corpusName))
            if corpusName.hasSuffix(".gz") {  // compared with Python's gunzip, not runlog's
                try Self.python("import gzip; open('out', 'wb').write(gzip.decompress(open(sys.argv[1], 'rb').read()))",
                                in: dir, [SharedData.fitTCX(corpusName)])
                corpusBytes = try Self.bytes(dir.file("out"))
            }
            let content = try file.content.get()
            #expect(content == corpusBytes, "\(fileName) differs from \(corpusName)")
        }
    }

    @Test func unpackedFolderGivesTheSameAsTheZip() throws {
        let dir = TemporaryDirectory("runlog-archive")
        try Self.python("import zipfile; zipfile.ZipFile(sys.argv[1]).extractall('export')", in: dir, [Self.sampleZip])
        func listing(_ read: ((ExportActivityFile) throws -> Void) throws -> ExportSummary) throws -> ([String], ExportSummary) {
            var lines: [String] = []
            let summary = try read { file in
                let content = try file.content.get()
                lines.append("\(file.path) \(file.stravaActivity?.activityID ?? 0) \(file.compression?.rawValue ?? "-") \(content.count) \(content.reduce(0) { $0 &* 31 &+ Int($1) })")
            }
            return (lines.sorted(), summary)
        }
        let (fromZip, zipSummary) = try listing { try ExportArchive.read(archive: try Self.bytes(Self.sampleZip), fileName: "sample.zip", $0) }
        let (fromFolder, folderSummary) = try listing { try ExportArchive.read(folderAt: dir.file("export"), $0) }
        #expect(fromZip.count == 13)
        #expect(fromFolder == fromZip)
        #expect(folderSummary.kind == .strava)
        #expect(folderSummary.activitiesWithoutFile == zipSummary.activitiesWithoutFile)
        #expect(folderSummary.skipped.isEmpty)
    }

    @Test func zipBombIsSkippedPerMemberAndStopsPastTheTotal() throws {
        let dir = TemporaryDirectory("runlog-archive")
        try Self.python("""
            import zipfile
            with zipfile.ZipFile('bomb.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('bomb.gpx', b'\\0' * (8 << 20))
                z.writestr('small.gpx', b'<gpx/>')
            """, in: dir)
        let zip = try Self.bytes(dir.file("bomb.zip"))
        #expect(zip.count < 64 * 1024)
        var read: [String] = []
        let report = try ArchiveReader.forEachMember(of: zip, fileName: "bomb.zip", limits: ArchiveLimits(maximumMemberBytes: 1 << 20)) {
            read.append($0.info.path)
        }
        #expect(read == ["small.gpx"])
        #expect(report.skipped == [SkippedMember(path: "bomb.gpx", reason: .tooLarge(limitBytes: 1 << 20))])
        #expect(report.skipped.first?.description.contains("zip bomb") == true)

        let total = #expect(throws: ReadError.self) {
            try ArchiveReader.forEachMember(of: zip, fileName: "bomb.zip",
                                            limits: ArchiveLimits(maximumMemberBytes: 64 << 20, maximumTotalBytes: 1 << 20)) { _ in }
        }
        #expect(total?.code == .tooLarge)
        #expect(total?.message.contains("1 MiB") == true)

        let count = #expect(throws: ReadError.self) {
            try ArchiveReader.forEachMember(of: zip, fileName: "bomb.zip", limits: ArchiveLimits(maximumMemberCount: 1),
                                            decide: { _ in .ignore }) { _ in }
        }
        #expect(count?.code == .tooLarge)
    }

    @Test func unsafePathsAreSkippedAndNothingIsWritten() throws {
        let dir = TemporaryDirectory("runlog-archive")
        try FileManager.default.createDirectory(atPath: dir.file("work"), withIntermediateDirectories: true)
        try Self.python("""
            import zipfile
            with zipfile.ZipFile('work/evil.zip', 'w') as z:
                z.writestr('../evil.gpx', b'<gpx/>')
                z.writestr('/abs-runlog-test.gpx', b'<gpx/>')
                z.writestr('a/../../up.gpx', b'<gpx/>')
                z.writestr('fine.gpx', b'<gpx/>')
            """, in: dir)
        let before = try FileManager.default.subpathsOfDirectory(atPath: dir.path).sorted()
        var read: [String] = []
        let summary = try ExportArchive.read(archive: try Self.bytes(dir.file("work/evil.zip")), fileName: "evil.zip") { read.append($0.path) }
        #expect(read == ["fine.gpx"])
        #expect(summary.kind == .files)
        #expect(summary.skipped.map(\.path) == ["../evil.gpx", "/abs-runlog-test.gpx", "a/../../up.gpx"])
        #expect(summary.skipped.allSatisfy { $0.reason == .unsafePath && $0.description.contains("unsafe path") })
        #expect(try FileManager.default.subpathsOfDirectory(atPath: dir.path).sorted() == before)
        #expect(!FileManager.default.fileExists(atPath: "/abs-runlog-test.gpx"))
    }

    @Test func nestedZipIsReadToDepthTwo() throws {
        let dir = TemporaryDirectory("runlog-archive")
        let fit = SharedData.fitTCX("10kUNLP2014-Garmin15.fit")
        try Self.python("""
            import zipfile, io
            inner = io.BytesIO()
            with zipfile.ZipFile(inner, 'w', zipfile.ZIP_DEFLATED) as z:
                z.write(sys.argv[1], '9876543210_ACTIVITY.fit')
                deeper = io.BytesIO()
                with zipfile.ZipFile(deeper, 'w') as d:
                    d.writestr('deep.gpx', b'<gpx/>')
                z.writestr('deeper.zip', deeper.getvalue())
            with zipfile.ZipFile('garmin.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('DI_CONNECT/DI-Connect-Fitness/someone_0_summarizedActivities.json', b'[]')
                z.writestr('DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip', inner.getvalue())
            """, in: dir, [fit])
        var files: [ExportActivityFile] = []
        let summary = try ExportArchive.read(archive: try Self.bytes(dir.file("garmin.zip")), fileName: "garmin.zip") { files.append($0) }
        #expect(summary.kind == .garminConnect)
        #expect(files.map(\.path) == ["DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip/9876543210_ACTIVITY.fit"])
        #expect(try files.first?.content.get() == (try Self.bytes(fit)))
        #expect(files.first?.stravaActivity == nil)
        #expect(summary.skipped == [
            SkippedMember(path: "DI_CONNECT/DI-Connect-Fitness/someone_0_summarizedActivities.json", reason: .notActivityFile),
            SkippedMember(path: "DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip/deeper.zip", reason: .nestedTooDeep),
        ])

        let flat = try ArchiveReader.forEachMember(of: try Self.bytes(dir.file("garmin.zip")), fileName: "garmin.zip",
                                                   limits: ArchiveLimits(maximumDepth: 1)) { _ in }
        #expect(flat.skipped.map(\.reason) == [.nestedTooDeep])
    }

    @Test func nonActivityHiddenEncryptedAndLinkMembersAreSkippedWithTheirReasons() throws {
        let dir = TemporaryDirectory("runlog-archive")
        try Self.python("""
            import zipfile
            with zipfile.ZipFile('mixed.zip', 'w') as z:
                z.writestr('notes.txt', b'hello')
                z.writestr('__MACOSX/._run.gpx', b'x')
                z.writestr('.DS_Store', b'x')
                z.writestr('media/photo.jpg', b'x')
                z.writestr('secret.gpx', b'<gpx/>')
                link = zipfile.ZipInfo('link.gpx')
                link.external_attr = (0o120777 << 16)
                z.writestr(link, 'fine.gpx')
                z.writestr('run.GPX', b'<gpx/>')
            data = bytearray(open('mixed.zip', 'rb').read())
            # Mark secret.gpx encrypted (APPNOTE 4.4.4, general purpose bit 0) in its local and central headers.
            for signature, flag_offset in ((b'PK\\x03\\x04', 6), (b'PK\\x01\\x02', 8)):
                at = 0
                while True:
                    at = data.find(signature, at)
                    if at < 0: break
                    name_offset = 30 if signature == b'PK\\x03\\x04' else 46
                    name_len = int.from_bytes(data[at + (26 if name_offset == 30 else 28):][:2], 'little')
                    if data[at + name_offset:at + name_offset + name_len] == b'secret.gpx':
                        data[at + flag_offset] |= 1
                    at += 4
            open('mixed.zip', 'wb').write(data)
            """, in: dir)
        var read: [String] = []
        let summary = try ExportArchive.read(archive: try Self.bytes(dir.file("mixed.zip")), fileName: "mixed.zip") { read.append($0.path) }
        #expect(read == ["run.GPX"])
        let reasons = Dictionary(uniqueKeysWithValues: summary.skipped.map { ($0.path, $0.reason) })
        #expect(reasons == [
            "notes.txt": .notActivityFile, "__MACOSX/._run.gpx": .hiddenOrMetadata, ".DS_Store": .hiddenOrMetadata,
            "media/photo.jpg": .notActivityFile, "secret.gpx": .encrypted, "link.gpx": .notRegularFile,
        ])
        #expect(summary.skipped.first { $0.path == "notes.txt" }?.description.contains("not an activity file") == true)
    }

    @Test func tarGzIsReadLikeAZip() throws {
        let dir = TemporaryDirectory("runlog-archive")
        try Self.python("""
            import tarfile, io
            with tarfile.open('runs.tar.gz', 'w:gz') as t:
                for name, data in (('runs/a.gpx', b'<gpx>a</gpx>'), ('runs/b.tcx', b'<tcx/>')):
                    info = tarfile.TarInfo(name); info.size = len(data); t.addfile(info, io.BytesIO(data))
            """, in: dir)
        let bytes = try Self.bytes(dir.file("runs.tar.gz"))
        #expect(ArchiveFormat.sniff(bytes) == .tar(.gzip))
        var members: [String: String] = [:]
        try ArchiveReader.forEachMember(of: bytes, fileName: "runs.tar.gz") { members[$0.info.path] = String(decoding: $0.bytes, as: UTF8.self) }
        #expect(members == ["runs/a.gpx": "<gpx>a</gpx>", "runs/b.tcx": "<tcx/>"])
    }

    @Test func damagedGzipMemberKeepsItsStravaRow() throws {
        let dir = TemporaryDirectory("runlog-archive")
        try Self.python("""
            import zipfile, gzip
            data = gzip.compress(b'<gpx>' + b'x' * 5000 + b'</gpx>', mtime=0)
            with zipfile.ZipFile('e.zip', 'w') as z:
                z.writestr('export/activities.csv', 'Activity ID,Activity Date,Activity Name,Activity Type,Filename\\n'
                           '7,"Jan 1, 2026, 8:00:00 AM",Cut short,Run,activities/7.gpx.gz\\n'
                           '8,"Jan 2, 2026, 8:00:00 AM",Lost,Run,activities/8.gpx\\n')
                z.writestr('export/activities/7.gpx.gz', data[:len(data) // 2])
            """, in: dir)
        var files: [ExportActivityFile] = []
        let summary = try ExportArchive.read(archive: try Self.bytes(dir.file("e.zip")), fileName: "e.zip") { files.append($0) }
        #expect(summary.kind == .strava)
        #expect(summary.stravaCSVPath == "export/activities.csv")
        #expect(files.count == 1)
        #expect(files.first?.stravaActivity?.activityID == 7)
        if case .failure(let error)? = files.first?.content {
            #expect(error.code == .badArchive)
            #expect(error.file == "export/activities/7.gpx.gz")
        } else {
            Issue.record("a cut-short gzip member must give .badArchive")
        }
        #expect(summary.activitiesWithMissingFile.map(\.activityID) == [8])
    }

    @Test func notAnArchiveIsUnsupported() {
        let error = #expect(throws: ReadError.self) {
            try ArchiveReader.forEachMember(of: Array("<gpx/>".utf8), fileName: "a.gpx") { _ in }
        }
        #expect(error?.code == .unsupportedFormat)
    }
}
