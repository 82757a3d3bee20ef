import Foundation
import RunCore
import RunFormats
import Testing
import TestSupport

/// `StoredJSONDecoder` against Foundation's `JSONDecoder` (the reference): the JSON runlog stores
/// for every file of both corpora (summary, analysis, the activity's header) decodes to the same
/// values — written again, the same text, so even −0 and the last digit of every double agree —
/// and text that is odd or broken is taken or refused alike.
@Suite struct StoredJSONDecoderTests {
    static var files: [String] {
        let fitTCX = ((try? FileManager.default.contentsOfDirectory(atPath: SharedData.fitTCXRoot.appendingPathComponent("files").path)) ?? [])
            .filter { $0.hasSuffix(".fit") || $0.hasSuffix(".tcx") }.sorted().map(SharedData.fitTCX)
        return SharedData.corpusGPXNames.map(SharedData.corpus) + fitTCX
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// Decodes `json` both ways and checks the values agree, written again byte for byte.
    static func expectSame<T: Codable & Equatable>(_ type: T.Type, _ json: String, _ what: String) throws {
        let reference = try JSONDecoder().decode(type, from: Data(json.utf8))
        let decoded = try StoredJSONDecoder().decode(type, from: json)
        #expect(decoded == reference, "\(what)")
        #expect(try encoder.encode(decoded) == encoder.encode(reference), "\(what): written again")
    }

    @Test(arguments: files)
    func storedJSONDecodesAsJSONDecoderDecodesIt(path: String) throws {
        let name = (path as NSString).lastPathComponent
        guard let read = try? ActivityReadSession.read(fileAt: path, options: ReadOptions(isLenient: true)) else { return }
        var header = read.activity
        for t in header.tracks.indices {
            for s in header.tracks[t].segments.indices { header.tracks[t].segments[s].points = [] }
        }
        let analysis = ActivityAnalyzer.analyze(read.activity, fileName: name)
        try Self.expectSame(RunAnalysis.self, String(decoding: try Self.encoder.encode(analysis), as: UTF8.self), "\(name): analysis")
        try Self.expectSame(ActivitySummary.self, String(decoding: try Self.encoder.encode(analysis.summary), as: UTF8.self), "\(name): summary")
        try Self.expectSame(Activity.self, String(decoding: try Self.encoder.encode(header), as: UTF8.self), "\(name): header")
        try Self.expectSame([Diagnostic].self, String(decoding: try Self.encoder.encode(read.diagnostics), as: UTF8.self), "\(name): diagnostics")
    }

    /// What happened: the value written again, or the kind of error.
    static func outcome<T: Codable>(_ body: () throws -> T) -> String {
        do {
            return String(decoding: try encoder.encode(body()), as: UTF8.self)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted: return "dataCorrupted"
            case .keyNotFound(let key, _): return "keyNotFound \(key.stringValue)"
            case .typeMismatch: return "typeMismatch"
            case .valueNotFound: return "valueNotFound"
            @unknown default: return "other"
            }
        } catch {
            return "\(error)"
        }
    }

    static func expectAlike<T: Codable>(_ type: T.Type, _ cases: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for json in cases {
            let reference = outcome { try JSONDecoder().decode(type, from: Data(json.utf8)) }
            let decoded = outcome { try StoredJSONDecoder().decode(type, from: json) }
            #expect(decoded == reference, "\(type) from \(json.prefix(80))", sourceLocation: sourceLocation)
        }
    }

    @Test func everyDoubleComesBackBitForBit() throws {
        var generator = SeededGenerator(state: 16)
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 1e22, 1e23, 9007199254740992, 9007199254740994, 2.2250738585072014e-308,
                                .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        // Any finite double (its bits at random), and the short decimals runs hold (metres, seconds, beats).
        values += (0..<20_000).map { _ in Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)) }.filter(\.isFinite)
        values += (0..<20_000).map { _ in Double(Int.random(in: -10_000_000...10_000_000, using: &generator)) / [1, 10, 100, 1000, 1e6][Int.random(in: 0..<5, using: &generator)] }
        values += (0..<5_000).map { _ in Double.random(in: 0..<100_000, using: &generator) }
        let json = String(decoding: try Self.encoder.encode(values), as: UTF8.self)
        let decoded = try StoredJSONDecoder().decode([Double].self, from: json)
        #expect(decoded.map(\.bitPattern) == values.map(\.bitPattern))
        try Self.expectSame([Double].self, json, "doubles")
    }

    struct Point: Codable, Equatable {
        var name: String
        var elevationMeters: Double?
        var count: Int
        var tags: [String]
    }

    @Test func oddAndBrokenTextIsTakenOrRefusedAlike() {
        Self.expectAlike([Double].self, ["[1, 2.5, -0, 0, 1e3, 1E-3, -1.5e+2, 123456789012345678901234567890, 0.1, 5e-324, 1.7976931348623157e308]",
                                         "[1,]", "[1, ]", "[,]", "[1,,]", "[01]", "[1.]", "[.5]", "[-]", "[1e]", "[+1]", "[NaN]", "[1e400]", " [ 1 , 2 ] ", "[1] x", "", "[", "[\"1\"]",
                                         "[null]", "{}", "[9007199254740993]", "[-9223372036854775809]", "[2.5e-5, 33.333333333333336]"])
        Self.expectAlike([Float].self, ["[1, 2.5, -0, 0.1, 16777217, 3.4028235e38, 1e39, 150.5]"])
        Self.expectAlike([Int].self, ["[1, -1, 0, 9223372036854775807, -9223372036854775808]", "[9223372036854775808]", "[1.5]", "[true]"])
        Self.expectAlike([UInt8].self, ["[0, 255]", "[256]", "[-1]"])
        Self.expectAlike([String].self, ["[\"a\\nb\", \"\\u00e9\", \"\\ud83d\\ude00\", \"\\/\\\\\\\"\", \"é😀\", \"\"]", "[\"\\ud800\"]",
                                         "[\"\\udc00\"]", "[\"\\x\"]", "[\"a\tb\"]", "[\"\\u00g0\"]", "[\"abc]", "[\"\\u12\"]"])
        Self.expectAlike([Bool?].self, ["[true, false, null]", "[tru]", "[nul]", "[True]"])
        Self.expectAlike([String: Int].self, ["{\"a\": 1, \"b\": 2}", "{\"a\": 1,}", "{,}", "{\"a\": 1, \"a\": 2}", "{a: 1}", "{\"a\" 1}", "{\"\\u0061\": 3}", "{}", "[]"])
        Self.expectAlike(Point.self, ["{\"name\": \"x\", \"count\": 3, \"tags\": []}", "{\"name\": \"x\", \"elevationMeters\": null, \"count\": 3, \"tags\": [\"a\"]}",
                                      "{\"name\": \"x\", \"elevationMeters\": 4.5, \"count\": 3, \"tags\": [\"a\"], \"extra\": {\"deep\": [1, [2, {}]]}}",
                                      "{\"name\": \"x\", \"tags\": []}", "{\"name\": null, \"count\": 3, \"tags\": []}", "{\"name\": 1, \"count\": 3, \"tags\": []}",
                                      "{\"name\": \"x\", \"count\": 3, \"tags\": [1]}", "{\"name\": \"\\u0078\", \"count\": 3, \"tags\": [], \"\\u006eame\": \"y\"}"])
        // Splits and best efforts are read past Codable's generic calls: still the same outcomes.
        Self.expectAlike([Split].self, ["[{\"index\": 1, \"distanceMeters\": 1000, \"elapsedTimeSeconds\": 300.5, \"movingTimeSeconds\": -0, \"isPartial\": false}]",
                                        "[{\"index\": 2, \"distanceMeters\": 1e3, \"elapsedTimeSeconds\": 1, \"movingTimeSeconds\": 1, \"isPartial\": true, "
                                            + "\"elevationChangeMeters\": null, \"averageHeartRateBPM\": 150.25, \"other\": [1]}]",
                                        "[{\"index\": 1.5, \"distanceMeters\": 1000, \"elapsedTimeSeconds\": 1, \"movingTimeSeconds\": 1, \"isPartial\": false}]",
                                        "[{\"index\": 1, \"distanceMeters\": null, \"elapsedTimeSeconds\": 1, \"movingTimeSeconds\": 1, \"isPartial\": false}]",
                                        "[{\"index\": 1, \"elapsedTimeSeconds\": 1, \"movingTimeSeconds\": 1, \"isPartial\": false}]",
                                        "[{\"index\": 1, \"distanceMeters\": \"1000\", \"elapsedTimeSeconds\": 1, \"movingTimeSeconds\": 1, \"isPartial\": false}]",
                                        "[{\"index\": 1, \"distanceMeters\": 1, \"elapsedTimeSeconds\": 1, \"movingTimeSeconds\": 1, \"isPartial\": 0}]",
                                        "[3]", "[null]", "[]"])
        Self.expectAlike([BestEffort].self, ["[{\"distanceMeters\": 400, \"elapsedTimeSeconds\": 80.25, \"startDistanceMeters\": 0, \"startTimeSeconds\": 1.7e9}]",
                                             "[{\"distanceMeters\": 400, \"elapsedTimeSeconds\": 80.25, \"startDistanceMeters\": 0}]"])
        Self.expectAlike([[Int]].self, [String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)])
    }
}
