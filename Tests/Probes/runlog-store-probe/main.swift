// runlog-store-probe: the shared store (group.sqlite) driven from real processes, for the tests
// (Tests/RunStoreTests/SharedStoreProcessTests.swift) and the benchmark (Benchmarks/bench.py).
//
//   write-loop PATH                 forever: one atomic write per n = stored n + 1, n + 2 … of keys
//                                   k0…k9 = n and `blob` = Probe.blob(n) (4 KiB) in domain `loop`;
//                                   prints `b N` before each write and `c N` once it is committed
//   increment PATH KEY COUNT        prints `ready`, waits for a line on stdin, then COUNT
//                                   read-modify-write increments of KEY (domain `counter`) under
//                                   SharedStore.update; prints `done`
//   read-default HOME KEY           prints `ready`, waits for a line on stdin, then opens
//                                   SettingsStore(home:), reads the active profile and prints
//                                   `VALUE ORIGIN` of setting KEY
//   set PATH KEY INT                one write of KEY = INT in domain `loop`; prints `committed`
//   observe PATH COUNT              prints `ready` once a StoreObserver runs, then `T N` for each
//                                   change it is told of (T: CLOCK_MONOTONIC ns at the handler's
//                                   entry, N: k0 read afterwards); exits once N >= COUNT
//   paced-write PATH COUNT MICROS   COUNT writes as in write-loop (n = 1…COUNT), one every MICROS µs
//                                   on an absolute schedule; prints `N T0 T1` (CLOCK_MONOTONIC ns
//                                   before the write and after it returned: committed, bell rung)
//   commit-rate PATH COUNT          COUNT writes as in write-loop, back to back; prints
//                                   `commits=… seconds=…`
//
// Exit status: 0, 1 on a store error (message on stderr), 2 when the stored data is inconsistent,
// 64 on bad usage. Output lines are written with one write(2) each, so a killed probe never
// leaves half a line. With RUNLOG_PROBE_NICE=N in the environment the probe lowers its CPU
// priority to nice N first (the tests do, so that their hundreds of probes leave the CPU to the
// other tests running beside them; the benchmark does not).
import Foundation

if let nice = ProcessInfo.processInfo.environment["RUNLOG_PROBE_NICE"].flatMap({ Int32($0) }) {
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
}
let arguments = Array(CommandLine.arguments.dropFirst())
exit(Probe.main(arguments))
