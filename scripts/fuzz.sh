#!/bin/sh
# runlog's libFuzzer targets (Fuzz/), built with -sanitize=fuzzer,address in release and run one
# after the other, each seeded and given its format's dictionary (Fuzz/dictionaries/).
#
#   scripts/fuzz.sh [TARGET...]           `make fuzz`: FUZZ_SECONDS (60) each, the corpus found kept
#   scripts/fuzz.sh --brief [TARGET...]   `make fuzz-brief` (part of `make test`): FUZZ_SECONDS (7)
#                                         each, seeds only (the shared folder's and Fuzz/seeds/)
#
# Targets (default: all): FuzzGPX FuzzFIT FuzzTCX FuzzReadSession (the readers), FuzzAnalysis (what
# an import computes), FuzzMultipart FuzzURLEncodedForm (the web's forms), FuzzSettingsImport (a
# settings file), FuzzAPIJSON (the API's JSON bodies).
#
# Environment:
#   FUZZ_SECONDS     seconds per target (60; 7 with --brief)
#   FUZZ_SKIP_BUILD  1: use the targets already built (`scripts/fuzz.sh --build-only` builds them),
#                    so that several runs of this script can go at once without two builds racing
#   FUZZ_MAX_LEN     largest input, bytes (per target by default: 64 KiB; FIT and the read session
#                    128 KiB; the analysis and JSON 16 KiB)
#   FUZZ_JOBS        fuzzing processes per target (libFuzzer's -fork; 1)
#   FUZZ_FLAGS       more libFuzzer flags
#   RUNLOG_SHARED    the shared folder (default ../shared)
#   SWIFT            the swift driver (swift)
#
# A long run of one target in a terminal of its own, several at once:
#   scripts/fuzz.sh --build-only && FUZZ_SKIP_BUILD=1 FUZZ_SECONDS=1800 scripts/fuzz.sh FuzzGPX
#
# Layout, all under .build (the shared folder is only read):
#   .build/fuzz-build/                the sanitized release build (its own build path: the normal
#                                     one stays valid); built under a lock, every target in one step
#   .build/fuzz/TARGET/seeds/         the seeds, copied afresh on each run: the shared corpus and
#                                     cases, whole GPX, FIT and TCX files cut to fit -max_len
#                                     (scripts/fuzz-seeds.py, made once into .build/fuzz/derived/),
#                                     Fuzz/seeds/TARGET/
#   .build/fuzz/TARGET/dict           its dictionary (several formats' joined for the read session
#                                     and the analysis)
#   .build/fuzz/TARGET/corpus/        the inputs libFuzzer found (kept between runs, grows)
#   .build/fuzz/TARGET/crash-*, timeout-*, oom-*, leak-*   reproducers; the run fails when one is written
#   .build/fuzz/TARGET/log.txt        libFuzzer's output of the last run
#   .build/fuzz/brief/TARGET/         the same for --brief, whose corpus starts empty on each run
#   /dev/shm/runlog-fuzz.XXXXXX/      scratch files of a run (the settings import's store:
#                                     FUZZ_SCRATCH), removed when the script ends
# Reproduce: .build/fuzz-build/release/TARGET FILE (or, without sanitizers,
# `swift build --product TARGET && .build/debug/TARGET FILE`: a plain build replays the files it
# is given). Every crash found becomes a test in Tests/ with its input, and the input a seed,
# Fuzz/seeds/TARGET/found-*, which every run (the brief one too) replays first.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
SWIFT=${SWIFT:-swift}
all_targets="FuzzGPX FuzzFIT FuzzTCX FuzzReadSession FuzzAnalysis FuzzMultipart FuzzURLEncodedForm FuzzSettingsImport FuzzAPIJSON"
mode=full
case ${1:-} in
  --brief) mode=brief; shift ;;
  --build-only) mode=build; shift ;;
esac
targets=${*:-$all_targets}
for target in $targets; do
  case " $all_targets " in
    *" $target "*) ;;
    *) echo "fuzz: unknown target $target ($all_targets)" >&2; exit 64 ;;
  esac
done
if [ "$mode" = brief ]; then seconds=${FUZZ_SECONDS:-7}; else seconds=${FUZZ_SECONDS:-60}; fi
jobs=${FUZZ_JOBS:-1}
shared=${RUNLOG_SHARED:-$(cd "$root/.." && pwd)/shared}
build="$root/.build/fuzz-build"
out="$root/.build/fuzz"
[ "$mode" = brief ] && out="$root/.build/fuzz/brief"
gpx_files="$shared/corpus/files"
fit_tcx_files="$shared/corpus-fit-tcx/files"
case_files="$shared/cases/inputs"
for d in "$gpx_files" "$fit_tcx_files" "$case_files"; do
  [ -d "$d" ] || { echo "fuzz: the seed corpus $d is missing (set RUNLOG_SHARED=/path/to/shared)" >&2; exit 1; }
done

# build: every target in one step, under a lock, so that runs started at once never build together.
# SwiftPM builds one product per invocation; the modules they share are compiled once, by the first.
build_targets() {
  mkdir -p "$root/.build"
  started=$(date +%s)
  (
    flock 9
    for target in $targets; do
      log="$root/.build/fuzz-build-$target.log"
      if ! $SWIFT build -c release --build-path "$build" --product "$target" -Xswiftc -sanitize=fuzzer,address > "$log" 2>&1; then
        grep -E "error" "$log" | head -n 20 >&2
        echo "fuzz: building $target failed (all of it in $log)" >&2
        exit 1
      fi
      grep -E "warning: " "$log" | grep -v "Cannot export local symbol '__asan_extra_spill_area'" | head -n 20 || true
    done
  ) 9> "$root/.build/fuzz-build.lock"
  echo "== built $(echo $targets | wc -w) fuzz target(s) with -sanitize=fuzzer,address (release, $build) in $(( $(date +%s) - started )) s"
}

if [ "${FUZZ_SKIP_BUILD:-0}" = 1 ]; then
  for target in $targets; do
    [ -x "$build/release/$target" ] || { echo "fuzz: $build/release/$target is not built (run scripts/fuzz.sh --build-only)" >&2; exit 1; }
  done
else
  build_targets
fi
[ "$mode" = build ] && exit 0

symbolizer=$(command -v llvm-symbolizer || true)
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-$symbolizer}"
# Swift's runtime keeps its metadata caches for the life of the process: not leaks. Leak reports
# stay on; ASan aborts on the first error so libFuzzer writes the reproducer.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:symbolize=1}"
# Swift's own crash backtracer (swift-backtrace) reads the crashed process's memory from a helper
# thread, which ASan reports as a second error that hides the first: leave crashes to libFuzzer.
export SWIFT_BACKTRACE=enable=no

# copy_seeds DIR FILE...: fresh copies (never links: libFuzzer only reads them, but a copy keeps
# the shared folder out of reach of any tool that writes into a corpus).
copy_seeds() {
  into=$1; shift
  for f in "$@"; do if [ -f "$f" ]; then cp "$f" "$into/"; fi; done
  chmod u+w "$into"/* 2>/dev/null || true
}

# compressed_seeds DIR MAXLEN FILE...: each file gzipped, bzip2ed and xz-compressed, where the result fits in MAXLEN.
compressed_seeds() {
  into=$1; limit=$2; shift 2
  for f in "$@"; do
    name=$(basename "$f")
    for tool in gzip bzip2 xz; do
      command -v $tool >/dev/null || continue
      ext=$(case $tool in gzip) echo gz ;; bzip2) echo bz2 ;; xz) echo xz ;; esac)
      $tool -c "$f" > "$into/$name.$ext"
      [ "$(wc -c < "$into/$name.$ext")" -le "$limit" ] || rm -f "$into/$name.$ext"
    done
  done
}

# small_seeds gpx|tcx|fit DIR MAXLEN FILE...: whole documents cut to fit in MAXLEN and in MAXLEN/16
# (scripts/fuzz-seeds.py): libFuzzer cuts a larger seed to -max_len, and every corpus TCX file is
# larger than 64 KiB, so the TCX target never saw a document's end without them. Made once for each
# kind, size and set of files (.build/fuzz/derived/), and copied from there.
small_seeds() {
  kind=$1 into=$2 limit=$3; shift 3
  for size in "$limit" $((limit / 16)); do
    stamp=$( (cat "$root/scripts/fuzz-seeds.py"; ls -l "$@") | cksum | cut -d' ' -f1)
    made="$root/.build/fuzz/derived/$kind-$size-$stamp"
    if [ ! -d "$made" ]; then
      mkdir -p "$made.$$"
      /usr/bin/python3 "$root/scripts/fuzz-seeds.py" "$kind" "$made.$$" "$size" "$@"
      mv -T "$made.$$" "$made" 2>/dev/null || rm -rf "$made.$$"  # another run made it meanwhile
    fi
    for f in "$made"/*; do if [ -f "$f" ]; then cp "$f" "$into/"; fi; done
  done
}

dictionaries="$root/Fuzz/dictionaries"
# A scratch folder for targets that need files (the settings import's store), on tmpfs where there
# is one, removed when this script ends however it ends: libFuzzer's processes end without their
# exit handlers, so they cannot remove their own.
scratch_base=/dev/shm
[ -d "$scratch_base" ] && [ -w "$scratch_base" ] || scratch_base=${TMPDIR:-/tmp}
FUZZ_SCRATCH=$(mktemp -d "$scratch_base/runlog-fuzz.XXXXXX")
export FUZZ_SCRATCH
trap 'rm -rf "$FUZZ_SCRATCH"' EXIT
trap 'exit 130' INT TERM
failed=""
summary=""
for target in $targets; do
  case $target in
    FuzzFIT|FuzzReadSession) max=131072 ;;
    # An import costs some 100 µs a record with the sanitizers: 16 KiB keeps it near 100 runs a second.
    FuzzAnalysis|FuzzAPIJSON|FuzzSettingsImport) max=16384 ;;
    *) max=65536 ;;
  esac
  max=${FUZZ_MAX_LEN:-$max}
  exe="$build/release/$target"
  dir="$out/$target"
  seeds="$dir/seeds"
  corpus="$dir/corpus"
  [ "$mode" = brief ] && rm -rf "$corpus"
  rm -rf "$seeds"
  mkdir -p "$corpus" "$seeds"
  case $target in
    FuzzGPX) copy_seeds "$seeds" "$gpx_files"/*.gpx "$case_files"/*.gpx
      small_seeds gpx "$seeds" "$max" "$gpx_files"/*.gpx
      cp "$dictionaries/gpx.dict" "$dir/dict" ;;
    FuzzFIT) copy_seeds "$seeds" "$fit_tcx_files"/*.fit "$gpx_files"/*.fit
      small_seeds fit "$seeds" "$max" "$fit_tcx_files"/*.fit "$gpx_files"/*.fit
      cp "$dictionaries/fit.dict" "$dir/dict" ;;
    FuzzTCX) copy_seeds "$seeds" "$fit_tcx_files"/*.tcx "$gpx_files"/*.tcx
      small_seeds tcx "$seeds" "$max" "$fit_tcx_files"/*.tcx "$gpx_files"/*.tcx
      cp "$dictionaries/tcx.dict" "$dir/dict" ;;
    FuzzReadSession)
      copy_seeds "$seeds" "$gpx_files"/* "$fit_tcx_files"/* "$case_files"/*.gpx "$shared/corpus-fit-tcx/archives"/*.zip
      small_seeds fit "$seeds" "$max" "$fit_tcx_files"/*.fit "$gpx_files"/*.fit
      small_seeds tcx "$seeds" "$max" "$fit_tcx_files"/*.tcx "$gpx_files"/*.tcx
      # Compressed inputs: the smaller files of each format, each in gzip, bzip2 and xz.
      small=$(find "$gpx_files" "$fit_tcx_files" -type f -size -64k \( -name '*.gpx' -o -name '*.fit' -o -name '*.tcx' \) | sort | head -n 24)
      # shellcheck disable=SC2086
      compressed_seeds "$seeds" "$max" $small
      cat "$dictionaries/gpx.dict" "$dictionaries/tcx.dict" "$dictionaries/fit.dict" > "$dir/dict" ;;
    FuzzAnalysis)
      # Whole files only: one cut off is refused before its points reach the analysis.
      find "$gpx_files" "$fit_tcx_files" "$case_files" -type f -size -16k \( -name '*.gpx' -o -name '*.fit' -o -name '*.tcx' \) \
        -exec cp {} "$seeds/" \;
      small_seeds gpx "$seeds" "$max" "$gpx_files"/*.gpx
      small_seeds fit "$seeds" "$max" "$fit_tcx_files"/*.fit "$gpx_files"/*.fit
      small_seeds tcx "$seeds" "$max" "$fit_tcx_files"/*.tcx "$gpx_files"/*.tcx
      cat "$dictionaries/gpx.dict" "$dictionaries/tcx.dict" "$dictionaries/fit.dict" > "$dir/dict" ;;
    FuzzMultipart) cp "$dictionaries/multipart.dict" "$dir/dict" ;;
    FuzzURLEncodedForm) cp "$dictionaries/urlencoded.dict" "$dir/dict" ;;
    FuzzSettingsImport|FuzzAPIJSON) cp "$dictionaries/json.dict" "$dir/dict" ;;
  esac
  # The committed seeds: hand-made inputs, and every input a run found that became a test.
  [ -d "$root/Fuzz/seeds/$target" ] && copy_seeds "$seeds" "$root/Fuzz/seeds/$target"/*
  echo "== $target: fuzzing for $seconds s (seeds: $(ls "$seeds" | wc -l) files, -max_len=$max, -dict=$dir/dict; corpus $corpus)"
  rm -f "$dir"/crash-* "$dir"/timeout-* "$dir"/oom-* "$dir"/leak-* 2>/dev/null || true
  status=0
  parallel=""
  [ "$jobs" -le 1 ] || parallel="-fork=$jobs"
  # shellcheck disable=SC2086
  "$exe" -max_total_time="$seconds" -max_len="$max" -timeout=10 -rss_limit_mb=2048 -dict="$dir/dict" $parallel \
    -print_final_stats=1 -artifact_prefix="$dir/" ${FUZZ_FLAGS:-} "$corpus" "$seeds" > "$dir/log.txt" 2>&1 || status=$?
  new=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$dir/log.txt")
  stats=$(grep -E '^(#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED))' "$dir/log.txt" | tail -1 | sed 's/^\(#[0-9]*\)[[:space:]]*[A-Z]*[[:space:]]*/\1 /')
  runs=$(grep -E '^stat::number_of_executed_units' "$dir/log.txt" | awk '{s+=$2} END {print s+0}')
  if [ "$status" -ne 0 ] || [ -n "$new" ]; then
    failed="$failed $target"
    echo "!! $target FAILED (libFuzzer exit $status) after $runs runs"
    for f in $new; do echo "   reproducer: $f"; done
    grep -E 'ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|Fatal error|deadly signal|Test unit written' "$dir/log.txt" | head -n 8 | sed 's/^/   /'
    echo "   stack (the first one in $dir/log.txt, libFuzzer's own frames left out):"
    awk '/^ *#0 /{n++} n==1 && /^ *#[0-9]+ /' "$dir/log.txt" | grep -v -E 'compiler-rt/lib/fuzzer|in fuzzer::|libc_start|_start$' | head -n 30 | sed 's/^/   /'
    echo "   reproduce: $exe ${new:-$dir/crash-…}"
    summary="$summary
  $target: FAILED after $runs runs — ${new:-see $dir/log.txt}"
  else
    echo "   $target: no crash in $runs runs ($stats)"
    summary="$summary
  $target: no crash in $runs runs in $seconds s; corpus $(ls "$corpus" | wc -l) inputs ($stats)"
  fi
done
echo
echo "fuzz summary:$summary"
if [ -n "$failed" ]; then
  echo "fuzz: crashes in:$failed (reproducers above, logs in $out/TARGET/log.txt)" >&2
  exit 1
fi
