import RunCore
import Testing

/// Which commands a recording refuses in which state, written out by hand from the state machine
/// (ready → running ⇄ paused → finished or discarded), and the refusal as it travels through the
/// shared store from the recorder to the process that sent the command.
@Suite struct LiveCommandErrorTests {
    /// The refusals, by state then command (nil: applied).
    static let table: [(RecordingState, LiveCommandKind, LiveCommandError.Code?)] = [
        (.ready, .pause, nil), (.ready, .resume, .notPaused), (.ready, .lap, .lapNotRunning), (.ready, .finish, nil), (.ready, .discard, nil),
        (.running, .pause, nil), (.running, .resume, .notPaused), (.running, .lap, nil), (.running, .finish, nil), (.running, .discard, nil),
        (.autoPaused, .pause, nil), (.autoPaused, .resume, .notPaused), (.autoPaused, .lap, nil), (.autoPaused, .finish, nil),
        (.autoPaused, .discard, nil),
        (.paused, .pause, .alreadyPaused), (.paused, .resume, nil), (.paused, .lap, .lapNotRunning), (.paused, .finish, nil),
        (.paused, .discard, nil),
    ] + [RecordingState.finished, .discarded].flatMap { state in LiveCommandKind.allCases.map { (state, $0, .recordingEnded) } }

    @Test func theRuleRefusesWhatTheStateMachineDoesNotTake() {
        #expect(Self.table.count == RecordingState.allCases.count * LiveCommandKind.allCases.count)
        for (state, command, code) in Self.table {
            let refusal = LiveCommandError.refusal(of: command, in: state)
            #expect(refusal?.code == code, "\(command) while \(state)")
            if let refusal { #expect(refusal.command == command && refusal.state == state) }
        }
    }

    @Test func aRefusalTravelsAsItsAnswer() throws {
        for (state, command, code) in Self.table where code != nil {
            let refusal = try #require(LiveCommandError.refusal(of: command, in: state))
            #expect(LiveCommandError(answer: refusal.answer, command: command) == refusal, "\(refusal.answer)")
        }
        #expect(LiveCommandError(.lapNotRunning, command: .lap, state: .paused).answer == "lapNotRunning paused")
        #expect(LiveCommandError(.notPaused, command: .resume, state: .autoPaused).description
                == "resume: the recording is not paused (it is autoPaused)")
        // An answer in another form (a recorder of an earlier version wrote English): not read.
        for other in ["the recording is paused already", "ok", "", "lapNotRunning", "lapNotRunning sleeping", "unknown paused"] {
            #expect(LiveCommandError(answer: other, command: .lap) == nil, "\(other)")
        }
    }

    @Test func itsDataAreTheCommandAndTheState() {
        let error = LiveCommandError(.recordingEnded, command: .finish, state: .discarded)
        #expect(error.codeName == "recordingEnded")
        #expect(error.data == ["command": .string("finish"), "state": .string("discarded")])
        #expect(error.description == "finish: the recording has ended (discarded)")
    }
}
