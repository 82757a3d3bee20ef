#!/usr/bin/python3
"""`make bench`: runlog's release build side by side with its peers, in one run, as ratios.

1. Reading GPX: a file from ../shared/bench/make-big-gpx.py (1,000,000 points by default), read by
   libxml2's SAX floor (../shared/bench/sax-baseline.c), runlog (streaming, every value used; the
   whole model kept; `runlog stats` end to end), GPSBabel (GPX -> CSV) and gpxpy (parse). Each tool
   runs REPEAT times, interleaved, median wall time reported with its ratio to the floor's median and
   its peak RSS (from wait4). Targets (issue 2): runlog's full read <= 2.0x the floor, < 100 MB.
2. Analysing: the same points, already read (clean-up, timeline, every method): under a quarter of
   the read; the map region of all of them: under 100 ms (issue 3).
3. Importing: 1,000 one-hour runs (3,600 points each) into a fresh library; runs per second.
4. The shared store (group.sqlite), with Tests/Probes/runlog-store-probe: notification latency from
   a commit in one process to the StoreObserver handler in another (p50, p99, max over
   BENCH_STORE_COMMITS paced commits; target p99 <= 5 ms), and commits per second of one writer
   (synchronous=FULL, one 11-key write of ~4 KB per commit), alone and with an observer running.
5. Serving (`runlog serve`, issue 6): wrk against 127.0.0.1 with the 1,000 runs of 3. in the library —
   the runs page (targets >= 2,000 requests/s, p99 <= 20 ms) and the run page of a 50,000-point track
   (p99 <= 50 ms); plus each page's first, uncached build.
5c. Cache misses (issue 16): the run page of a 50,000-point run with every request a new address
   (wrk with a script adding ?miss=N), so each one builds the page: requests/s, p50 and p99 at 16
   and 64 connections (target at 16: >= 2,000/s, p99 < 50 ms) and the page's build time alone.
   BENCH_BASELINE=/path/to/runlog runs an older build beside this one, alternating round by round
   (BENCH_MISS_ROUNDS, 3), each over its own library.
6. The live recording (issue 5): `runlog record` replaying 10 fixes a second for 60 s, `runlog widget`
   in a pseudo-terminal and `runlog live --json` following it: publication -> widget redraw (target
   p99 <= 10 ms), command round trip from a key to its effect redrawn (p99 <= 50 ms), lost or torn
   states (0). See live() for how each is timed.
7. FIT decoding of a long activity (the corpus' largest FIT, 24,239 records, and a synthetic
   BENCH_FIT_RECORDS-record run written by fit-tool, Benchmarks/make-fit.py), whole processes:
   runlog (`runlog-bench decode`, and `runlog stats --json` end to end; both built with the Swift runtime
   linked in, as `make install` builds runlog: `make bench-static`, .build/static) beside GPSBabel
   (garmin_fit -> unicsv: its decode; and with -t, the records also written), Garmin's Python SDK (garmin-fit-sdk, every message) and fitdecode,
   as ratios to runlog. Targets: runlog >= 3x faster than GPSBabel, >= 50x faster than Garmin's
   SDK, peak RSS bounded by the records kept (bytes per record above a one-point read). A file
   runlog cannot decode is reported as such, with the peers' figures still printed.
8. Importing an archive: BENCH_ARCHIVE_RUNS (1,000) gzipped activities, FIT, GPX and TCX by
   thirds, none a duplicate (GPX and TCX from the corpora with their times moved, FIT written by
   fit-tool), in a zip, with `runlog import ARCHIVE.zip` into a fresh library, in runs per
   second; beside it the folder of the .gz files, the same files uncompressed, and `gzip -dc` of
   every member alone.
9. Uploads (issue 16, Build 2): the server's memory (VmRSS, and RssAnon: without mapped files)
   before, at its peak during, and 2 s after a BENCH_UPLOAD_MB (64) MB upload through
   POST /api/v1/imports, once and four at once: a zip of ~715,000 empty files (the security
   review's upload) and zips of ~2,000 short GPX runs; how long until the answer and until the
   import ended; the slowest answer another client got meanwhile. BENCH_UPLOAD_RUNLOG times
   another runlog binary (an older build, for before and after).
The Python peers and fit-tool live in .build/bench-venv (scripts/bench-venv.sh, from PyPI).

Environment: BENCH_POINTS (default 1000000), BENCH_REPEAT (3), BENCH_IMPORT_RUNS (1000),
BENCH_STORE_COMMITS (2000), BENCH_STORE_INTERVAL_US (2000), BENCH_SKIP_GPXPY=1 to leave gpxpy out
(it needs ~70 s and several GB at 1M points), BENCH_WRK_SECONDS (10), BENCH_WRK_CONNECTIONS (16), BENCH_MISS_ROUNDS (3), BENCH_BASELINE,
BENCH_LIVE_SECONDS (60), BENCH_LIVE_HZ (10), BENCH_FIT_RECORDS (100000), BENCH_FIT_REPEAT (3: runs of each
FIT tool, at most BENCH_REPEAT), BENCH_ARCHIVE_RUNS (1000), BENCH_ARCHIVE_FIT_RECORDS (1800: records per FIT
run in the archive), BENCH_FIT_FILES (a:b: time these files in part 7 instead), BENCH_UPLOAD_MB (64),
BENCH_UPLOAD_RUNLOG (the runlog part 9 serves with), BENCH_ONLY=import, store, serve, misses, paging, live, fit, archive or upload
to run part 3, 4, 5, 5c, 5b, 6, 7, 8 or 9 alone (`make bench-live` runs part 6, `make bench-fit` part 7, `make bench-archive`
part 8, `make bench-upload` part 9, `make bench-misses` part 5c).
"""
import json, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get('RUNLOG_SHARED', os.path.join(os.path.dirname(ROOT), 'shared'))
DATA = os.path.join(ROOT, 'bench-data')
RELEASE = os.path.join(ROOT, '.build', 'release')
# `make bench-static`: runlog-bench and runlog with --static-swift-stdlib (as `make install` builds runlog).
STATIC_RELEASE = os.path.join(ROOT, '.build', 'static', 'release')
POINTS = int(os.environ.get('BENCH_POINTS', '1000000'))
REPEAT = int(os.environ.get('BENCH_REPEAT', '5'))
IMPORT_RUNS = int(os.environ.get('BENCH_IMPORT_RUNS', '1000'))
STORE_COMMITS = int(os.environ.get('BENCH_STORE_COMMITS', '2000'))
STORE_INTERVAL_US = int(os.environ.get('BENCH_STORE_INTERVAL_US', '2000'))

def run(argv, env=None):
    """Runs argv; returns (wall seconds, peak RSS in MB, stdout, CPU seconds)."""
    start = time.monotonic()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = p.stdout.read()
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    elapsed = time.monotonic() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f'bench: {argv[0]} failed ({p.returncode}): {err.decode()[:500]}')
    return elapsed, usage.ru_maxrss / 1024.0, out.decode().strip(), usage.ru_utime + usage.ru_stime

def ensure_file(points):
    os.makedirs(DATA, exist_ok=True)
    path = os.path.join(DATA, f'big-{points}.gpx')
    if not os.path.exists(path):
        print(f'generating {path} ...', flush=True)
        subprocess.check_call(['/usr/bin/python3', os.path.join(SHARED, 'bench', 'make-big-gpx.py'), str(points), path])
    return path

def ensure_baseline():
    exe = os.path.join(DATA, 'sax-baseline')
    src = os.path.join(SHARED, 'bench', 'sax-baseline.c')
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        flags = subprocess.check_output(['pkg-config', '--cflags', '--libs', 'libxml-2.0']).decode().split()
        subprocess.check_call(['cc', '-O2', src, '-o', exe] + flags)
    return exe

GPXPY = ('import gpxpy, sys\n'
         'g = gpxpy.parse(open(sys.argv[1], encoding="utf-8"))\n'
         'print(sum(len(s.points) for t in g.tracks for s in t.segments))\n')

def reading(path):
    size_mb = os.path.getsize(path) / 1e6
    tools = [
        ('libxml2 SAX floor (sax-baseline.c)', [ensure_baseline(), path]),
        ('runlog read, streaming (every value)', [os.path.join(RELEASE, 'runlog-bench'), 'read', path]),
        ('runlog read, whole model kept', [os.path.join(RELEASE, 'runlog-bench'), 'model', path]),
        ('runlog stats (CLI: read + analysis)', [os.path.join(RELEASE, 'runlog'), 'stats', '--json', path]),
        ('GPSBabel 1.8 (GPX -> unicsv)', ['gpsbabel', '-i', 'gpx', '-f', path, '-o', 'unicsv', '-F', '/dev/null']),
    ]
    if os.environ.get('BENCH_SKIP_GPXPY') != '1':
        tools.append(('gpxpy (parse)', ['/usr/bin/python3', '-c', GPXPY, path]))
    results = {name: [] for name, _ in tools}
    for r in range(REPEAT):
        for name, argv in tools:
            if name.startswith('gpxpy') and r > 0:
                continue  # one run: it takes a minute and gigabytes
            results[name].append(run(argv))
            print(f'  round {r + 1}: {name}: {results[name][-1][0]:.2f} s', flush=True)
    floor = statistics.median(r[0] for r in results[tools[0][0]])
    floor_best = min(r[0] for r in results[tools[0][0]])
    floor_cpu = statistics.median(r[3] for r in results[tools[0][0]])
    print(f'\nReading {os.path.basename(path)} ({POINTS:,} points, {size_mb:.0f} MB), {REPEAT} interleaved runs'
          f' (gpxpy: 1); ratios to the floor, by median wall time, best wall time and median CPU time:\n')
    print(f'  {"tool":40s} {"median s":>8s} {"x floor":>8s} {"best x":>7s} {"CPU x":>6s} {"MB/s":>6s} {"peak MB":>8s}')
    for name, _ in tools:
        rows = results[name]
        median = statistics.median(r[0] for r in rows)
        best = min(r[0] for r in rows)
        cpu = statistics.median(r[3] for r in rows)
        peak = max(r[1] for r in rows)
        print(f'  {name:40s} {median:8.2f} {median / floor:8.2f} {best / floor_best:7.2f} {cpu / floor_cpu:6.2f}'
              f' {size_mb / median:6.0f} {peak:8.0f}')
    rows = results[tools[1][0]]
    read = statistics.median(r[0] for r in rows)
    peak = max(r[1] for r in rows)
    ok = read / floor <= 2.0 and peak < 100
    print(f'\n  target: runlog streaming read <= 2.0x floor (median wall) and < 100 MB peak: {read / floor:.2f}x, '
          f'{peak:.0f} MB -> {"met" if ok else "NOT MET"}')
    print(f'  same values read by both (points, sum of latitudes): floor {results[tools[0][0]][0][2].split(" bytes")[0]}; '
          f'runlog {rows[0][2].split(" hr_sum")[0]}')
    return read

def import_folder():
    """IMPORT_RUNS one-hour runs, one a day back from 2026-05-01."""
    folder = os.path.join(DATA, f'import-{IMPORT_RUNS}')
    if not os.path.isdir(folder) or len(os.listdir(folder)) != IMPORT_RUNS:
        os.makedirs(folder, exist_ok=True)
        one = os.path.join(DATA, 'one-hour.gpx')
        subprocess.check_call(['/usr/bin/python3', os.path.join(SHARED, 'bench', 'make-big-gpx.py'), '3600', one])
        text = open(one, encoding='utf-8').read()
        import datetime
        for i in range(IMPORT_RUNS):
            day = (datetime.date(2026, 5, 1) - datetime.timedelta(days=i)).isoformat()
            with open(os.path.join(folder, f'run-{i:04d}.gpx'), 'w', encoding='utf-8') as f:
                f.write(text.replace('2026-05-01T', day + 'T'))
    return folder

def importing():
    folder = import_folder()
    home = os.path.join(DATA, 'import-home')
    total_mb = sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder)) / 1e6
    print(f'\nImporting {IMPORT_RUNS:,} one-hour runs (3,600 points each, {total_mb:.0f} MB of GPX) into a fresh library:')
    jobs_default = os.cpu_count() or 1
    for jobs in [1, jobs_default] if jobs_default > 1 else [1]:
        subprocess.call(['rm', '-rf', home])
        env = dict(os.environ, RUNLOG_HOME=home)
        seconds, peak, out, _ = run([os.path.join(RELEASE, "runlog"), "import", "--jobs", str(jobs), folder], env)
        library_mb = sum(os.path.getsize(os.path.join(home, f)) for f in os.listdir(home)) / 1e6
        print(f'  --jobs {jobs}: {seconds:.1f} s, {IMPORT_RUNS / seconds:.1f} runs/s, {total_mb / seconds:.0f} MB/s, peak {peak:.0f} MB, '
              f'library {library_mb:.0f} MB ({library_mb / total_mb * 100:.0f} % of the GPX, originals included)')
        print(f'    {out.splitlines()[-1]}')

def analysis(path, read_seconds):
    """Issue 3's targets: analysing the points takes under a quarter of reading them; the map
    region of all of them takes under 100 ms."""
    bench = os.path.join(RELEASE, 'runlog-bench')
    runs = [dict(kv.split('=') for kv in run([bench, 'analyze', path])[2].split()) for _ in range(REPEAT)]
    total = statistics.median(float(r['seconds']) for r in runs)
    timeline = statistics.median(float(r['timeline_seconds']) for r in runs)
    methods = statistics.median(float(r['methods_seconds']) for r in runs)
    print(f'\nAnalysing the same {POINTS:,} points (already read; median of {REPEAT}): {total:.3f} s '
          f'(clean-up and timeline {timeline:.3f} s, methods {methods:.3f} s) = {total / read_seconds:.2f} x the streaming read '
          f'-> {"met" if total < read_seconds / 4 else "NOT MET"} (target < 0.25)')
    print(f'  check: distance {runs[0]["distance_m"]} m, elevation gain {runs[0]["gain_m"]} m')
    region = dict(kv.split('=', 1) for kv in run([bench, 'region', path])[2].split())
    fit, track = float(region['fit_seconds']) * 1000, float(region['fit_track_seconds']) * 1000
    print(f'Map region of {int(region["points"]):,} points (best of 5): cluster fit {fit:.1f} ms, robust track fit {track:.1f} ms '
          f'-> {"met" if track < 100 else "NOT MET"} (target < 100 ms)')

def percentile(sorted_values, fraction):
    """Nearest-rank percentile of a sorted list."""
    rank = max(1, int(-(-fraction * len(sorted_values) // 1)))
    return sorted_values[min(rank, len(sorted_values)) - 1]

def shared_store():
    """The shared store's targets (../shared/research/components.md, part 3): a commit in one
    process reaches a StoreObserver in another within p99 <= 5 ms; one writer's commit rate
    (synchronous=FULL)."""
    probe = os.path.join(RELEASE, 'runlog-store-probe')
    folder = os.path.join(DATA, 'shared-store')
    subprocess.call(['rm', '-rf', folder])
    os.makedirs(folder)

    # Latency: the observer stamps CLOCK_MONOTONIC on entering its handler, then reads n; the
    # writer stamps it before each write and after the write returned (committed, wake-up rung).
    # Every commit n is delivered by the first handler call that reads n or later (a call may
    # cover several commits: those count with their own, longer, delay).
    path = os.path.join(folder, 'latency.sqlite')
    observer = subprocess.Popen([probe, 'observe', path, str(STORE_COMMITS)], stdout=subprocess.PIPE)
    if observer.stdout.readline() != b'ready\n':
        sys.exit('bench: the observer did not start')
    _, _, written, _ = run([probe, 'paced-write', path, str(STORE_COMMITS), str(STORE_INTERVAL_US)])
    seen = observer.communicate(timeout=60)[0].decode().split('\n')
    if observer.returncode != 0:
        sys.exit(f'bench: the observer failed ({observer.returncode})')
    calls = [tuple(int(x) for x in line.split()) for line in seen if line.strip()]
    commits = [tuple(int(x) for x in line.split()) for line in written.splitlines()]
    after_return, after_call, covered = [], [], 0
    index = 0
    for n, before, after in commits:
        while index < len(calls) and calls[index][1] < n:
            index += 1
        if index == len(calls):
            sys.exit(f'bench: commit {n} was never reported')
        received, read = calls[index]
        covered += read > n
        after_return.append((received - after) / 1e6)
        after_call.append((received - before) / 1e6)
    write_ms = sorted((after - before) / 1e6 for _, before, after in commits)
    print(f'\nShared store (group.sqlite, WAL, synchronous=FULL): {len(commits):,} commits, one every '
          f'{STORE_INTERVAL_US / 1000:g} ms, each 10 integers + a 4 KiB blob; a StoreObserver in another process\n')
    print(f'  {"commit -> handler in the other process":52s} {"p50 ms":>7s} {"p99 ms":>7s} {"max ms":>7s} {"min ms":>7s}')
    for label, values in [('from the write returning (committed, bell rung)', after_return),
                          ('from the write being called (commit and fsync in)', after_call),
                          ('the write itself (BEGIN IMMEDIATE ... COMMIT, bell)', write_ms)]:
        values = sorted(values)
        print(f'  {label:52s} {percentile(values, 0.5):7.2f} {percentile(values, 0.99):7.2f} {values[-1]:7.2f} {values[0]:7.2f}')
    p99 = percentile(sorted(after_return), 0.99)
    print(f'  handler calls: {len(calls):,} for {len(commits):,} commits ({covered} commits reported together with a later one, '
          f'0 lost)')
    print(f'  target: p99 <= 5 ms: {p99:.2f} ms -> {"met" if p99 <= 5 else "NOT MET"}')

    # Commit rate: back to back, alone and with an observer reading after each notification.
    count = 5000
    rates = []
    for with_observer in (False, True):
        results = []
        for r in range(3):
            path = os.path.join(folder, f'rate-{int(with_observer)}-{r}.sqlite')
            watcher = None
            if with_observer:
                watcher = subprocess.Popen([probe, 'observe', path, str(count)], stdout=subprocess.DEVNULL)
                while not os.path.exists(path + '.wakeup'):
                    time.sleep(0.01)
                time.sleep(0.2)
            out = run([probe, 'commit-rate', path, str(count)])[2]
            if watcher:
                watcher.wait(timeout=60)
            fields = dict(kv.split('=') for kv in out.split())
            results.append(int(fields['commits']) / float(fields['seconds']))
        rates.append(statistics.median(results))
    print(f'  commits per second, one writer, back to back ({count:,} commits, median of 3): '
          f'{rates[0]:,.0f} alone, {rates[1]:,.0f} with an observer in another process')

def wrk(url, seconds, connections):
    """wrk's requests per second and its 50th and 99th percentile latencies in ms."""
    out = subprocess.check_output(['wrk', '-t2', f'-c{connections}', f'-d{seconds}s', '--latency', url]).decode()
    def ms(text):
        value, unit = float(text[:-2] if text.endswith(('ms', 'us')) else text[:-1]), text[-2:] if text.endswith(('ms', 'us')) else text[-1:]
        return value * {'us': 0.001, 'ms': 1.0, 's': 1000.0}[unit]
    rate = float(next(l for l in out.splitlines() if l.startswith('Requests/sec:')).split()[1])
    percentiles = {l.split()[0]: ms(l.split()[1]) for l in out.splitlines() if l.strip().startswith(('50%', '99%'))}
    errors = [l.strip() for l in out.splitlines() if 'Non-2xx' in l or 'Socket errors' in l]
    return rate, percentiles['50%'], percentiles['99%'], errors

def wait_until_answered(url, seconds=10):
    """Readiness, not a sleep: GETs `url` until it is answered. After wrk's 64 connections (the limit
    per address) end, the server still counts them until it has finished the answers in flight, and
    closes a new connection from the same address at once meanwhile (by design: ARCHITECTURE's "What
    one client can cost") — the next request must wait for that, not fail."""
    import urllib.request
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url) as response:
                response.read()
            return
        except (ConnectionError, OSError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)

def first_request_ms(url):
    import urllib.request
    start = time.monotonic()
    with urllib.request.urlopen(url) as response:
        size = len(response.read())
    return (time.monotonic() - start) * 1000, size

def serving():
    """Issue 6's targets, with wrk against `runlog serve` on 127.0.0.1: the runs page of a library
    of 1,000 runs >= 2,000 requests/s with p99 <= 20 ms; the page of a 50,000-point run p99 <= 50 ms."""
    seconds = int(os.environ.get('BENCH_WRK_SECONDS', '10'))
    connections = int(os.environ.get('BENCH_WRK_CONNECTIONS', '16'))
    home = os.path.join(DATA, 'serve-home')
    runlog = os.path.join(RELEASE, 'runlog')
    if not os.path.exists(os.path.join(home, 'library.sqlite')):
        subprocess.call(['rm', '-rf', home])
        env = dict(os.environ, RUNLOG_HOME=home)
        run([runlog, 'import', import_folder()], env)
        big = os.path.join(DATA, 'serve-50000.gpx')
        subprocess.check_call(['/usr/bin/python3', os.path.join(SHARED, 'bench', 'make-big-gpx.py'), '50000', big])
        run([runlog, 'import', big], env)
    env = dict(os.environ, RUNLOG_HOME=home)
    server = subprocess.Popen([runlog, 'serve', '--port', '0'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    try:
        base = server.stdout.readline().split('serves ')[1].split('/ ')[0]
        listed = json.loads(subprocess.check_output([runlog, 'list', '--json'], env=env))
        big_id = max(row['id'] for section in listed['sections'] for row in section['rows'])   # imported last
        print(f'\nServing (runlog serve, release) with {IMPORT_RUNS:,} runs + one of 50,000 points; wrk -t2 -c{connections} -d{seconds}s, '
              'client and server on the same machine:')
        print(f'  {"page":44s} {"first ms":>9s} {"KB":>6s} {"req/s":>8s} {"p50 ms":>7s} {"p99 ms":>7s}  target')
        for label, path, target in [('runs page (/ , list.pageSize 500)', '/', 'req/s >= 2000, p99 <= 20 ms'),
                                    (f'run page of the 50,000-point run (/runs/{big_id})', f'/runs/{big_id}', 'p99 <= 50 ms')]:
            first, size = first_request_ms(base + path)
            wrk(base + path, 2, connections)   # warm-up: every worker's connections opened, pages cached
            rate, p50, p99, errors = wrk(base + path, seconds, connections)
            met = (rate >= 2000 and p99 <= 20) if path == '/' else p99 <= 50
            print(f'  {label:44s} {first:9.1f} {size / 1024:6.0f} {rate:8.0f} {p50:7.2f} {p99:7.2f}  {target}: '
                  f'{"met" if met else "NOT MET"}{"; " + "; ".join(errors) if errors else ""}')
    finally:
        server.terminate()
        server.wait(timeout=30)

# wrk's script for cache misses: each request's address is new (`?miss=THREAD-N`), so no page comes
# from the page cache (its key holds the path and query): every request builds the page.
MISS_SCRIPT = """
local threads = {}
function setup(thread) thread:set("id", #threads); table.insert(threads, thread) end
function init(args) counter = 0 end
function request()
  counter = counter + 1
  return wrk.format(nil, wrk.path .. "?miss=" .. id .. "-" .. counter)
end
"""

def wrk_misses(url, seconds, connections):
    """wrk with every request a new address: requests/s, p50 and p99 in ms, and wrk's errors (timeouts …)."""
    script = os.path.join(DATA, 'cache-miss.lua')
    with open(script, 'w') as f:
        f.write(MISS_SCRIPT)
    out = subprocess.check_output(['wrk', '-t2', f'-c{connections}', f'-d{seconds}s', '--latency', '-s', script, url]).decode()
    def ms(text):
        for unit, factor in (('us', 0.001), ('ms', 1.0), ('s', 1000.0)):
            if text.endswith(unit):
                return float(text[:-len(unit)]) * factor
        return float(text)
    rate = float(next(l for l in out.splitlines() if l.startswith('Requests/sec:')).split()[1])
    percentiles = {l.split()[0]: ms(l.split()[1]) for l in out.splitlines() if l.strip().startswith(('50%', '99%'))}
    errors = [l.strip() for l in out.splitlines() if 'Non-2xx' in l or 'Socket errors' in l]
    return rate, percentiles['50%'], percentiles['99%'], errors

def cache_misses():
    """Issue 16 (Build 3): the run page of a 50,000-point run with every request a cache miss, at 16
    and 64 connections (target at 16: >= 2,000 requests/s, p99 < 50 ms), and the page's build time
    (single requests to new addresses, one at a time). BENCH_BASELINE=/path/to/an/older/runlog runs
    that build beside this one, each with its own library (the newer one migrates the schema),
    alternating round by round, so both see the same load from the machine's other work."""
    seconds = int(os.environ.get('BENCH_WRK_SECONDS', '10'))
    rounds = int(os.environ.get('BENCH_MISS_ROUNDS', '3'))
    builds = [('this build', os.path.join(RELEASE, 'runlog'))]
    if os.environ.get('BENCH_BASELINE'):
        builds.append(('baseline (BENCH_BASELINE)', os.environ['BENCH_BASELINE']))
    os.makedirs(DATA, exist_ok=True)
    big = os.path.join(DATA, 'serve-50000.gpx')
    if not os.path.exists(big):
        subprocess.check_call(['/usr/bin/python3', os.path.join(SHARED, 'bench', 'make-big-gpx.py'), '50000', big])
    servers = []
    try:
        for label, runlog in builds:
            home = os.path.join(DATA, 'miss-home-' + ('baseline' if label.startswith('baseline') else 'this'))
            subprocess.call(['rm', '-rf', home])
            env = dict(os.environ, RUNLOG_HOME=home)
            run([runlog, 'import', big], env)
            server = subprocess.Popen([runlog, 'serve', '--port', '0'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
            servers.append(server)
            base = server.stdout.readline().split('serves ')[1].split('/ ')[0]
            listed = json.loads(subprocess.check_output([runlog, 'list', '--json'], env=env))
            run_id = max(row['id'] for section in listed['sections'] for row in section['rows'])
            server.url = f'{base}/runs/{run_id}'
        print(f'\nCache misses (issue 16): the run page of a 50,000-point run, every request a new address (?miss=N), '
              f'wrk -t2 -d{seconds}s, {rounds} rounds alternating between builds; client and server on the same machine:')
        results = {label: {16: [], 64: [], 'build': []} for label, _ in builds}
        for round_number in range(rounds):
            for (label, _), server in zip(builds, servers):
                wait_until_answered(f'{server.url}?ready={round_number}')   # the last round's 64 connections gone
                builds_ms = sorted(first_request_ms(f'{server.url}?build={round_number}-{k}')[0] for k in range(9))
                results[label]['build'].append(builds_ms[len(builds_ms) // 2])
                for connections in (16, 64):
                    wrk_misses(server.url, 2, connections)   # warm-up: the connections opened
                    time.sleep(1)   # and the warm-up's closed (64 connections is the limit per address)
                    results[label][connections].append(wrk_misses(server.url, seconds, connections))
        print(f'  {"build":28s} {"page build ms":>13s} {"conns":>5s} {"req/s":>8s} {"p50 ms":>8s} {"p99 ms":>8s}  per round (req/s, p99 ms); wrk errors')
        for label, _ in builds:
            built = statistics.median(results[label]['build'])
            for connections in (16, 64):
                rows = results[label][connections]
                rate = statistics.median(r[0] for r in rows)
                p50 = statistics.median(r[1] for r in rows)
                p99 = statistics.median(r[2] for r in rows)
                rounds_text = ', '.join(f'{r[0]:.0f}/{r[2]:.1f}' for r in rows)
                errors = '; '.join(sorted({e for r in rows for e in r[3]}))
                target = f'  target >= 2000 req/s, p99 < 50 ms: {"met" if rate >= 2000 and p99 < 50 else "NOT MET"}' if connections == 16 else ''
                print(f'  {label:28s} {built:13.2f} {connections:5d} {rate:8.0f} {p50:8.2f} {p99:8.2f}  {rounds_text}{"; " + errors if errors else ""}{target}')
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=30)

PAGING_RUNS = int(os.environ.get('BENCH_PAGING_RUNS', '10000'))

def paging_folder():
    """PAGING_RUNS small runs (40 points a minute apart), over ten years, with names and places a
    search can find: the library the runs page and search are paged over."""
    folder = os.path.join(DATA, f'paging-{PAGING_RUNS}')
    if os.path.isdir(folder) and len(os.listdir(folder)) == PAGING_RUNS:
        return folder
    subprocess.call(['rm', '-rf', folder])
    os.makedirs(folder)
    names = ['Parkrun', 'Tempo', 'Long run', 'Intervals', 'Hill repeats', 'Easy', 'Recovery', 'Fartlek', 'Race', 'Commute']
    places = ['Zürich', 'Bern', 'Basel', 'Lausanne', 'Genève', 'Luzern', 'Chur', 'Thun', 'Biel', 'Aarau']
    for i in range(PAGING_RUNS):
        start = 1_420_070_400 + i * 31_536  # 2015-01-01, a run every ~8.8 hours for ten years
        lat, lon = 46.5 + (i % 97) * 0.01, 7.0 + (i % 89) * 0.01
        points = ''.join(
            f'<trkpt lat="{lat + k * 0.0004:.6f}" lon="{lon + k * 0.0003:.6f}"><ele>{500 + k % 7}</ele>'
            f'<time>{time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + 60 * k))}</time></trkpt>' for k in range(40))
        name = f'{names[i % len(names)]} {places[(i // 10) % len(places)]} {i}'
        with open(os.path.join(folder, f'run-{i:05d}.gpx'), 'w') as f:
            f.write(f'<?xml version="1.0"?><gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1">'
                    f'<trk><name>{name}</name><type>running</type><trkseg>{points}</trkseg></trk></gpx>')
    return folder

def paging():
    """Issue 13: the runs page and search paged in SQL on a library of PAGING_RUNS runs; the first
    page, built uncached (no page cache entry for its address), under 50 ms."""
    home = os.path.join(DATA, f'paging-home-{PAGING_RUNS}')
    runlog = os.path.join(RELEASE, 'runlog')
    env = dict(os.environ, RUNLOG_HOME=home)
    if not os.path.exists(os.path.join(home, 'library.sqlite')):
        subprocess.call(['rm', '-rf', home])
        started = time.monotonic()
        run([runlog, 'import', paging_folder()], env)
        print(f'\n(paging library: {PAGING_RUNS:,} runs imported in {time.monotonic() - started:.1f} s)')
    run([runlog, 'settings', 'set', 'list.pageSize', '50'], env)
    server = subprocess.Popen([runlog, 'serve', '--port', '0'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    try:
        base = server.stdout.readline().split('serves ')[1].split('/ ')[0]
        first_request_ms(base + '/?x=warm')   # the server's connections opened
        print(f'\nPaging in SQL (runlog serve, release), {PAGING_RUNS:,} runs, list.pageSize 50; each address requested once, '
              'so no page comes from the cache (best and median of 7 addresses):')
        print(f'  {"page":52s} {"best ms":>8s} {"median ms":>10s} {"KB":>6s}  target')
        cases = [('runs page, first page (/)', [f'/?page=1&x={k}' for k in range(7)]),
                 ('runs page, page 100 (/?page=100)', [f'/?page=100&x={k}' for k in range(7)]),
                 ('search: words in 1 run of 10 (/search?q=parkrun)', [f'/search?q=parkrun&x={k}' for k in range(7)]),
                 ('search: words in 1 run of 100 (/search?q=tempo+bern)', [f'/search?q=tempo+bern&x={k}' for k in range(7)]),
                 ('search: a word in no run (/search?q=zzqx)', [f'/search?q=zzqx{k}' for k in range(7)])]
        for label, paths in cases:
            timings = [first_request_ms(base + path) for path in paths]
            times = sorted(t for t, _ in timings)
            met = times[len(times) // 2] < 50
            print(f'  {label:52s} {times[0]:8.1f} {times[len(times) // 2]:10.1f} {timings[0][1] / 1024:6.0f}  '
                  f'median < 50 ms: {"met" if met else "NOT MET"}')
    finally:
        server.terminate()
        server.wait(timeout=30)

LIVE_SECONDS = int(os.environ.get('BENCH_LIVE_SECONDS', '60'))
LIVE_HZ = int(os.environ.get('BENCH_LIVE_HZ', '10'))

def live_gpx(path, count):
    """`count` fixes 1 s apart along the equator at 3 m/s (exact distances: a * dlon)."""
    import math
    with open(path, 'w', encoding='utf-8') as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench.py" '
                'xmlns="http://www.topografix.com/GPX/1/1">\n<trk><name>Live bench</name><type>running</type><trkseg>\n')
        for i in range(count):
            lon = i * 3.0 / 6378137.0 * 180.0 / math.pi
            s = 1796083200 + i   # 2026-12-01T00:00:00Z
            stamp = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(s))
            f.write(f'<trkpt lat="0" lon="{lon:.9f}"><ele>10</ele><time>{stamp}</time></trkpt>\n')
        f.write('</trkseg></trk>\n</gpx>\n')

def live():
    """Issue 5's targets, with the release `runlog`: a recorder replaying LIVE_HZ fixes a second for
    LIVE_SECONDS s (a generated track, 1 s apart, replayed x LIVE_HZ); `runlog widget` in a
    pseudo-terminal, tracing each pass (RUNLOG_WIDGET_TRACE) and pressed `l` (lap) about once a
    second; `runlog live --json` following every state. Figures:
      - commit -> widget redraw: per published state, the first widget pass that read it (or a newer
        one; a pass redraws when the screen changed) minus the moment the recorder's commit returned
        (RUNLOG_RECORD_TRACE; CLOCK_REALTIME in both processes): p50, p99, max; target p99 <= 10 ms.
        Also from the state's heartbeat, the recorder's clock reading before it computed the numbers
        and committed (the fsync of synchronous=FULL is in there);
      - commit -> `runlog live` line read by this script;
      - command round trip: the key read by the widget -> the widget's first pass showing the lap
        applied (enqueued, applied by the recorder, published, redrawn); target p99 <= 50 ms;
      - lost: states the follower never printed (every sequence must arrive), fixes the recording
        does not hold at the end; torn: a state whose numbers disagree with its sequence (the widget's
        copy against the follower's, and points <-> distance <-> elapsed time of the track); target 0."""
    import pty, fcntl, termios, struct, threading
    runlog = os.path.join(RELEASE, 'runlog')
    folder = os.path.join(DATA, 'live')
    subprocess.call(['rm', '-rf', folder])
    os.makedirs(folder)
    count = LIVE_SECONDS * LIVE_HZ
    gpx = os.path.join(folder, 'live.gpx')
    live_gpx(gpx, count)
    home = os.path.join(folder, 'home')
    trace = os.path.join(folder, 'widget-trace.txt')
    record_trace = os.path.join(folder, 'record-trace.txt')
    env = dict(os.environ, RUNLOG_HOME=home, TZ='UTC', RUNLOG_WIDGET_TRACE=trace, RUNLOG_RECORD_TRACE=record_trace)
    subprocess.check_call([runlog, 'settings', 'set', 'recording.autoPause', 'false'], env=env, stdout=subprocess.DEVNULL)

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', 24, 80, 0, 0))
    widget = subprocess.Popen([runlog, 'widget'], stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    screen = bytearray()
    def drain():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            screen.extend(data)
    threading.Thread(target=drain, daemon=True).start()
    def wait_for(text, seconds=30):
        deadline = time.monotonic() + seconds
        while text.encode() not in screen:
            if time.monotonic() > deadline:
                sys.exit(f'bench: the widget did not show {text!r}')
            time.sleep(0.02)
    wait_for('No run in progress')

    follower = subprocess.Popen([runlog, 'live', '--json'], stdout=subprocess.PIPE, env=env)
    followed = []   # (CLOCK_REALTIME ns when read, state)
    def follow():
        for line in follower.stdout:
            followed.append((time.time_ns(), json.loads(line)))
    reader = threading.Thread(target=follow)
    reader.start()
    time.sleep(0.5)   # the follower's observer up (it prints the new recording from its first state anyway)

    recorder = subprocess.Popen([runlog, 'record', '--replay', gpx, '--speed', str(LIVE_HZ)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    wait_for('Running')
    keys = 0
    next_key = time.monotonic() + 0.5
    while recorder.poll() is None:
        if time.monotonic() >= next_key:
            os.write(master, b'l')
            keys += 1
            next_key += 1.0
        time.sleep(0.01)
    if recorder.returncode != 0:
        sys.exit(f'bench: runlog record failed: {recorder.stderr.read().decode()[:500]}')
    reader.join(timeout=30)
    wait_for('Stored as run')
    os.write(master, b'q')
    widget.wait(timeout=30)
    os.close(master)

    published = {state['sequence']: (ns, state) for ns, state in followed}
    sequences = sorted(published)
    first, last = sequences[0], sequences[-1]
    lost_states = [s for s in range(first, last + 1) if s not in published]
    final = published[last][1]
    passes, keys_read, sent = [], [], {}
    for line in open(trace, encoding='utf-8'):
        f = line.split()
        if not f:
            continue
        if f[0] == 'pass':
            passes.append(dict(ns=int(f[1]), seq=int(f[2]), drawn=f[3] == '1', heartbeat=float(f[4]), points=int(f[5]),
                               distance=float(f[6]), elapsed=float(f[7]), state=f[8], laps=int(f[9]), applied=int(f[10])))
        elif f[0] == 'key':
            keys_read.append(int(f[1]))
        elif f[0] == 'sent':
            sent[int(f[2])] = keys_read[-1] if keys_read else int(f[1])

    committed = {}   # sequence -> (CLOCK_REALTIME s once the recorder's commit returned, heartbeat)
    for line in open(record_trace, encoding='utf-8'):
        f = line.split()
        if f and f[0] == 'published':
            committed[int(f[2])] = (int(f[1]) / 1e9, float(f[3]))

    def iso_seconds(text):
        import datetime
        return datetime.datetime.strptime(text, '%Y-%m-%dT%H:%M:%S.%fZ').replace(tzinfo=datetime.timezone.utc).timestamp()

    # Torn: fields against the sequence. The widget's copy of a state must equal the follower's; and
    # on this track n points are (n - 1) x 3 m and n - 1 seconds (before the laps' and end's states too).
    torn = []
    exact_heartbeat = {}
    for p in passes:
        exact_heartbeat.setdefault(p['seq'], p['heartbeat'])
        ns, state = published.get(p['seq'], (None, None))
        if state is None:
            continue
        mine = (p['points'], round(p['distance'], 6), round(p['elapsed'], 6), p['state'], p['laps'], p['applied'])
        theirs = (state['pointCount'], round(state['distanceMeters'], 6), round(state['elapsedTimeSeconds'], 6), state['state'],
                  state['lapCount'], state.get('lastAppliedCommandId') or 0)
        if mine != theirs:
            torn.append(('widget', p['seq'], mine, theirs))
    for seq in sequences:
        state = published[seq][1]
        n = state['pointCount']
        if n > 0 and (abs(state['distanceMeters'] - (n - 1) * 3) > 0.01 or abs(state['elapsedTimeSeconds'] - (n - 1)) > 1e-6):
            torn.append(('follower', seq, n, state['distanceMeters'], state['elapsedTimeSeconds']))

    # Commit -> redraw, per published state: the first pass that read it or a newer one, from the
    # moment the recorder's commit returned (and from its heartbeat, taken before the numbers
    # were computed and committed).
    redraw, from_heartbeat, publishing, coalesced = [], [], [], 0
    passes_by_time = sorted(passes, key=lambda p: p['ns'])
    seen = {p['seq'] for p in passes}
    missing_commits = [seq for seq in sequences if seq not in committed]
    for seq in sequences:
        heartbeat = exact_heartbeat.get(seq, iso_seconds(published[seq][1]['heartbeatTime']))
        coalesced += seq not in seen
        hit = next((p for p in passes_by_time if p['seq'] >= seq), None)
        if hit is None:
            sys.exit(f'bench: the widget never showed state {seq}')
        from_heartbeat.append((hit['ns'] / 1e9 - heartbeat) * 1000)
        if seq in committed:
            redraw.append((hit['ns'] / 1e9 - committed[seq][0]) * 1000)
            publishing.append((committed[seq][0] - committed[seq][1]) * 1000)
    follow_ms = [(ns / 1e9 - committed[state['sequence']][0]) * 1000 for ns, state in followed if state['sequence'] in committed]
    round_trip = []
    for command_id, key_ns in sorted(sent.items()):
        hit = next((p for p in passes_by_time if p['applied'] >= command_id and p['ns'] >= key_ns), None)
        if hit is not None:
            round_trip.append((hit['ns'] - key_ns) / 1e6)
    drawn = sum(p['drawn'] for p in passes)

    print(f'\nLive recording (runlog record, release): {count} fixes replayed at {LIVE_HZ} Hz for {LIVE_SECONDS} s; '
          f'runlog widget in a pseudo-terminal pressing l (lap) about once a second; runlog live --json following\n')
    print(f'  {"":52s} {"count":>6s} {"p50 ms":>7s} {"p99 ms":>7s} {"max ms":>7s}  target')
    for label, values, target in [
            ('recorder commit returned -> widget redraw', redraw, 10),
            ('  heartbeat (before numbers and commit) -> redraw', from_heartbeat, None),
            ('  heartbeat -> commit returned (in the recorder)', publishing, None),
            ('recorder commit returned -> runlog live line read', follow_ms, None),
            ('command round trip (key -> lap shown applied)', round_trip, 50)]:
        values = sorted(values)
        p99 = percentile(values, 0.99)
        verdict = f'p99 <= {target} ms: {"met" if p99 <= target else "NOT MET"}' if target else ''
        print(f'  {label:52s} {len(values):6d} {percentile(values, 0.5):7.2f} {p99:7.2f} {values[-1]:7.2f}  {verdict}')
    lost_fixes = count - final['pointCount']
    print(f'  states published {len(sequences)} (sequences {first}..{last}; {len(missing_commits)} without a commit time); '
          f'the widget passed {len(passes)} times, redrew {drawn} times, read {len(sequences) - coalesced} of the states '
          f'itself ({coalesced} superseded before it read them)')
    print(f'  keys pressed {keys}, commands sent {len(sent)}, shown applied {len(round_trip)}; laps at the end {final["lapCount"]}')
    print(f'  lost: {len(lost_states)} states the follower missed, {lost_fixes} fixes of {count}; torn: {len(torn)} '
          f'-> {"met" if not lost_states and lost_fixes == 0 and not torn else "NOT MET"} (target 0)')
    for t in torn[:5]:
        print(f'    torn: {t}')

# ---- 7. FIT decoding, 8. archive import --------------------------------------------------------

VENV = os.path.join(ROOT, '.build', 'bench-venv')
VENV_PYTHON = os.path.join(VENV, 'bin', 'python')
FIT_RECORDS = int(os.environ.get('BENCH_FIT_RECORDS', '100000'))
LARGE_FIT = os.path.join(SHARED, 'corpus-fit-tcx', 'files', 'activity-large-fenxi2-multisport.fit')
ARCHIVE_RUNS = int(os.environ.get('BENCH_ARCHIVE_RUNS', '1000'))
ARCHIVE_FIT_RECORDS = int(os.environ.get('BENCH_ARCHIVE_FIT_RECORDS', '1800'))
FIT_BYTES_PER_RECORD = 512   # the memory target of part 7, see fit_decoding()

def attempt(argv, env=None):
    """Runs argv like run(), but a failure is returned, not fatal: a dict of seconds (wall), peak_mb
    (wait4's ru_maxrss), cpu, status, out, err. Output goes through files, so wait4 alone reaps."""
    import tempfile
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        p = subprocess.Popen(argv, stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(p.pid, 0)
        seconds = time.monotonic() - start
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return dict(seconds=seconds, peak_mb=usage.ru_maxrss / 1024.0, cpu=usage.ru_utime + usage.ru_stime,
                    status=p.returncode, out=out.read().decode(errors='replace').strip(),
                    err=err.read().decode(errors='replace').strip())

def ensure_venv():
    """The Python peers and the FIT writer (garmin-fit-sdk, fitdecode, fit-tool) in .build/bench-venv."""
    subprocess.check_call([os.path.join(ROOT, 'scripts', 'bench-venv.sh'), VENV])

def synthetic_fit(path, records, start, seed=0):
    """A FIT activity of `records` records, one a second from `start` (Benchmarks/make-fit.py)."""
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        subprocess.check_call([VENV_PYTHON, os.path.join(ROOT, 'Benchmarks', 'make-fit.py'), path + '.part',
                               str(records), str(start), str(seed)])
        os.rename(path + '.part', path)
    return path

# Garmin's Python SDK, every message decoded with the options of the corpus' reference values
# (scale and offset, dates, type names, CRC, sub-fields, components, merged heart rates: the defaults).
GARMIN_SDK = ('import sys\n'
              'from garmin_fit_sdk import Decoder, Stream\n'
              'messages, errors = Decoder(Stream.from_file(sys.argv[1])).read()\n'
              'if errors: sys.exit(f"garmin-fit-sdk: {errors}")\n'
              'print(f"records={len(messages.get(\'record_mesgs\', []))} messages={sum(len(v) for v in messages.values())}")\n')
# fitdecode: every frame read, data messages with their fields decoded, CRC checked (its defaults).
FITDECODE = ('import sys, fitdecode\n'
             'records = messages = 0\n'
             'with fitdecode.FitReader(sys.argv[1]) as fit:\n'
             '    for frame in fit:\n'
             '        if frame.frame_type == fitdecode.FIT_FRAME_DATA:\n'
             '            messages += 1\n'
             '            records += frame.name == "record"\n'
             'print(f"records={records} messages={messages}")\n')

def key_values(text):
    return dict(kv.split('=', 1) for kv in text.split() if '=' in kv)

def fit_decoding():
    """Part 7: FIT decoding of a long activity, whole processes side by side. Targets: runlog's
    decode >= 3x faster than GPSBabel and >= 50x faster than Garmin's Python SDK (median wall time);
    its peak RSS bounded by the records it keeps: at most FIT_BYTES_PER_RECORD bytes per record
    above the same process reading a one-point file (the Activity kept — a TrackPoint is
    `point_bytes`, plus its details — and the file's bytes, which a FIT read holds whole)."""
    ensure_venv()
    if os.environ.get('BENCH_FIT_FILES'):
        files = [('given: ' + os.path.basename(p), p) for p in os.environ['BENCH_FIT_FILES'].split(':')]
    else:
        files = [('corpus: ' + os.path.basename(LARGE_FIT), LARGE_FIT),
                 (f'synthetic: {FIT_RECORDS:,} records (fit-tool)',
                  synthetic_fit(os.path.join(DATA, 'fit', f'synthetic-{FIT_RECORDS}.fit'), FIT_RECORDS, 1777593600))]
    # runlog as installed: the Swift runtime and Foundation linked in (`make install`). A process of
    # the default build spends about 4 ms more in the dynamic linker before main (libswiftCore,
    # Foundation and ICU's thousands of symbols) and calls the runtime through the PLT: its decode
    # is shown for reference.
    bench = os.path.join(STATIC_RELEASE, 'runlog-bench')
    runlog = os.path.join(STATIC_RELEASE, 'runlog')
    dynamic_bench = os.path.join(RELEASE, 'runlog-bench')
    for binary in (bench, runlog, dynamic_bench):
        if not os.path.exists(binary):
            sys.exit(f'{binary} is missing: `make bench-fit` builds it (`make bench-static` the static ones)')
    os.makedirs(os.path.join(DATA, 'fit'), exist_ok=True)
    baseline_gpx = os.path.join(DATA, 'fit', 'one-point.gpx')
    with open(baseline_gpx, 'w', encoding='utf-8') as f:
        f.write('<?xml version="1.0"?><gpx version="1.1" creator="bench.py" xmlns="http://www.topografix.com/GPX/1/1">'
                '<trk><trkseg><trkpt lat="52.5" lon="13.4"><time>2026-05-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>\n')
    repeat = max(1, min(REPEAT, int(os.environ.get('BENCH_FIT_REPEAT', '3'))))
    # The process floor: runlog-bench reading a one-point file (start-up, Foundation, the libraries).
    baselines = [attempt([bench, 'decode', baseline_gpx]) for _ in range(repeat)]
    dynamic_baselines = [attempt([dynamic_bench, 'decode', baseline_gpx]) for _ in range(repeat)]
    baseline = baselines[0]
    baseline_ok = all(b['status'] == 0 for b in baselines)
    baseline_mb = max(b['peak_mb'] for b in baselines) if baseline_ok else None
    baseline_s = statistics.median(b['seconds'] for b in baselines) if baseline_ok else None
    for label, path in files:
        tools = [
            ('runlog decode (runlog-bench decode)', [bench, 'decode', path]),
            ('runlog stats --json (CLI end to end)', [runlog, 'stats', '--json', path]),
            ('  runlog decode, shared Swift runtime', [dynamic_bench, 'decode', path]),
            # GPSBabel reads every record into its track (its peak grows with them); without -t the
            # writer leaves tracks out, so this is its decode, like runlog's, with nothing written.
            ('GPSBabel 1.8 (garmin_fit -> unicsv)', ['gpsbabel', '-i', 'garmin_fit', '-f', path, '-o', 'unicsv', '-F', '/dev/null']),
            # With -t it also writes every record as a CSV line (about ten times the time): for reference.
            ('  GPSBabel -t (the records written as CSV)', ['gpsbabel', '-t', '-i', 'garmin_fit', '-f', path, '-o', 'unicsv', '-F', '/dev/null']),
            ("Garmin's Python SDK (all messages)", [VENV_PYTHON, '-c', GARMIN_SDK, path]),
            ('fitdecode (all messages)', [VENV_PYTHON, '-c', FITDECODE, path]),
        ]
        results = {name: [] for name, _ in tools}
        failures = {}
        size_mb = os.path.getsize(path) / 1e6
        print(f'\nFIT decoding, {label} ({size_mb:.1f} MB), {repeat} interleaved runs each, whole processes:', flush=True)
        for r in range(repeat):
            for name, argv in tools:
                if name in failures:
                    continue
                result = attempt(argv)
                if result['status'] != 0:
                    failures[name] = (result['err'] or result['out'] or f'exit {result["status"]}').splitlines()[-1][:300]
                    continue
                results[name].append(result)
        medians = {name: statistics.median(r['seconds'] for r in rows) for name, rows in results.items() if rows}
        runlog_name = tools[0][0]
        reference = medians.get(runlog_name)
        print(f'  {"tool":42s} {"median s":>8s} {"best s":>7s} {"x runlog":>8s} {"peak MB":>8s}  records')
        if baseline_ok:
            print(f'  {"(runlog-bench on a one-point GPX: floor)":42s} {baseline_s:8.3f} {min(b["seconds"] for b in baselines):7.3f} '
                  f'{"":8s} {baseline_mb:8.1f}  1')
        if all(b['status'] == 0 for b in dynamic_baselines):
            print(f'  {"  (the same, shared Swift runtime)":42s} {statistics.median(b["seconds"] for b in dynamic_baselines):8.3f} '
                  f'{min(b["seconds"] for b in dynamic_baselines):7.3f} {"":8s} {max(b["peak_mb"] for b in dynamic_baselines):8.1f}  1')
        for name, _ in tools:
            rows = results[name]
            if name in failures:
                print(f'  {name:42s} FAILED: {failures[name]}')
                continue
            median, best = medians[name], min(r['seconds'] for r in rows)
            peak = max(r['peak_mb'] for r in rows)
            fields = key_values(rows[0]['out'])
            records = fields.get('records', '-')
            if name.startswith('GPSBabel'):   # counted once more with -t, untimed: unicsv lines of the positioned records
                counted = attempt(['gpsbabel', '-t', '-i', 'garmin_fit', '-f', path, '-o', 'unicsv', '-F', '-'])
                records = f'{max(len(counted["out"].splitlines()) - 1, 0)} positioned (-t)' if counted['status'] == 0 else '-'
            if name.startswith('runlog stats'):
                try:   # one object per activity in the file
                    records = str(sum(a.get('trackPointCount', 0) + a.get('recordsWithoutPositionCount', 0)
                                      for a in json.loads(rows[0]['out'])))
                except (ValueError, AttributeError, TypeError):
                    records = '-'
            ratio = f'{median / reference:8.1f}' if reference else f'{"-":>8s}'
            print(f'  {name:42s} {median:8.3f} {best:7.3f} {ratio} {peak:8.1f}  {records}')
        if runlog_name in failures:
            print(f'  targets (>= 3x GPSBabel, >= 50x Garmin SDK, <= {FIT_BYTES_PER_RECORD} B/record): NOT MEASURED — runlog could not '
                  f'decode this file: {failures[runlog_name]}')
            if baseline_ok:
                for peer, factor in [('GPSBabel 1.8 (garmin_fit -> unicsv)', 3), ("Garmin's Python SDK (all messages)", 50)]:
                    if peer in medians:
                        print(f'    {factor}x {peer.split(" (")[0]} means runlog in <= {medians[peer] / factor * 1000:.0f} ms here '
                              f'(its process floor: {baseline_s * 1000:.0f} ms)')
            continue
        for peer, factor in [('GPSBabel 1.8 (garmin_fit -> unicsv)', 3), ("Garmin's Python SDK (all messages)", 50)]:
            if peer in medians:
                speedup = medians[peer] / reference
                ceiling = f'; at most {medians[peer] / baseline_s:.0f}x with the process floor' if baseline_ok else ''
                print(f'  target: runlog >= {factor}x faster than {peer.split(" (")[0]}: {speedup:.1f}x -> {"PASS" if speedup >= factor else "FAIL"}'
                      f' (whole processes{ceiling})')
            else:
                print(f'  target: runlog >= {factor}x faster than {peer.split(" (")[0]}: NOT MEASURED ({peer} failed)')
        rows = results[runlog_name]
        fields = key_values(rows[0]['out'])
        records = int(fields.get('records', '0'))
        peak = max(r['peak_mb'] for r in rows)
        if baseline_mb is None or records == 0:
            print(f'  target: peak RSS bounded by the records kept: NOT MEASURED (baseline '
                  f'{"failed: " + baseline["err"][:200] if not baseline_ok else "ok"}, {records} records)')
        else:
            per_record = (peak - baseline_mb) * 1024 * 1024 / records
            print(f'  target: peak RSS bounded by the records kept: {peak:.1f} MB peak, {peak - baseline_mb:.1f} MB above reading a '
                  f'one-point file ({baseline_mb:.1f} MB) = {per_record:.0f} bytes per record for {records:,} records '
                  f'(TrackPoint {fields.get("point_bytes", "?")} B; file {os.path.getsize(path) / records:.0f} B/record) '
                  f'-> {"PASS" if per_record <= FIT_BYTES_PER_RECORD else "FAIL"} (<= {FIT_BYTES_PER_RECORD} B/record)')

def shifted_times(text, days):
    """An XML activity (GPX or TCX) with every ISO 8601 date-time moved `days` days later (the
    time of day kept, so the run is the same run on another day)."""
    import datetime, re
    def move(match):
        day = datetime.date.fromisoformat(match.group(1)) + datetime.timedelta(days=days)
        return day.isoformat() + 'T'
    return re.sub(r'(\d{4}-\d{2}-\d{2})T(?=\d{2}:\d{2})', move, text)

ARCHIVE_GPX = ['coregpx-GPXTest-TrackPointOnly.gpx', 'gpxpod-testFile1.gpx', 'sportslib-1681613317.gpx',
               'georust-garmin_with_extensions.gpx', 'pytrainer-gpxplus_sample.gpx']
ARCHIVE_TCX = ['10kUNLP2014-Garmin15.tcx', 'unknown_example.tcx', 'cross-country-skiing_activity_1.tcx']

def archive_members():
    """ARCHIVE_RUNS activities, a third each FIT, GPX and TCX, each gzipped, in
    bench-data/archive-N/gz/ (and plain in plain/); run i is moved i days later so none is a
    duplicate: GPX and TCX from the corpus with every time shifted, FIT written by fit-tool
    (ARCHIVE_FIT_RECORDS records, its own start and place). Made once, then reused."""
    import gzip
    folder = os.path.join(DATA, f'archive-{ARCHIVE_RUNS}')
    gz, plain = os.path.join(folder, 'gz'), os.path.join(folder, 'plain')
    done = os.path.join(folder, 'complete')
    if os.path.exists(done):
        return gz, plain
    subprocess.call(['rm', '-rf', folder])
    os.makedirs(gz)
    os.makedirs(plain)
    print(f'generating {ARCHIVE_RUNS:,} activities in {folder} (FIT by fit-tool: minutes, once) ...', flush=True)
    sources = {'gpx': [open(os.path.join(SHARED, 'corpus', 'files', n), encoding='utf-8').read() for n in ARCHIVE_GPX],
               'tcx': [open(os.path.join(SHARED, 'corpus-fit-tcx', 'files', n), encoding='utf-8').read() for n in ARCHIVE_TCX]}
    fit_jobs = []
    for i in range(ARCHIVE_RUNS):
        kind = ('fit', 'gpx', 'tcx')[i % 3]
        path = os.path.join(plain, f'run-{i:04d}.{kind}')
        if kind == 'fit':   # a morning run i days after 2024-05-01, in its own place
            fit_jobs.append((path, ARCHIVE_FIT_RECORDS, 1714521600 + i * 86400 + 6 * 3600, i))
        else:
            texts = sources[kind]
            with open(path, 'wb') as f:
                f.write(shifted_times(texts[(i // 3) % len(texts)], 400 + i).encode('utf-8'))
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:   # each job its own fit-tool process
        list(pool.map(lambda job: synthetic_fit(*job), fit_jobs))
    for name in sorted(os.listdir(plain)):
        with open(os.path.join(plain, name), 'rb') as f:
            data = f.read()
        with open(os.path.join(gz, name + '.gz'), 'wb') as f:
            f.write(gzip.compress(data, compresslevel=6, mtime=0))
    open(done, 'w').close()
    return gz, plain

def archive_zip(gz):
    """The .gz files in a zip under activities/ (deflated again, as Strava's export does)."""
    import zipfile
    path = os.path.join(os.path.dirname(gz), f'export-{ARCHIVE_RUNS}.zip')
    if not os.path.exists(path):
        with zipfile.ZipFile(path + '.part', 'w', compression=zipfile.ZIP_DEFLATED) as z:
            for name in sorted(os.listdir(gz)):
                z.write(os.path.join(gz, name), 'activities/' + name)
        os.rename(path + '.part', path)
    return path

def import_counts(result):
    """(runs imported, files they came from, duplicates, files failed, the first failure) from
    `runlog import --json`'s report (a file holding several activities gives several runs)."""
    try:
        report = json.loads(result['out'])
    except ValueError:
        return None
    failed = report.get('failed', [])
    first = f'{failed[0].get("file")}: {failed[0].get("code")}: {failed[0].get("message")}' if failed else ''
    imported = report.get('imported', [])
    return len(imported), len({r.get('file') for r in imported}), len(report.get('duplicates', [])), len(failed), first

def archive_import():
    """Part 8: importing an archive of ARCHIVE_RUNS gzipped activities (FIT, GPX, TCX) into a fresh
    library, in runs per second; beside it the same .gz files as a folder, the plain files as a
    folder, and `gzip -dc` of every member alone (the decompression floor)."""
    ensure_venv()
    gz, plain = archive_members()
    archive = archive_zip(gz)
    runlog = os.path.join(RELEASE, 'runlog')
    members = sorted(os.path.join(gz, n) for n in os.listdir(gz))
    gz_mb = sum(os.path.getsize(p) for p in members) / 1e6
    plain_mb = sum(os.path.getsize(os.path.join(plain, n)) for n in os.listdir(plain)) / 1e6
    print(f'\nImporting an archive of {ARCHIVE_RUNS:,} gzipped activities (FIT, GPX, TCX by thirds; {os.path.getsize(archive) / 1e6:.0f} MB zip, '
          f'{gz_mb:.0f} MB of .gz, {plain_mb:.0f} MB unpacked) into a fresh library, --jobs default ({os.cpu_count()}):')
    print(f'  {"input":44s} {"seconds":>8s} {"runs/s":>8s} {"MB/s":>6s} {"peak MB":>8s}  runs stored (from files) / duplicates / files failed')
    print(f'  {"":44s} {"":8s} {"":8s} {"(MB/s of the unpacked files)":s}')
    home = os.path.join(DATA, 'archive-home')
    for label, path in [(f'runlog import {os.path.basename(archive)}', archive),
                        ('runlog import FOLDER of the .gz files', gz),
                        ('runlog import FOLDER, the same uncompressed', plain)]:
        subprocess.call(['rm', '-rf', home])
        result = attempt([runlog, 'import', '--json', path], dict(os.environ, RUNLOG_HOME=home))
        counts = import_counts(result)
        if counts is None:
            reason = (result['err'] or result['out'] or f'exit {result["status"]}').splitlines()[-1][:300]
            print(f'  {label:44s} FAILED (exit {result["status"]}): {reason}')
            continue
        imported, files, duplicates, failed, first = counts
        rate = f'{imported / result["seconds"]:8.1f}' if imported else f'{"-":>8s}'
        throughput = f'{plain_mb / result["seconds"]:6.1f}' if files == ARCHIVE_RUNS else f'{"-":>6s}'
        print(f'  {label:44s} {result["seconds"]:8.2f} {rate} {throughput} {result["peak_mb"]:8.0f}  '
              f'{imported} ({files}) / {duplicates} / {failed}{"" if files == ARCHIVE_RUNS else "  -> NOT ALL IMPORTED: the rate is not the target figure"}')
        if failed:
            print(f'    first failure: {first[:300]}')
    floor = attempt(['gzip', '-dc'] + members)
    if floor['status'] != 0:
        print(f'  gzip -dc of the {len(members):,} members: FAILED: {floor["err"][:300]}')
    else:
        print(f'  {"gzip -dc of the " + format(len(members), ",") + " .gz files (alone)":44s} {floor["seconds"]:8.2f} '
              f'{len(members) / floor["seconds"]:8.1f} {plain_mb / floor["seconds"]:6.1f} {floor["peak_mb"]:8.0f}  (files/s: decompression only)')

UPLOAD_BYTES = int(os.environ.get('BENCH_UPLOAD_MB', '64')) << 20

def zip_of_empty_files(path, size):
    """A zip (stored, zip64 directory) of as many empty `.gpx` files as fit in `size` bytes: the
    review's hostile upload (64 MB, about 714,000 files). Written by hand: Python's zipfile keeps
    an object per member."""
    import struct
    if os.path.exists(path):
        return path
    entry = lambda name: 30 + len(name) + 46 + len(name)
    names, total = [], 22 + 56 + 20
    while True:
        name = f'{len(names):x}.gpx'.encode()
        if total + entry(name) > size:
            break
        names.append(name)
        total += entry(name)
    with open(path + '.part', 'wb') as f:
        offsets = []
        for name in names:
            offsets.append(f.tell())
            f.write(struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0, 0, 0, 0x21, 0, 0, 0, len(name), 0) + name)
        start = f.tell()
        for name, offset in zip(names, offsets):
            f.write(struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 20, 20, 0, 0, 0, 0x21, 0, 0, 0, len(name), 0, 0, 0, 0, 0, offset) + name)
        end = f.tell()
        f.write(struct.pack('<IQHHIIQQQQ', 0x06064b50, 44, 45, 45, 0, 0, len(names), len(names), end - start, start))
        f.write(struct.pack('<IIQI', 0x07064b50, 0, end, 1))
        f.write(struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0))
    os.rename(path + '.part', path)
    return path

def zip_of_runs(path, size, first_day):
    """A zip (stored) of short GPX runs (300 points, 5 s apart: about 32 KB each) filling `size`
    bytes, one a day back from `first_day` days before 2026-05-01 (no two alike: none a duplicate)."""
    import datetime, math, zipfile
    if os.path.exists(path):
        return path
    count = 0
    with zipfile.ZipFile(path + '.part', 'w', zipfile.ZIP_STORED) as z:
        while True:
            day = datetime.datetime(2026, 5, 1, 7, 0, 0) - datetime.timedelta(days=first_day + count)
            lines = ['<?xml version="1.0" encoding="UTF-8"?>',
                     '<gpx version="1.1" creator="bench.py" xmlns="http://www.topografix.com/GPX/1/1">',
                     f'<trk><name>Upload bench {count}</name><type>running</type><trkseg>']
            for i in range(300):
                angle = i / 300 * 2 * math.pi
                stamp = (day + datetime.timedelta(seconds=5 * i)).strftime('%Y-%m-%dT%H:%M:%SZ')
                lines.append(f'<trkpt lat="{48.1 + 0.01 * math.sin(angle):.7f}" lon="{11.5 + 0.015 * math.cos(angle):.7f}">'
                             f'<ele>{520 + 5 * math.sin(3 * angle):.1f}</ele><time>{stamp}</time></trkpt>')
            lines.append('</trkseg></trk></gpx>\n')
            data = '\n'.join(lines).encode()
            # The member's headers (about 100 bytes in all) and the central directory's record to come.
            if z.fp.tell() + len(data) + 200 * (count + 1) + 1024 > size:
                break
            z.writestr(f'runs/run-{count:05d}.gpx', data)
            count += 1
    os.rename(path + '.part', path)
    return path

class RSSWatch:
    """The server's resident set size, sampled every 5 ms on a thread of its own: VmRSS (all of it)
    and RssAnon (its heap and stacks, without the pages of mapped files such as a spooled upload),
    in MB, and their peaks."""
    def __init__(self, pid):
        import threading
        self.pid, self.peak, self.peak_anon, self.running = pid, 0.0, 0.0, True
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def now(self):
        """(VmRSS, RssAnon) in MB."""
        values = {}
        with open(f'/proc/{self.pid}/status') as f:
            for line in f:
                if line.startswith(('VmRSS:', 'RssAnon:')):
                    values[line.split(':')[0]] = int(line.split()[1]) / 1024.0
        return values.get('VmRSS', 0.0), values.get('RssAnon', 0.0)

    def loop(self):
        while self.running:
            rss, anon = self.now()
            self.peak, self.peak_anon = max(self.peak, rss), max(self.peak_anon, anon)
            time.sleep(0.005)

    def stop(self):
        self.running = False
        self.thread.join()
        return self.peak, self.peak_anon

class Client:
    """One session of the server: its cookie and CSRF token (GET /api/v1/session)."""
    def __init__(self, base):
        import http.client
        self.host, self.port = base.split('//')[1].rstrip('/').split(':')
        conn = http.client.HTTPConnection(self.host, int(self.port), timeout=600)
        conn.request('GET', '/api/v1/session')
        response = conn.getresponse()
        self.token = json.loads(response.read())['csrfToken']
        self.cookie = response.getheader('Set-Cookie').split(';')[0]
        conn.close()

    def request(self, method, path, body_parts=None, content_type=None):
        """(status, headers, body, seconds until the whole answer was read)."""
        import http.client
        conn = http.client.HTTPConnection(self.host, int(self.port), timeout=600)
        start = time.monotonic()
        conn.putrequest(method, path)
        conn.putheader('Cookie', self.cookie)
        conn.putheader('X-CSRF-Token', self.token)
        length = sum(len(p) if isinstance(p, bytes) else os.path.getsize(p) for p in body_parts or [])
        if body_parts is not None:
            conn.putheader('Content-Type', content_type)
            conn.putheader('Content-Length', str(length))
        conn.endheaders()
        for part in body_parts or []:
            if isinstance(part, bytes):
                conn.send(part)
            else:
                with open(part, 'rb') as f:
                    while chunk := f.read(1 << 20):
                        conn.send(chunk)
        response = conn.getresponse()
        body = response.read()
        seconds = time.monotonic() - start
        conn.close()
        return response.status, dict(response.getheaders()), body, seconds

    def upload(self, path):
        boundary = 'runlogbench7d2f'
        head = (f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{os.path.basename(path)}"\r\n'
                'Content-Type: application/zip\r\n\r\n').encode()
        return self.request('POST', '/api/v1/imports', [head, path, f'\r\n--{boundary}--\r\n'.encode()],
                            f'multipart/form-data; boundary={boundary}')

def upload_outcome(client, status, headers, body, answered):
    """Waits for an import to end (the job's resource polled every 50 ms, when the server answered
    202); (seconds until it ended, runs imported, the error's code or '', the answer's bytes)."""
    if status == 202:
        location = headers.get('Location')
        while True:
            _, _, job_body, _ = client.request('GET', location)
            job = json.loads(job_body)
            if job['state'] in ('done', 'failed'):
                ended = time.monotonic()
                report = job.get('report') or {}
                counts = report.get('counts') or {}
                code = (job.get('error') or {}).get('code', '')
                return ended, counts.get('imported', len(report.get('imported', []))), code, len(body) + len(job_body)
            time.sleep(0.05)
    try:
        answer = json.loads(body)
    except ValueError:
        answer = {}
    code = (answer.get('error') or {}).get('code', '') if isinstance(answer, dict) else ''
    return answered, len(answer.get('imported', [])) if isinstance(answer, dict) else 0, code, len(body)

def upload_memory():
    """Part 9, issue 16's figure: the server's resident memory (VmRSS of `runlog serve` and its
    RssAnon — heap and stacks, not the pages of mapped files such as the spooled upload —, sampled
    every 5 ms) before, at its peak during, and 2 s after the import ended, for an upload of
    BENCH_UPLOAD_MB MB through POST /api/v1/imports (polling the job every 50 ms when answered 202),
    once and four at once (four sessions): the review's hostile zip of ~715,000 empty files, and
    zips of ~2,200 short GPX runs under the caps. Meanwhile another client asks for GET
    /api/v1/runs?pageSize=1 every 20 ms: its slowest answer. BENCH_UPLOAD_RUNLOG names another
    runlog binary (the figures before issue 16's Build 2 were taken with that of main then)."""
    import threading
    runlog = os.environ.get('BENCH_UPLOAD_RUNLOG', os.path.join(RELEASE, 'runlog'))
    os.makedirs(DATA, exist_ok=True)
    mb = UPLOAD_BYTES >> 20
    hostile = zip_of_empty_files(os.path.join(DATA, f'upload-{mb}mb-empty-files.zip'), UPLOAD_BYTES)
    runs = [zip_of_runs(os.path.join(DATA, f'upload-{mb}mb-runs-{k}.zip'), UPLOAD_BYTES, k * 3000) for k in range(4)]
    print(f'\nUploads of {mb} MB to runlog serve ({runlog}), POST /api/v1/imports; the server\'s VmRSS every 5 ms:')
    print(f'  {"":46s} {"":8s} {"":7s} {"":9s} {"VmRSS MB (RssAnon MB)":^38s}')
    print(f'  {"upload":46s} {"answer s":>8s} {"done s":>7s} {"answer KB":>9s} {"before":>12s} {"peak":>12s} {"after":>12s} '
          f'{"probe max ms":>12s}  runs / error')
    for label, files in [(f'{mb} MB zip of empty files, once', [hostile]),
                         (f'{mb} MB zip of empty files, four at once', [hostile] * 4),
                         (f'{mb} MB zip of short GPX runs, once', runs[:1]),
                         (f'{mb} MB zips of short GPX runs, four at once', runs)]:
        home = os.path.join(DATA, 'upload-home')
        subprocess.call(['rm', '-rf', home])
        server = subprocess.Popen([runlog, 'serve', '--port', '0'], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  env=dict(os.environ, RUNLOG_HOME=home), text=True)
        try:
            base = server.stdout.readline().split('serves ')[1].split('/ ')[0]
            clients = [Client(base) for _ in files]
            probe_client = Client(base)
            probe_client.request('GET', '/')
            time.sleep(1)
            watch = RSSWatch(server.pid)
            before = watch.now()
            probe_worst, probing = [0.0], [True]
            def probe():
                while probing[0]:
                    _, _, _, seconds = probe_client.request('GET', '/api/v1/runs?pageSize=1')
                    probe_worst[0] = max(probe_worst[0], seconds)
                    time.sleep(0.02)
            prober = threading.Thread(target=probe, daemon=True)
            prober.start()
            results = [None] * len(files)
            start = time.monotonic()
            def send(k):
                status, headers, body, seconds = clients[k].upload(files[k])
                results[k] = (seconds,) + upload_outcome(clients[k], status, headers, body, time.monotonic())
            senders = [threading.Thread(target=send, args=(k,)) for k in range(len(files))]
            for t in senders: t.start()
            for t in senders: t.join()
            probing[0] = False
            prober.join()
            time.sleep(2)
            after = watch.now()
            peak, peak_anon = watch.stop()
            answer = max(r[0] for r in results)
            done = max(r[1] for r in results) - start
            sent = max(r[4] for r in results) / 1024
            outcome = ', '.join(sorted({f'{r[2]}' + (f' / {r[3]}' if r[3] else '') for r in results}))
            pair = lambda total, anon: f'{total:5.0f} ({anon:4.0f})'
            print(f'  {label:46s} {answer:8.2f} {done:7.2f} {sent:9.0f} {pair(*before):>12s} {pair(peak, peak_anon):>12s} {pair(*after):>12s} '
                  f'{probe_worst[0] * 1000:12.0f}  {outcome}', flush=True)
        finally:
            server.terminate()
            server.wait(timeout=60)

if __name__ == '__main__':
    print(f'runlog benchmark on {os.cpu_count()} cores, {time.strftime("%Y-%m-%d %H:%M")}')
    parts = {'import': importing, 'store': shared_store, 'serve': serving, 'misses': cache_misses, 'paging': paging, 'live': live,
             'fit': fit_decoding, 'archive': archive_import, 'upload': upload_memory}
    only = os.environ.get('BENCH_ONLY')
    if only:
        if only not in parts:
            sys.exit(f'BENCH_ONLY takes one of {", ".join(parts)}, not {only!r}')
        parts[only]()
        sys.exit(0)
    path = ensure_file(POINTS)
    read_seconds = reading(path)
    analysis(path, read_seconds)
    importing()
    shared_store()
    serving()
    cache_misses()
    paging()
    live()
    fit_decoding()
    archive_import()
    upload_memory()
