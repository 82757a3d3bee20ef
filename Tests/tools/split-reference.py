#!/usr/bin/python3
"""Independent reference for how a GPX file holding several activities is cut into runs, written
from the rules in runlog's docs (ARCHITECTURE.md, "Files holding several activities"), not from
its code: Python's own XML parser (gpx_points.py) and GeographicLib's geodesic.

    split-reference.py FILE [GAP_SECONDS]

Prints a JSON list, one object per part in file order (a route part last): "points" (all track
points of the part, with or without times), "start" and "end" (ISO 8601 UTC, the earliest and the
latest time in the part; null for a route), "longestGap" (seconds, the longest time between two of
its times in order), "route" (tracks without any time).
"""
import datetime, json, sys
from geographiclib.geodesic import Geodesic
import gpx_points

NEW_RECORDING_SECONDS, NEW_RECORDING_METERS, TINY, DAY = 300.0, 1000.0, 3, 86400.0


def iso(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ') if t is not None else None


def parts(path, gap):
    _, tracks = gpx_points.read(path)
    timed = [t for t, track in enumerate(tracks) if any(p['time'] is not None for s in track for p in s)]
    untimed = [t for t, track in enumerate(tracks) if t not in timed and any(track)]
    # Groups of points: lists of (track, point) in file order, with their times.
    groups, last_time, last_point = [], None, None
    for t in timed:
        flat = [p for s in tracks[t] for p in s]
        first = next(p for p in flat if p['time'] is not None)
        if last_time is not None and first['time'] - last_time > NEW_RECORDING_SECONDS and \
                Geodesic.WGS84.Inverse(last_point['lat'], last_point['lon'], first['lat'], first['lon'])['s12'] > NEW_RECORDING_METERS:
            groups.append({'points': [], 'times': [], 'tracks': {t}, 'starts_track': True})
        for i, p in enumerate(flat):
            if p['time'] is not None:
                if not groups:
                    groups.append({'points': [], 'times': [], 'tracks': {t}, 'starts_track': True})
                elif abs(p['time'] - last_time) > gap and groups[-1]['times']:
                    groups.append({'points': [], 'times': [], 'tracks': {t}, 'starts_track': i == 0})
                last_time, last_point = p['time'], p
                groups[-1]['times'].append(p['time'])
            if not groups:
                groups.append({'points': [], 'times': [], 'tracks': {t}, 'starts_track': True})
            groups[-1]['points'].append(p)
            groups[-1]['tracks'].add(t)
    # A group of at most three timed points more than a day from both neighbours (a wrong clock) joins
    # the nearer group in time, unless it is whole tracks; nearer, it is a short recording of its own.
    def whole(k):
        g = groups[k]
        return g['starts_track'] and (k + 1 == len(groups) or (groups[k + 1]['starts_track'] and not (groups[k + 1]['tracks'] & g['tracks'])))
    k = 0
    while len(groups) > 1 and k < len(groups):
        if len(groups[k]['times']) > TINY or whole(k):
            k += 1
            continue
        before = abs(groups[k]['times'][0] - groups[k - 1]['times'][-1]) if k > 0 else float('inf')
        after = abs(groups[k + 1]['times'][0] - groups[k]['times'][-1]) if k + 1 < len(groups) else float('inf')
        if min(before, after) <= DAY:
            k += 1
            continue
        # A wrong date: its points join, its times do not count (runlog's clean-up leaves them out).
        if 0 < k < len(groups) - 1 and not groups[k + 1]['starts_track'] and \
                abs(groups[k + 1]['times'][0] - groups[k - 1]['times'][-1]) <= gap:
            a, b, c = groups[k - 1], groups[k], groups[k + 1]
            groups[k - 1] = {'points': a['points'] + b['points'] + c['points'], 'times': a['times'] + c['times'],
                             'tracks': a['tracks'] | b['tracks'] | c['tracks'], 'starts_track': a['starts_track']}
            del groups[k:k + 2]
        else:
            into = k - 1 if before <= after else k + 1
            lo, hi = (groups[into], groups[k]) if into < k else (groups[k], groups[into])
            groups[min(k, into)] = {'points': lo['points'] + hi['points'], 'times': groups[into]['times'],
                                    'tracks': lo['tracks'] | hi['tracks'], 'starts_track': lo['starts_track']}
            del groups[max(k, into)]
        k = 0
    def longest_gap(times):
        ordered = sorted(times)
        return max([b - a for a, b in zip(ordered, ordered[1:])], default=0)
    result = [{'points': len(g['points']), 'start': iso(min(g['times'])), 'end': iso(max(g['times'])),
               'longestGap': longest_gap(g['times']), 'route': False} for g in groups]
    if untimed:
        result.append({'points': sum(len(s) for t in untimed for s in tracks[t]), 'start': None, 'end': None, 'longestGap': 0, 'route': True})
    return result


if __name__ == '__main__':
    print(json.dumps(parts(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 7200.0)))
