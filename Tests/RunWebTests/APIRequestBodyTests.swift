import RunCore
import RunStore
import RunWeb
import Testing

/// The API's JSON bodies as `APIRequestBody` reads them (the handlers and the fuzz target
/// FuzzAPIJSON both go through it): what each takes, and each refusal's status and code.
@Suite struct APIRequestBodyTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func refusal(_ decode: () throws -> Void) -> WebError? {
        do { try decode() } catch let error as WebError { return error } catch { return nil }
        return nil
    }

    @Test func aRunUpdateTakesNameNotesAndSport() throws {
        let update = try APIRequestBody.RunUpdate(json: Self.bytes(#"{"name": "Hills", "notes": "", "sport": "trail_running"}"#))
        #expect(update.edit == RunEdit(name: "Hills", notes: "", sport: .chosen(.trailRunning)))
        #expect(try APIRequestBody.RunUpdate(json: Self.bytes(#"{"sport": null}"#)).edit == RunEdit(sport: .inferred))
        #expect(throws: LibraryError.self) { try APIRequestBody.RunUpdate(json: Self.bytes(#"{"sport": "chess"}"#)) }
    }

    @Test(arguments: [#"{}"#, #"{"name": 3}"#, #"{"sport": 1}"#, #"[{"name": "x"}]"#, #"{"name": "x""#, ""])
    func aRunUpdateIsRefusedWithBadRequest(body: String) {
        let error = Self.refusal { _ = try APIRequestBody.RunUpdate(json: Self.bytes(body)) }
        #expect(error?.status == 400 && error?.code == "badRequest", "\(String(describing: error))")
    }

    /// Values as the user would type them: a toggle's 1 is true, whole numbers without a point,
    /// others as DecimalText writes them, strings as they are.
    @Test func aSettingsChangeTakesTheTextsTheCLIWouldTake() throws {
        let change = try APIRequestBody.SettingsChange(json: Self.bytes(
            #"{"recording.autoPause": 1, "heartRate.maximum": 185.0, "analysis.movingSpeed": 0.6, "units": "imperial"}"#))
        #expect(change.texts == ["recording.autoPause": "true", "heartRate.maximum": "185", "analysis.movingSpeed": "0.6",
                                 "units": "imperial"])
    }

    @Test func profilesNamesAndCommands() throws {
        let profile = try APIRequestBody.NewProfile(json: Self.bytes(#"{"name": "road", "copyFrom": "default"}"#))
        #expect(profile.name == "road" && profile.copyFrom == "default")
        #expect(try APIRequestBody.NewProfile(json: Self.bytes(#"{"name": "trail"}"#)).copyFrom == nil)
        #expect(try APIRequestBody.Name(json: Self.bytes(#"{"name": "Long runs"}"#), missing: "m").name == "Long runs")
        #expect(Self.refusal { _ = try APIRequestBody.Name(json: Self.bytes(#"{"nam": "x"}"#), missing: "give one") }?.message == "give one")
        #expect(try APIRequestBody.LiveCommand(json: Self.bytes(#"{"command": "lap"}"#)).kind == .lap)
        let unknown = Self.refusal { _ = try APIRequestBody.LiveCommand(json: Self.bytes(#"{"command": "LAP"}"#)) }
        #expect(unknown?.status == 422 && unknown?.code == "unknownCommand")
    }
}

/// Inputs the fuzz targets found, kept as they were found.
@Suite struct APIRequestBodyFoundInputTests {
    /// FuzzAPIJSON, 747,060 runs in: a number of 309 digits (0.11e309) made DecimalText trap.
    @Test func aHugeNumberBecomesItsDigits() throws {
        let body = #"{"ujits": "imperial", "he!artRate.maximum": 0.11e309, "analysis.movingSpeed": 5.6, "cording.aut.maximum": 3700, "aEalysis.mzovingSpeed": 0.6,  "oPause": false, "map.tileURysmsiv.oingSpeed": 4.6, "recording.autoP:ause": false, "mape.maximum": 0.1, "{x}analysis.movingSpeed": 2.6, "recording.aut.maxi.tileURL": "https:/+tile.{y}.png", "unk": 5.6, "recordnown.keyL": "https:/+tile.apemxle/{z}/{x}/{y}.png", "own.key": [1, {"a": null}]}"#
        let change = try APIRequestBody.SettingsChange(json: Array(body.utf8))
        #expect(change.texts["he!artRate.maximum"] == "11" + String(repeating: "0", count: 307))
        #expect(change.texts["analysis.movingSpeed"] == "5.6" && change.texts["cording.aut.maximum"] == "3700")
    }
}
