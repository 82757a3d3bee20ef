#!/usr/bin/env python3
"""Checks runlog's CSV export of a GPX file against RFC 4180 and against the GPX itself.

usage: check-csv.py FILE.gpx FILE.csv
Prints 'ok: N rows' and exits 0, or prints what is wrong and exits 1.

Checked: every record ends in CRLF (RFC 4180 §2.1); the header row names the columns with their
units; one row per track point in file order with its track, segment and point index; latitude,
longitude, elevation, heart rate and the ISO 8601 UTC time equal to the GPX's."""
import csv
import io
import sys

sys.path.insert(0, __file__.rsplit('/', 1)[0])
import gpx_points  # noqa: E402

COLUMNS = ['trackIndex', 'segmentIndex', 'pointIndex', 'time', 'latitudeDegrees', 'longitudeDegrees', 'elevationMeters',
           'heartRateBeatsPerMinute', 'cadenceRevolutionsPerMinute', 'airTemperatureCelsius', 'powerWatts']


def main(gpx_path, csv_path):
    errors = []
    data = open(csv_path, 'rb').read()
    if data.count(b'\n') != data.count(b'\r\n') or not data.endswith(b'\r\n'):
        errors.append('records do not all end in CRLF')
    rows = list(csv.reader(io.StringIO(data.decode('utf-8'), newline='')))
    if rows[0] != COLUMNS:
        errors.append(f'header {rows[0]} is not {COLUMNS}')
    expected = []
    for t, track in enumerate(gpx_points.read(gpx_path)[1]):
        for s, segment in enumerate(track):
            for i, point in enumerate(segment):
                expected.append((t, s, i, point))
    body = rows[1:]
    if len(body) != len(expected):
        errors.append(f'{len(body)} rows for {len(expected)} track points')

    def number(text):
        return float(text) if text != '' else None

    for row, (t, s, i, p) in zip(body, expected):
        where = f'row for track {t} segment {s} point {i}'
        if [int(row[0]), int(row[1]), int(row[2])] != [t, s, i]:
            errors.append(f'{where}: indexes {row[:3]}')
        checks = [('latitude', number(row[4]), p['lat']), ('longitude', number(row[5]), p['lon']),
                  ('elevation', number(row[6]), p['ele']), ('heart rate', number(row[7]), p['hr'])]
        for name, got, want in checks:
            if (got is None) != (want is None) or (got is not None and abs(got - want) > 1e-9):
                errors.append(f'{where}: {name} {got} is not {want}')
        got_time = gpx_points.seconds(row[3]) if row[3] else None
        if (got_time is None) != (p['time'] is None) or (got_time is not None and abs(got_time - p['time']) > 0.0005):
            errors.append(f'{where}: time {row[3]!r} is not {p["time"]}')
        if row[3] and not row[3].endswith('Z'):
            errors.append(f'{where}: time {row[3]!r} is not UTC')
    for e in errors[:20]:
        print(e, file=sys.stderr)
    if not errors:
        print(f'ok: {len(body)} rows')
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
