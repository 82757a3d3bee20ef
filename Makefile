# runlog — the two commands a new user runs: `make demo` and `make test`.
SWIFT ?= swift
DEMO_HOME := $(CURDIR)/.build/demo-home
RUNLOG_DEBUG := $(CURDIR)/.build/debug/runlog
SHARED ?= $(if $(RUNLOG_SHARED),$(RUNLOG_SHARED),$(abspath $(CURDIR)/../shared))

.PHONY: demo test build release install install-build completions bench bench-static bench-live bench-fit bench-archive bench-upload bench-misses fuzz fuzz-brief deps deps-bench clean shared-data

## demo: build, import the sample runs into a fresh demo library, list them, show one
demo: deps build
	@rm -rf "$(DEMO_HOME)"
	@echo "== runlog import samples/runs   (demo library: $(DEMO_HOME))"
	@RUNLOG_HOME="$(DEMO_HOME)" "$(RUNLOG_DEBUG)" import samples/runs
	@echo
	@echo "== runlog list"
	@RUNLOG_HOME="$(DEMO_HOME)" "$(RUNLOG_DEBUG)" list
	@echo
	@echo "== runlog show 3"
	@RUNLOG_HOME="$(DEMO_HOME)" "$(RUNLOG_DEBUG)" show 3
	@echo
	@echo "Try, with RUNLOG_HOME=$(DEMO_HOME):"
	@echo "  $(RUNLOG_DEBUG) export 3 -o /tmp/morning.gpx      # clean GPX 1.1"
	@echo "  $(RUNLOG_DEBUG) serve                            # the web UI on http://127.0.0.1:8080"
	@echo "  $(RUNLOG_DEBUG) record --replay samples/runs/lunch-intervals.gpx --speed 10   # and 'runlog widget' in another terminal"

## test: every test (unit, corpus, cases, round trip with xmllint, CLI, real processes), with a private
## PostgreSQL server for the PostgreSQL storage's tests (scripts/test-postgres.sh: started in a temporary
## directory, stopped and removed after, also on failure); then every fuzz target briefly (fuzz-brief)
test: deps build shared-data
	scripts/test-postgres.sh run $(SWIFT) test --disable-xctest
	@$(MAKE) --no-print-directory fuzz-brief

shared-data:
	@test -f "$(SHARED)/corpus/MANIFEST.tsv" || { echo "The tests read the shared corpus and cases at $(SHARED), which is missing:"; \
	  echo "check out the project beside its 'shared' folder, or set RUNLOG_SHARED=/path/to/shared."; exit 1; }

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release

## install: a release binary with the Swift runtime linked in (needs only Debian's libraries) into $(PREFIX)/bin,
## the GPX MIME type and the "Import into runlog" desktop entry under $(PREFIX)/share, and the
## bash, zsh and fish completions. BINARY=path installs an already built runlog instead of building one.
PREFIX ?= $(HOME)/.local
BINARY ?=
SHAREDIR = $(DESTDIR)$(PREFIX)/share
install: deps $(if $(BINARY),,install-build)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(SHAREDIR)/mime/packages" "$(SHAREDIR)/applications" \
	  "$(SHAREDIR)/bash-completion/completions" "$(SHAREDIR)/zsh/site-functions" "$(SHAREDIR)/fish/vendor_completions.d"
	install -m 0755 "$(if $(BINARY),$(BINARY),.build/release/runlog)" "$(DESTDIR)$(PREFIX)/bin/runlog"
	install -m 0644 data/runlog-gpx.xml "$(SHAREDIR)/mime/packages/runlog.xml"
	install -m 0644 data/runlog.desktop "$(SHAREDIR)/applications/runlog.desktop"
	install -m 0644 completions/runlog.bash "$(SHAREDIR)/bash-completion/completions/runlog"
	install -m 0644 completions/_runlog "$(SHAREDIR)/zsh/site-functions/_runlog"
	install -m 0644 completions/runlog.fish "$(SHAREDIR)/fish/vendor_completions.d/runlog.fish"
	@if [ -z "$(DESTDIR)" ] && command -v update-mime-database >/dev/null; then update-mime-database "$(SHAREDIR)/mime"; fi
	@if [ -z "$(DESTDIR)" ] && command -v update-desktop-database >/dev/null; then update-desktop-database -q "$(SHAREDIR)/applications"; fi

## completions: writes completions/ (bash, zsh, fish) from runlog's declarations of its commands ('runlog completions SHELL');
## the tests fail when a committed script differs from what the declarations give
completions:
	$(SWIFT) build --product runlog
	bin="$$($(SWIFT) build --show-bin-path)/runlog"; "$$bin" completions bash > completions/runlog.bash && \
	  "$$bin" completions zsh > completions/_runlog && "$$bin" completions fish > completions/runlog.fish

install-build:
	$(SWIFT) build -c release --static-swift-stdlib --product runlog

## bench: release builds side by side with libxml2's SAX floor, GPSBabel and gpxpy; the shared store between processes
bench: deps-bench bench-static
	@scripts/bench-venv.sh
	$(SWIFT) build -c release --product runlog-bench
	$(SWIFT) build -c release --product runlog
	$(SWIFT) build -c release --product runlog-store-probe
	/usr/bin/python3 Benchmarks/bench.py

## bench-fit: FIT decoding alone (runlog beside GPSBabel, Garmin's Python SDK and fitdecode); bench-archive: importing a zip of 1,000 gzipped runs
bench-fit: deps-bench bench-static
	@scripts/bench-venv.sh
	$(SWIFT) build -c release --product runlog-bench
	$(SWIFT) build -c release --product runlog
	BENCH_ONLY=fit /usr/bin/python3 Benchmarks/bench.py

## bench-static: runlog-bench and runlog with the Swift runtime linked in, as `make install` builds runlog, in
## their own build path (.build/static) so the default builds stay valid. Part 7 (FIT) times these: a process
## of the static build starts in about 4 ms instead of 8 (no dynamic linking of libswiftCore and Foundation).
bench-static:
	$(SWIFT) build -c release --static-swift-stdlib --build-path .build/static --product runlog-bench
	$(SWIFT) build -c release --static-swift-stdlib --build-path .build/static --product runlog

bench-archive: deps-bench
	@scripts/bench-venv.sh
	$(SWIFT) build -c release --product runlog
	BENCH_ONLY=archive /usr/bin/python3 Benchmarks/bench.py

## bench-upload: the server's memory during 64 MB uploads of many files (the review's zip of ~715,000 empty files; ~2,000 runs)
bench-upload: deps
	$(SWIFT) build -c release --product runlog
	BENCH_ONLY=upload /usr/bin/python3 Benchmarks/bench.py

## bench-misses: the run page of a 50,000-point run with every request a cache miss (wrk, 16 and 64 connections);
## BENCH_BASELINE=/path/to/an/older/runlog measures that build beside this one, alternating
bench-misses:
	$(SWIFT) build -c release --product runlog
	BENCH_ONLY=misses /usr/bin/python3 Benchmarks/bench.py

## fuzz: the libFuzzer targets (Fuzz/: the GPX, FIT and TCX readers, the read session, what an import
## computes, the multipart and URL-encoded forms, the settings import, the API's JSON bodies) built
## with ASan in release (.build/fuzz-build, every target in one step), FUZZ_SECONDS (60) each, seeded
## with the shared corpus and cases and Fuzz/seeds/, each with its format's dictionary
## (Fuzz/dictionaries/); the corpus found is kept in .build/fuzz/TARGET/corpus. A crash fails it and
## names the reproducer under .build/fuzz/TARGET/. FUZZ_TARGETS="FuzzGPX FuzzFIT" runs some of them;
## long runs of several at once: scripts/fuzz.sh --build-only, then FUZZ_SKIP_BUILD=1 FUZZ_SECONDS=1800
## scripts/fuzz.sh TARGET in a terminal each (scripts/fuzz.sh says more).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz: deps shared-data
	FUZZ_SECONDS=$(FUZZ_SECONDS) RUNLOG_SHARED="$(SHARED)" SWIFT="$(SWIFT)" scripts/fuzz.sh $(FUZZ_TARGETS)

## fuzz-brief: every fuzz target for FUZZ_BRIEF_SECONDS (7) from the seeds alone (no corpus kept), as
## the last step of `make test`: the sanitized build takes some minutes the first time, the runs about
## a minute and a half; a crash fails it naming the reproducer under .build/fuzz/brief/TARGET/.
FUZZ_BRIEF_SECONDS ?= 7
fuzz-brief: deps shared-data
	FUZZ_SECONDS=$(FUZZ_BRIEF_SECONDS) RUNLOG_SHARED="$(SHARED)" SWIFT="$(SWIFT)" scripts/fuzz.sh --brief

## bench-live: the live recording alone (recorder -> widget redraw, command round trip, lost or torn states)
bench-live: deps
	$(SWIFT) build -c release --product runlog
	BENCH_ONLY=live /usr/bin/python3 Benchmarks/bench.py

deps:
	@scripts/install-deps.sh build

deps-bench:
	@scripts/install-deps.sh bench

clean:
	rm -rf .build bench-data
