#!/bin/sh
# `make fuzz`: builds runlog's libFuzzer targets (Fuzz/) with -sanitize=fuzzer,address and runs each
# for FUZZ_SECONDS, seeded with the shared corpus. Not part of `make test`.
#
#   scripts/fuzz.sh [TARGET...]    TARGET: FuzzGPX FuzzFIT FuzzTCX FuzzReadSession (default: all four)
#
# Environment: FUZZ_SECONDS (60 per target), FUZZ_MAX_LEN (per target by default: GPX and TCX
# 64 KiB, FIT and the read session 128 KiB), FUZZ_JOBS (fuzzing processes per target, libFuzzer's -fork; 1),
# RUNLOG_SHARED (the shared folder, default ../shared), FUZZ_FLAGS (more libFuzzer flags).
#
# Layout, all under .build (the shared folder is only read):
#   .build/fuzz-build/              the sanitized release build (its own build path: the normal one stays valid)
#   .build/fuzz/TARGET/seeds/       the seed corpus, copied afresh from the shared folder on each run, with
#                                   whole FIT and TCX files cut small to fit -max_len (scripts/fuzz-seeds.py)
#   .build/fuzz/TARGET/corpus/      the inputs libFuzzer found (kept between runs, grows)
#   .build/fuzz/TARGET/crash-*, timeout-*, oom-*, leak-*   reproducers; the run fails when one is written
#   .build/fuzz/TARGET/log.txt      libFuzzer's output of the last run
# Reproduce: .build/fuzz-build/release/TARGET .build/fuzz/TARGET/crash-…  (or, without sanitizers,
# `swift build --product TARGET && .build/debug/TARGET FILE`: a plain build replays the files it is given).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
SWIFT=${SWIFT:-swift}
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
shared=${RUNLOG_SHARED:-$(cd "$root/.." && pwd)/shared}
build="$root/.build/fuzz-build"
out="$root/.build/fuzz"
targets=${*:-FuzzGPX FuzzFIT FuzzTCX FuzzReadSession}
gpx_files="$shared/corpus/files"
fit_tcx_files="$shared/corpus-fit-tcx/files"
for d in "$gpx_files" "$fit_tcx_files"; do
  [ -d "$d" ] || { echo "fuzz: the seed corpus $d is missing (set RUNLOG_SHARED=/path/to/shared)" >&2; exit 1; }
done
symbolizer=$(command -v llvm-symbolizer || true)
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-$symbolizer}"
# Swift's runtime keeps its metadata caches for the life of the process: not leaks. Leak reports
# stay on; ASan aborts on the first error so libFuzzer writes the reproducer.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:symbolize=1}"
# Swift's own crash backtracer (swift-backtrace) reads the crashed process's memory from a helper
# thread, which ASan reports as a second error that hides the first: leave crashes to libFuzzer.
export SWIFT_BACKTRACE=enable=no

# copy_seeds DIR MAXLEN FILE...: fresh copies (never links: libFuzzer only reads them, but a copy keeps
# the shared folder out of reach of any tool that writes into a corpus).
copy_seeds() {
  into=$1; shift 2
  rm -rf "$into"; mkdir -p "$into"
  for f in "$@"; do [ -f "$f" ] && cp "$f" "$into/"; done
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

# small_seeds tcx|fit DIR MAXLEN FILE...: whole documents cut to fit in MAXLEN and in MAXLEN/16
# (scripts/fuzz-seeds.py): libFuzzer cuts a larger seed to -max_len, and every corpus TCX file is
# larger than 64 KiB, so the TCX target never saw a document's end without them.
small_seeds() {
  kind=$1 into=$2 limit=$3; shift 3
  /usr/bin/python3 "$root/scripts/fuzz-seeds.py" "$kind" "$into" "$limit" "$@"
  /usr/bin/python3 "$root/scripts/fuzz-seeds.py" "$kind" "$into" $((limit / 16)) "$@"
}

failed=""
summary=""
for target in $targets; do
  case $target in
    FuzzGPX) max=65536 ;;
    FuzzTCX) max=65536 ;;
    FuzzFIT) max=131072 ;;
    FuzzReadSession) max=131072 ;;
    *) echo "fuzz: unknown target $target (FuzzGPX FuzzFIT FuzzTCX FuzzReadSession)" >&2; exit 64 ;;
  esac
  max=${FUZZ_MAX_LEN:-$max}
  echo "== $target: building with -sanitize=fuzzer,address (release, $build)"
  $SWIFT build -c release --build-path "$build" --product "$target" -Xswiftc -sanitize=fuzzer,address 2>&1 \
    | grep -v -e "Cannot export local symbol '__asan_extra_spill_area'" | tail -3
  exe="$build/release/$target"
  [ -x "$exe" ] || { echo "fuzz: $exe was not built" >&2; exit 1; }

  dir="$out/$target"
  mkdir -p "$dir/corpus"
  seeds="$dir/seeds"
  case $target in
    FuzzGPX) copy_seeds "$seeds" "$max" "$gpx_files"/*.gpx ;;
    FuzzFIT) copy_seeds "$seeds" "$max" "$fit_tcx_files"/*.fit "$gpx_files"/*.fit
      small_seeds fit "$seeds" "$max" "$fit_tcx_files"/*.fit "$gpx_files"/*.fit ;;
    FuzzTCX) copy_seeds "$seeds" "$max" "$fit_tcx_files"/*.tcx "$gpx_files"/*.tcx
      small_seeds tcx "$seeds" "$max" "$fit_tcx_files"/*.tcx "$gpx_files"/*.tcx ;;
    FuzzReadSession)
      copy_seeds "$seeds" "$max" "$gpx_files"/* "$fit_tcx_files"/* "$shared/corpus-fit-tcx/archives"/*.zip
      small_seeds fit "$seeds" "$max" "$fit_tcx_files"/*.fit "$gpx_files"/*.fit
      small_seeds tcx "$seeds" "$max" "$fit_tcx_files"/*.tcx "$gpx_files"/*.tcx
      # Compressed inputs: the smaller files of each format, each in gzip, bzip2 and xz.
      small=$(find "$gpx_files" "$fit_tcx_files" -type f -size -64k \( -name '*.gpx' -o -name '*.fit' -o -name '*.tcx' \) | sort | head -n 24)
      # shellcheck disable=SC2086
      compressed_seeds "$seeds" "$max" $small ;;
  esac
  echo "== $target: fuzzing for $seconds s (seeds: $(ls "$seeds" | wc -l) files, -max_len=$max; corpus $dir/corpus)"
  status=0
  parallel=""
  [ "$jobs" -le 1 ] || parallel="-fork=$jobs"
  # shellcheck disable=SC2086
  "$exe" -max_total_time="$seconds" -max_len="$max" -timeout=10 -rss_limit_mb=2048 $parallel \
    -print_final_stats=1 -artifact_prefix="$dir/" ${FUZZ_FLAGS:-} "$dir/corpus" "$seeds" > "$dir/log.txt" 2>&1 || status=$?
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
  $target: no crash in $runs runs in $seconds s; corpus $(ls "$dir/corpus" | wc -l) inputs ($stats)"
  fi
done
echo
echo "fuzz summary:$summary"
if [ -n "$failed" ]; then
  echo "fuzz: crashes in:$failed (reproducers above, logs in $out/TARGET/log.txt)" >&2
  exit 1
fi
