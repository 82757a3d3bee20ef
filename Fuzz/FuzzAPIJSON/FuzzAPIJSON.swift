// libFuzzer target: every JSON request body the API takes (RunWeb's APIRequestBody: a run's
// update, a settings change, a new profile, a name, a live command), each decoded from the same
// bytes, and the values in them checked as the operations check them (a setting's text by its
// definition, a search set's name). It checks what must hold for any input and traps otherwise:
// - a body is either decoded or refused with a WebError (a run's update also with a LibraryError
//   for a word that is no sport);
// - a setting's text that its definition parses gives a value the definition accepts.
// `make fuzz` runs it; `make test` runs it briefly.
import RunCore
import RunStore
import RunWeb

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzAPIRequestBodies(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let body = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    refusedOnlyInWords { _ = try APIRequestBody.RunUpdate(json: body) }
    refusedOnlyInWords {
        let change = try APIRequestBody.SettingsChange(json: body)
        for (key, text) in change.texts {
            guard let definition = Settings.definition(key) else { continue }
            if case .success(let value) = definition.parse(text) {
                require(definition.accepts(value), "\(key) parsed \(text.debugDescription) as \(value), which it does not accept")
            }
        }
    }
    refusedOnlyInWords {
        let profile = try APIRequestBody.NewProfile(json: body)
        _ = profile.copyFrom
    }
    refusedOnlyInWords {
        let name = try APIRequestBody.Name(json: body, missing: "give a name").name
        _ = try? SearchSet.validateName(name)
    }
    refusedOnlyInWords { _ = try APIRequestBody.LiveCommand(json: body) }
    return 0
}

/// Runs `decode`, which may refuse the body as the API would (a ``WebError``, or a
/// ``LibraryError`` for a value the operation refuses); anything else is a fault.
private func refusedOnlyInWords(_ decode: () throws -> Void) {
    do {
        try decode()
    } catch is WebError {
    } catch is LibraryError {
    } catch {
        fatalError("a body was refused with neither a WebError nor a LibraryError: \(error)")
    }
}

/// A property every input must keep: a fault with its description when it does not (fatalError,
/// which a release build prints, unlike precondition's message).
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
