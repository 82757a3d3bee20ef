#!/usr/bin/env python3
"""What clients that stop reading their downloads cost `runlog serve` (issue 16).

Usage: stalled-downloads.py RUNLOG LIBRARY COUNT [--path /runs/1/gpx] [--seconds 8]

Starts RUNLOG serve over LIBRARY (a library folder holding the run the path names), opens COUNT
connections — 64 per source address, from 127.0.0.1, 127.0.0.2, … (the server's per-address
limit) — each with a 4 KiB receive buffer, sends `GET PATH` on each and never reads. It samples
the server's resident memory (VmRSS), its peak (VmHWM) and its threads (/proc/PID/status) every
0.2 s for SECONDS, then closes every connection, waits 3 s and samples again ("after"), and times one request
(`GET /api/v1/runs`) to see that the server answers. Prints
one JSON line: the statuses seen in the first bytes that did arrive (a refusal is small enough to
arrive whole), peak and after figures in MB, threads.
"""
import json, os, re, socket, subprocess, sys, time

def status_of(pid):
    fields = {}
    with open(f'/proc/{pid}/status') as f:
        for line in f:
            key, _, value = line.partition(':')
            fields[key] = value.strip()
    kb = lambda key: int(fields[key].split()[0]) / 1024
    return kb('VmRSS'), kb('VmHWM'), int(fields['Threads'])

def free_port():
    s = socket.socket(); s.bind(('127.0.0.1', 0)); port = s.getsockname()[1]; s.close(); return port

def main():
    args = sys.argv[1:]
    if len(args) < 3: sys.exit(__doc__)
    runlog, library, count = args[0], args[1], int(args[2])
    path = args[args.index('--path') + 1] if '--path' in args else '/runs/1/gpx'
    seconds = float(args[args.index('--seconds') + 1]) if '--seconds' in args else 8.0
    port = free_port()
    server = subprocess.Popen([runlog, 'serve', '--port', str(port), '--library', library],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                socket.create_connection(('127.0.0.1', port), timeout=0.2).close(); break
            except OSError: time.sleep(0.05)
        # One download read whole first: the page's caches and one workspace are warm.
        warm = socket.create_connection(('127.0.0.1', port))
        warm.sendall(f'GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'.encode())
        size = 0
        while chunk := warm.recv(1 << 16): size += len(chunk)
        warm.close()
        time.sleep(0.5)
        rss0, _, threads0 = status_of(server.pid)
        conns = []
        for i in range(count):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.bind((f'127.0.0.{1 + i // 64}', 0))
            s.connect(('127.0.0.1', port))
            s.sendall(f'GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.encode())
            conns.append(s)
        peak_rss, peak_threads, end = 0, 0, time.time() + seconds
        while time.time() < end:
            rss, hwm, threads = status_of(server.pid)
            peak_rss, peak_threads = max(peak_rss, rss), max(peak_threads, threads)
            time.sleep(0.2)
        statuses = {}
        for s in conns:
            s.setblocking(False)
            try: head = s.recv(4096)
            except OSError: head = b''
            m = re.match(rb'HTTP/1\.1 (\d+)', head)
            key = m.group(1).decode() if m else 'none'
            statuses[key] = statuses.get(key, 0) + 1
        for s in conns: s.close()
        time.sleep(3)
        rss_after, hwm, threads_after = status_of(server.pid)
        # Is the server still answering?
        probe_start = time.time()
        probe = socket.create_connection(('127.0.0.1', port), timeout=60)
        probe.sendall(b'GET /api/v1/runs HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
        try: answered = probe.recv(64).split(b' ')[1].decode()
        except (OSError, IndexError): answered = 'none'
        probe_seconds = round(time.time() - probe_start, 2)
        print(json.dumps({'stalled': count, 'downloadBytes': size, 'statuses': statuses,
                          'rssBeforeMB': round(rss0, 1), 'rssPeakMB': round(peak_rss, 1), 'hwmMB': round(hwm, 1),
                          'rssAfterMB': round(rss_after, 1), 'threadsBefore': threads0, 'threadsPeak': peak_threads,
                          'threadsAfter': threads_after, 'probeStatus': answered, 'probeSeconds': probe_seconds}))
    finally:
        server.terminate(); server.wait()

main()
