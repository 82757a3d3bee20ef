#!/usr/bin/env python3
"""Checks runlog's GeoJSON export of a GPX file against RFC 7946 and against the GPX itself.

usage: check-geojson.py FILE.gpx FILE.geojson
Prints 'ok: …' and exits 0, or prints what is wrong and exits 1.

RFC 7946 rules checked: a FeatureCollection of Features (§3.3, §3.2) each with geometry and
properties; no crs member (§4); positions [longitude, latitude(, elevation)] (§3.1.1) with
longitude in [-180, 180] and latitude in [-90, 90]; LineStrings of at least two positions
(§3.1.4); numbers of at most 15 significant digits (runlog's rule). Against the GPX: one Point
per waypoint with its coordinates; per track a LineString (one segment of two or more points) or
a MultiLineString (several), the lines equal to the segments point for point; coordTimes of the
same shape holding the points' times."""
import json
import re
import sys

sys.path.insert(0, __file__.rsplit('/', 1)[0])
import gpx_points  # noqa: E402

errors = []


def fail(message):
    errors.append(message)


def same(a, b, tolerance=1e-9):
    return a is not None and b is not None and abs(a - b) <= tolerance


def check_position(position, expected, where):
    if not isinstance(position, list) or len(position) not in (2, 3):
        return fail(f'{where}: a position is [lon, lat] or [lon, lat, ele], not {position}')
    lon, lat = position[0], position[1]
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        fail(f'{where}: {position} is out of range (longitude first)')
    if not (same(lon, expected['lon']) and same(lat, expected['lat'])):
        fail(f'{where}: {position} is not lon {expected["lon"]}, lat {expected["lat"]}')
    if len(position) == 3 and not same(position[2], expected['ele']):
        fail(f'{where}: elevation {position[2]} is not {expected["ele"]}')


def main(gpx_path, geojson_path):
    raw = open(geojson_path, encoding='utf-8').read()
    for token in re.findall(r'(?<![\w"])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?', re.sub(r'"(?:[^"\\]|\\.)*"', '""', raw)):
        digits = token.lstrip('-').replace('.', '').lstrip('0')
        if 'e' in token.lower() or len(digits.rstrip('0') if '.' not in token else digits) > 15:
            fail(f'number {token} has an exponent or more than 15 significant digits')
    doc = json.loads(raw)
    waypoints, tracks = gpx_points.read(gpx_path)
    if doc.get('type') != 'FeatureCollection' or not isinstance(doc.get('features'), list):
        fail('the document is not a FeatureCollection with a features array')
        return
    if 'crs' in doc:
        fail('the document has a crs member (RFC 7946 §4)')
    features = doc['features']
    for i, f in enumerate(features):
        if f.get('type') != 'Feature' or 'geometry' not in f or 'properties' not in f or 'crs' in f:
            fail(f'feature {i} is not a Feature with geometry and properties (and no crs)')
    points = [f for f in features if f.get('properties', {}).get('kind') == 'waypoint']
    lines = [f for f in features if f.get('properties', {}).get('kind') == 'track']
    if len(points) != len(waypoints):
        fail(f'{len(points)} waypoint features for {len(waypoints)} waypoints')
    for i, (f, w) in enumerate(zip(points, waypoints)):
        if f['geometry'].get('type') != 'Point':
            fail(f'waypoint {i} is a {f["geometry"].get("type")}, not a Point')
        check_position(f['geometry']['coordinates'], w, f'waypoint {i}')
        if w['name'] is not None and f['properties'].get('name') != w['name']:
            fail(f'waypoint {i} is named {f["properties"].get("name")!r}, not {w["name"]!r}')
    expected_tracks = [[s for s in t if len(s) >= 2] for t in tracks]
    expected_tracks = [t for t in expected_tracks if t]
    if len(lines) != len(expected_tracks):
        fail(f'{len(lines)} track features for {len(expected_tracks)} tracks with lines')
    positions = 0
    for i, (f, segments) in enumerate(zip(lines, expected_tracks)):
        geometry = f['geometry']
        kind = 'LineString' if len(segments) == 1 else 'MultiLineString'
        if geometry.get('type') != kind:
            fail(f'track {i} is a {geometry.get("type")}, not a {kind}')
            continue
        got = [geometry['coordinates']] if kind == 'LineString' else geometry['coordinates']
        times = f['properties'].get('coordTimes')
        if times is not None and kind == 'LineString':
            times = [times]
        if len(got) != len(segments):
            fail(f'track {i} has {len(got)} lines for {len(segments)} segments')
        for s, (line, segment) in enumerate(zip(got, segments)):
            if len(line) < 2 or len(line) != len(segment):
                fail(f'track {i} line {s} has {len(line)} positions for {len(segment)} points')
            for p, (position, expected) in enumerate(zip(line, segment)):
                check_position(position, expected, f'track {i} line {s} position {p}')
            positions += len(line)
            if times is not None:
                if len(times[s]) != len(segment):
                    fail(f'track {i} line {s}: {len(times[s])} coordTimes for {len(segment)} points')
                for p, (text, expected) in enumerate(zip(times[s], segment)):
                    got = gpx_points.seconds(text)
                    if not ((got is None and expected['time'] is None) or same(got, expected['time'], 0.0005)):
                        fail(f'track {i} line {s} time {p}: {text} is not {expected["time"]}')
            elif any(pt['time'] is not None for pt in segment):
                fail(f'track {i} has times in the GPX but no coordTimes')
    if not errors:
        print(f'ok: {len(features)} features, {len(points)} points, {positions} line positions')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
    for e in errors[:20]:
        print(e, file=sys.stderr)
    sys.exit(1 if errors else 0)
