import Dispatch
import Foundation

/// Turns signals (SIGINT, SIGTERM, SIGHUP) into a callback instead of the default exit, until cancelled;
/// the signals' previous dispositions come back then.
package final class SignalWatch {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    package init(signals: [Int32], handler: @escaping @Sendable () -> Void) {
        self.signals = signals
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    package func cancel() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
