#!/usr/bin/env python3
"""What a change of the analysis settings costs `runlog serve`'s requests (issue 16).

Usage: settings-recompute.py RUNLOG LIBRARY [--concurrent 8]

Starts RUNLOG serve over LIBRARY (a library of many runs), takes a session's token, and sends
CONCURRENT `PUT /api/v1/settings` at once, each setting analysis.movingSpeed to another value,
while a probe asks for `GET /api/v1/runs` every 0.2 s. Prints one JSON line: each PUT's seconds
and status, the probe's slowest answer while they ran, and — for a server that answers before
recomputing — how long until GET /api/v1/settings/recompute said idle again, and the value the
runs ended with (the newest stored must win).
"""
import json, socket, subprocess, sys, threading, time, urllib.request, sqlite3

def free_port():
    s = socket.socket(); s.bind(('127.0.0.1', 0)); port = s.getsockname()[1]; s.close(); return port

def main():
    args = sys.argv[1:]
    if len(args) < 2: sys.exit(__doc__)
    runlog, library = args[0], args[1]
    concurrent = int(args[args.index('--concurrent') + 1]) if '--concurrent' in args else 8
    port = free_port()
    base = f'http://127.0.0.1:{port}'
    server = subprocess.Popen([runlog, 'serve', '--port', str(port), '--library', library],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try: urllib.request.urlopen(base + '/api/v1/session', timeout=1); break
            except OSError: time.sleep(0.05)
        reply = urllib.request.urlopen(base + '/api/v1/session')
        cookie = reply.headers['Set-Cookie'].split(';')[0]
        token = json.load(reply)['csrfToken']
        values = [round(0.6 + 0.1 * k, 1) for k in range(concurrent)]
        results, done = [None] * concurrent, threading.Event()
        def put(k):
            body = json.dumps({'analysis.movingSpeed': values[k]}).encode()
            request = urllib.request.Request(base + '/api/v1/settings', data=body, method='PUT', headers={
                'Content-Type': 'application/json', 'X-CSRF-Token': token, 'Cookie': cookie, 'Origin': base})
            start = time.time()
            try:
                with urllib.request.urlopen(request, timeout=900) as r: status = r.status
            except urllib.error.HTTPError as e: status = e.code
            results[k] = (round(time.time() - start, 3), status)
        slowest = [0.0]
        def probe():
            while not done.is_set():
                start = time.time()
                try: urllib.request.urlopen(base + '/api/v1/runs', timeout=900).read()
                except OSError: pass
                slowest[0] = max(slowest[0], time.time() - start)
                time.sleep(0.2)
        prober = threading.Thread(target=probe); prober.start()
        start = time.time()
        threads = [threading.Thread(target=put, args=(k,)) for k in range(concurrent)]
        for t in threads: t.start(); time.sleep(0.01)   # in order: the last sent is the newest
        for t in threads: t.join()
        answered = time.time() - start
        idle_after = None
        while True:
            try:
                status = json.load(urllib.request.urlopen(base + '/api/v1/settings/recompute', timeout=900))
                if status.get('state') == 'idle': idle_after = round(time.time() - start, 2); break
            except urllib.error.HTTPError: break   # a server without a background recompute
            time.sleep(0.5)
        done.set(); prober.join()
        stored = json.load(urllib.request.urlopen(base + '/api/v1/settings'))
        value = next(s['value'] for s in stored['settings'] if s['key'] == 'analysis.movingSpeed')
        db = sqlite3.connect(library)
        thresholds = sorted({json.loads(row[0])['parameters']['movingSpeedThresholdMetersPerSecond']
                             for row in db.execute('SELECT summary_json FROM runs')})
        print(json.dumps({'puts': results, 'allAnsweredSeconds': round(answered, 2), 'probeSlowestSeconds': round(slowest[0], 3),
                          'recomputeIdleAfterSeconds': idle_after, 'storedValue': value, 'runThresholds': thresholds}))
    finally:
        server.terminate(); server.wait()

main()
