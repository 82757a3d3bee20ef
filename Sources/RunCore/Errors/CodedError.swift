/// An error of a layer below the front ends: a stable code, the data a sentence about it needs, and
/// a plain English `description` for logs and tests.
///
/// The sentence a person reads, in their language, and the hint that names a command, a flag or a
/// button are written by the front ends (RunUI's `Errors/`, one file per error area), never here: a
/// `description` names no command or flag of any front end ("this version", not "runlog"; "read
/// leniently", not the option that does it). `SourceMessageTests` checks the sources for that.
///
/// To add an error area: a `Sendable` struct with a `Code` of named static constants (its raw values
/// are API: never rename one), the data as typed properties, conformance to this protocol (the
/// code's raw value and the data under stable keys), and a `…ErrorText` file in RunUI's `Errors/`
/// that ``ErrorText`` dispatches to.
package protocol CodedError: Error, Sendable, CustomStringConvertible {
    /// The code's raw value: stable, machine-readable (the JSON API's `error.code`).
    var codeName: String { get }
    /// The data a sentence needs, under stable keys: SI units with the unit in the key
    /// (`offsetBytes`, `limitBytes`), names as given, lists as arrays. Absent data is left out.
    var data: [String: JSONValue] { get }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// The members whose values are known (nil is left out).
    package static func known(_ members: KeyValuePairs<String, JSONValue?>) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (key, value) in members { if let value { result[key] = value } }
        return result
    }
}
