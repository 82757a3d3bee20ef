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

Environment: BENCH_POINTS (default 1000000), BENCH_REPEAT (3), BENCH_IMPORT_RUNS (1000),
BENCH_STORE_COMMITS (2000), BENCH_STORE_INTERVAL_US (2000), BENCH_SKIP_GPXPY=1 to leave gpxpy out
(it needs ~70 s and several GB at 1M points), BENCH_WRK_SECONDS (10), BENCH_WRK_CONNECTIONS (16),
BENCH_ONLY=store or BENCH_ONLY=serve to run part 4 or 5 alone.
"""
import json, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get('RUNLOG_SHARED', os.path.join(os.path.dirname(ROOT), 'shared'))
DATA = os.path.join(ROOT, 'bench-data')
RELEASE = os.path.join(ROOT, '.build', 'release')
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

if __name__ == '__main__':
    print(f'runlog benchmark on {os.cpu_count()} cores, {time.strftime("%Y-%m-%d %H:%M")}')
    if os.environ.get('BENCH_ONLY') == 'store':
        shared_store()
        sys.exit(0)
    if os.environ.get('BENCH_ONLY') == 'serve':
        serving()
        sys.exit(0)
    path = ensure_file(POINTS)
    read_seconds = reading(path)
    analysis(path, read_seconds)
    importing()
    shared_store()
    serving()
