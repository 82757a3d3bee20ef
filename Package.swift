// swift-tools-version:6.0
// runlog — a self-hosted run log. Layers (bottom up): C libraries → RunCore → RunFormats →
// RunStore (storage protocols) ← RunStoreSQLite, RunStorePostgres (their implementations) → RunLive → RunApp (use cases) → RunUI →
// RunWeb (over RunHTTP) → RunCLI → the `runlog` executable, which alone chooses the storage. See docs/ARCHITECTURE.md.
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]
// A fuzz target's Swift has no top-level code and no main: LLVMFuzzerTestOneInput only.
let fuzzSettings = strictSettings + [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "runlog",
    products: [
        .executable(name: "runlog", targets: ["runlog"]),
    ],
    targets: [
        // C libraries from Debian, one system-library target each.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CNettle", pkgConfig: "nettle", providers: [.apt(["nettle-dev"])]),
        // Argon2id password hashes (server mode's accounts): the reference implementation as Debian ships it.
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // compressed files (.gz, .bz2, .xz) and archives (.zip, .tar …): libarchive, never a hand-written inflater.
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        // PostgreSQL's client library (server mode): libpq, never a hand-written wire protocol.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // glibc's malloc.h (malloc_trim: the server hands an import's freed memory back to the system).
        .systemLibrary(name: "CMalloc", providers: [.apt(["libc6-dev"])]),

        // core: model, geodesy, analysis. No C dependency, no I/O.
        .target(name: "RunCore", swiftSettings: strictSettings),
        // formats: the activity readers (GPX and TCX on libxml2 SAX2, FIT runlog's own), compressed
        // files and archives (libarchive), the writers.
        // The SAX callbacks touch the reader's state millions of times per file; dynamic exclusivity
        // checks cost ~19 % of a read there (callgrind). The state is confined to one thread, and
        // debug builds (the tests) keep the checks on.
        .target(name: "RunFormats", dependencies: ["RunCore", "CLibXML2", "CArchive"],
                swiftSettings: strictSettings + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // storage, neutral: the protocols every storage implements (run library, shared entries,
        // live session, change observation, the backend that opens them), what is stored, and the
        // rules over it (settings, import, reanalysis, accounts and their password hashes). No SQL.
        .target(name: "RunStore", dependencies: ["RunCore", "RunFormats", "CZlib", "CNettle", "CArgon2"],
                swiftSettings: strictSettings),
        // storage on SQLite: the embedded backend (library.sqlite, group.sqlite).
        .target(name: "RunStoreSQLite", dependencies: ["RunCore", "RunFormats", "RunStore", "CSQLite", "CZlib"],
                swiftSettings: strictSettings),
        // storage on PostgreSQL (server mode, libpq): every user's library and shared store in one
        // database, opened as one user; LISTEN/NOTIFY tells other processes of commits.
        .target(name: "RunStorePostgres", dependencies: ["RunCore", "RunFormats", "RunStore", "CLibPQ"],
                swiftSettings: strictSettings),
        // live: the recorder (state machine driver, fix sources: GPX replay, gpsd), live state and commands.
        .target(name: "RunLive", dependencies: ["RunCore", "RunFormats", "RunStore"], swiftSettings: strictSettings),
        // application: the use cases both front ends call — import (with the recompute after a
        // concurrent settings change), runs (detail with staleness, edit, delete), search and search
        // sets (the rename cascade, the set-in-use rule), settings changes, display preferences,
        // recording control. Storage-neutral: never RunStoreSQLite, never a front end.
        .target(name: "RunApp", dependencies: ["RunCore", "RunFormats", "RunStore"], swiftSettings: strictSettings),
        // presentation: section controllers, formatting, SVG map and charts, shared by the CLI and the web UI.
        .target(name: "RunUI", dependencies: ["RunCore", "RunFormats", "RunStore", "RunApp", "RunLive"], swiftSettings: strictSettings),
        // HTTP on libmicrohttpd: server, requests and responses, streams, forms, router, security headers.
        // Generic HTTP: it imports no runlog module.
        .target(name: "RunHTTP", dependencies: ["CMicroHTTPD", "CMalloc"], swiftSettings: strictSettings),
        // front end: the local web UI (`runlog serve`): the middleware chain, pages, JSON API.
        .target(name: "RunWeb", dependencies: ["RunCore", "RunFormats", "RunStore", "RunApp", "RunUI", "RunHTTP", "CMalloc"],
                swiftSettings: strictSettings),
        // front end: the command-line interface as a library, testable in process.
        .target(name: "RunCLI", dependencies: ["RunCore", "RunFormats", "RunStore", "RunApp", "RunLive", "RunUI", "RunHTTP", "RunWeb"],
                swiftSettings: strictSettings),
        .executableTarget(name: "runlog", dependencies: ["RunCLI", "RunStoreSQLite", "RunStorePostgres"], swiftSettings: strictSettings),

        // benchmarks (release builds, run by `make bench`).
        .executableTarget(name: "runlog-bench", dependencies: ["RunCore", "RunFormats", "RunStore", "RunStoreSQLite"],
                          path: "Benchmarks/runlog-bench", swiftSettings: strictSettings),
        // the shared store driven from real processes, by the tests (SharedStoreProcessTests) and `make bench`.
        .executableTarget(name: "runlog-store-probe", dependencies: ["RunCore", "RunStore", "RunStoreSQLite"],
                          path: "Tests/Probes/runlog-store-probe", swiftSettings: strictSettings),

        // fuzz targets (libFuzzer): `make fuzz` builds them with -sanitize=fuzzer,address (scripts/fuzz.sh);
        // a plain build replays the files named on the command line. FuzzEntry supplies each one's main.
        .target(name: "FuzzEntry", path: "Fuzz/FuzzEntry"),
        .executableTarget(name: "FuzzGPX", dependencies: ["RunFormats", "FuzzEntry"], path: "Fuzz/FuzzGPX",
                          swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzFIT", dependencies: ["RunFormats", "FuzzEntry"], path: "Fuzz/FuzzFIT",
                          swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzTCX", dependencies: ["RunFormats", "FuzzEntry"], path: "Fuzz/FuzzTCX",
                          swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzReadSession", dependencies: ["RunFormats", "FuzzEntry"], path: "Fuzz/FuzzReadSession",
                          swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzAnalysis", dependencies: ["RunCore", "RunFormats", "RunStore", "FuzzEntry"], path: "Fuzz/FuzzAnalysis",
                          swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzMultipart", dependencies: ["RunHTTP", "FuzzEntry"], path: "Fuzz/FuzzMultipart",
                          swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzURLEncodedForm", dependencies: ["RunHTTP", "FuzzEntry"], path: "Fuzz/FuzzURLEncodedForm",
                          swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzSettingsImport", dependencies: ["RunCore", "RunStore", "RunStoreSQLite", "FuzzEntry"],
                          path: "Fuzz/FuzzSettingsImport", swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzAPIJSON", dependencies: ["RunCore", "RunStore", "RunWeb", "FuzzEntry"], path: "Fuzz/FuzzAPIJSON",
                          swiftSettings: fuzzSettings),

        // tests: one target per module, plus shared helpers for corpus and reference data.
        .target(name: "TestSupport", dependencies: ["RunCore", "RunFormats", "RunStore"], path: "Tests/TestSupport",
                swiftSettings: strictSettings),
        // what any storage implementation must do, written against the protocols; each implementation's tests run it.
        .target(name: "StorageConformance", dependencies: ["RunStore", "RunCore", "RunFormats", "TestSupport"],
                path: "Tests/StorageConformance", swiftSettings: strictSettings),
        .testTarget(name: "RunCoreTests", dependencies: ["RunCore", "TestSupport"],
                    exclude: ["Geodesy/make-geodesic-reference.py", "Geodesy/geodesic-reference.tsv"],
                    swiftSettings: strictSettings),
        .testTarget(name: "RunFormatsTests", dependencies: ["RunFormats", "RunCore", "TestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "RunStoreTests", dependencies: ["RunStore", "RunStoreSQLite", "StorageConformance", "RunFormats", "RunCore", "TestSupport"],
                    swiftSettings: strictSettings),
        // the PostgreSQL implementation against a real server (scripts/test-postgres.sh starts one for `make test`).
        .testTarget(name: "RunStorePostgresTests", dependencies: ["RunStorePostgres", "RunStore", "StorageConformance", "RunFormats", "RunCore",
                                                                  "RunCLI", "RunStoreSQLite", "TestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "RunAppTests", dependencies: ["RunApp", "RunStore", "RunStoreSQLite", "RunFormats", "RunCore", "TestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "RunLiveTests", dependencies: ["RunLive", "RunStore", "RunStoreSQLite", "RunCore", "TestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "RunUITests", dependencies: ["RunUI", "RunLive", "RunStore", "RunStoreSQLite", "RunFormats", "RunCore", "TestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "RunHTTPTests", dependencies: ["RunHTTP", "TestSupport"], swiftSettings: strictSettings),
        // (RunStorePostgres: server mode's tests, against the tests' PostgreSQL server.)
        .testTarget(name: "RunWebTests", dependencies: ["RunWeb", "RunApp", "RunHTTP", "RunUI", "RunStore", "RunStoreSQLite", "RunStorePostgres",
                                                        "RunFormats", "RunCore", "TestSupport"],
                    exclude: ["Browser/browser_test.py"], swiftSettings: strictSettings),
        .testTarget(name: "RunCLITests", dependencies: ["RunCLI", "RunStore", "RunStoreSQLite", "RunFormats", "RunCore", "TestSupport"],
                    swiftSettings: strictSettings),
    ]
)
