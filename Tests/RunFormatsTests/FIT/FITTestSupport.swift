import Foundation
import RunCore
import RunFormats
import TestSupport

/// Reading corpus FIT files in the FIT tests.
enum FITTestFiles {
    /// The bytes of a corpus file; `.gz` files are gunzipped with `/bin/gzip -dc` (the
    /// decompression layer is tested elsewhere).
    static func bytes(_ name: String) throws -> [UInt8] {
        let path = SharedData.fitTCX(name)
        guard name.hasSuffix(".gz") else { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    static func read(_ name: String, options: FITReader.Options = .init()) throws -> ActivityReadResult {
        let bytes = try bytes(name)
        return try read(bytes: bytes, name: name, options: options)
    }

    static func read(bytes: [UInt8], name: String = "test.fit", options: FITReader.Options = .init()) throws -> ActivityReadResult {
        try bytes.withUnsafeBytes { try FITReader(options: options).read($0, fileName: name) }
    }
}

/// Builds FIT files byte by byte for tests whose truth is known by construction (FIT Protocol:
/// header, definition and data messages, CRC).
struct FITBuilder {
    var records: [UInt8] = []

    /// A definition message; `fields` are (field number, size, base type byte).
    mutating func define(local: UInt8, global: UInt16, bigEndian: Bool = false, fields: [(UInt8, UInt8, UInt8)],
                         developerFields: [(UInt8, UInt8, UInt8)] = []) {
        records.append(0x40 | (developerFields.isEmpty ? 0 : 0x20) | local)
        records += [0, bigEndian ? 1 : 0]
        records += bigEndian ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
        records.append(UInt8(fields.count))
        for field in fields { records += [field.0, field.1, field.2] }
        if !developerFields.isEmpty {
            records.append(UInt8(developerFields.count))
            for field in developerFields { records += [field.0, field.1, field.2] }
        }
    }

    /// A data message with a normal header.
    mutating func data(local: UInt8, _ content: [UInt8]) {
        records.append(local)
        records += content
    }

    /// A data message with a compressed-timestamp header (local type 0–3, offset 0–31).
    mutating func compressed(local: UInt8, timeOffset: UInt8, _ content: [UInt8]) {
        records.append(0x80 | local << 5 | timeOffset)
        records += content
    }

    /// The whole file: a 14-byte header with its CRC, the records, the file CRC (+ `crcDelta`).
    func file(crcDelta: UInt16 = 0) -> [UInt8] {
        var header: [UInt8] = [14, 0x20] + le16(2132) + le32(UInt32(records.count)) + Array(".FIT".utf8)
        header += le16(Self.crc(header))
        let body = header + records
        return body + le16(Self.crc(body) &+ crcDelta)
    }

    /// CRC-16/ARC computed bit by bit (polynomial 0xA001 reflected): the FIT CRC, written
    /// independently of the reader's nibble table.
    static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        }
        return crc
    }
}

func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
func be32(_ value: UInt32) -> [UInt8] { le32(value).reversed() }
func be16(_ value: UInt16) -> [UInt8] { le16(value).reversed() }
