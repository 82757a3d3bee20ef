#!/usr/bin/python3
"""Writes an NMEA 0183 log (for gpsfake) from a GPX file's track points, and the truth it encodes.

    gpx-to-nmea.py FILE.gpx LOG.nmea TRUTH.tsv [--points N] [--skip K] [--lead-in L] [--tail T]

Each point becomes one epoch: a $GPRMC sentence (time, status A, latitude and longitude in
ddmm.mmmm / dddmm.mmmm with their hemispheres, speed in knots and course from the neighbouring
points, date) followed by a $GPGGA sentence (time, position, fix quality 1, 8 satellites, HDOP,
altitude above mean sea level in metres with one decimal, a geoid separation, which must not be
added to it). Checksums are the XOR of the bytes between '$' and '*' (NMEA 0183, 5.3).

Before the fixes come L epochs (default 40) and after them T epochs (default 10) without a fix,
one second apart, as a receiver sends while it acquires satellites and after it loses them:
$GPRMC with status V and $GPGGA with quality 0, no position. gpsd reports them as TPVs with mode 1,
which carry no fix. The lead-in gives a client time to connect (gpsfake starts feeding at once and
gpsd drops what arrives before a client watches); the tail makes gpsd end the last fix's cycle.

TRUTH.tsv has one line per epoch written: latitude and longitude in degrees as written (the rounded
minutes divided by 60), time in seconds since 1970 as written (centiseconds), elevation as written
(decimetres), and the GPX point's own latitude, longitude and time. Points without time or
elevation, and points whose rounded time is not after the previous one (an NMEA receiver reports
one fix per epoch), are left out, so the log is what a receiver could have sent.

Only the Python standard library: the test must not depend on runlog's own GPX reader.
"""
import calendar, math, re, sys, time
import xml.etree.ElementTree as ET

def checksum(body):
    value = 0
    for byte in body.encode('ascii'):
        value ^= byte
    return f'{value:02X}'

def sentence(body):
    return f'${body}*{checksum(body)}\r\n'

def angle(degrees, width):
    """ddmm.mmmm (width 2) or dddmm.mmmm (width 3) of |degrees|, and the value written in degrees."""
    units = round(abs(degrees) * 60 * 10000)          # 1e-4 minutes: the resolution of ddmm.mmmm
    whole, minutes = divmod(units, 60 * 10000)
    text = f'{whole:0{width}d}{minutes // 10000:02d}.{minutes % 10000:04d}'
    written = units / 600000.0
    return text, (written if degrees >= 0 else -written)

def parse_time(text):
    """xsd:dateTime (Z, an offset, or none = UTC) to seconds since 1970."""
    m = re.fullmatch(r'\s*(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)?\s*', text)
    if not m:
        return None
    y, mo, d, h, mi, s = (int(m.group(i)) for i in range(1, 7))
    seconds = calendar.timegm((y, mo, d, h, mi, s)) + (float(m.group(7)) if m.group(7) else 0.0)
    zone = m.group(8)
    if zone and zone != 'Z':
        sign = 1 if zone[0] == '+' else -1
        seconds -= sign * (int(zone[1:3]) * 3600 + int(zone[4:6]) * 60)
    return seconds

def points(path):
    for element in ET.parse(path).getroot().iter():
        if element.tag.rsplit('}', 1)[-1] != 'trkpt':
            continue
        children = {child.tag.rsplit('}', 1)[-1]: (child.text or '') for child in element}
        yield (float(element.get('lat')), float(element.get('lon')),
               parse_time(children['time']) if 'time' in children else None,
               float(children['ele']) if children.get('ele', '').strip() else None)

def distance(a, b):
    """Metres on a sphere, good enough for an NMEA speed field."""
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(h))

def main(argv):
    args = argv[1:]
    count, skip, lead_in, tail = 100, 0, 40, 10
    if '--points' in args:
        i = args.index('--points'); count = int(args[i + 1]); del args[i:i + 2]
    if '--skip' in args:
        i = args.index('--skip'); skip = int(args[i + 1]); del args[i:i + 2]
    if '--lead-in' in args:
        i = args.index('--lead-in'); lead_in = int(args[i + 1]); del args[i:i + 2]
    if '--tail' in args:
        i = args.index('--tail'); tail = int(args[i + 1]); del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    source, log_path, truth_path = args
    chosen, last_cs = [], None
    for index, (lat, lon, t, ele) in enumerate(points(source)):
        if index < skip or t is None or ele is None:
            continue
        cs = round(t * 100)
        if last_cs is not None and cs <= last_cs:
            continue
        last_cs = cs
        chosen.append((lat, lon, t, ele, cs))
        if len(chosen) == count:
            break
    if len(chosen) < 2:
        sys.exit(f'{source}: fewer than two timed points with elevation')
    with open(log_path, 'w', newline='') as log, open(truth_path, 'w') as truth:
        log.write(f'# NMEA log made by gpx-to-nmea.py from {source.rsplit("/", 1)[-1]}\n')
        first, last = chosen[0][4], chosen[-1][4]
        for k in range(lead_in, 0, -1):
            write_without_fix(log, first - 100 * k)
        for i, (lat, lon, t, ele, cs) in enumerate(chosen):
            previous = chosen[max(i - 1, 0)]
            following = chosen[min(i + 1, len(chosen) - 1)]
            span = (following[4] - previous[4]) / 100
            speed = distance(previous, following) / span if span > 0 else 0.0
            course = (math.degrees(math.atan2(following[1] - previous[1], following[0] - previous[0])) + 360) % 360
            clock, date = clock_and_date(cs)
            lat_text, lat_written = angle(lat, 2)
            lon_text, lon_written = angle(lon, 3)
            ns, ew = ('N' if lat >= 0 else 'S'), ('E' if lon >= 0 else 'W')
            decimetres = round(ele * 10)
            altitude = f'{"-" if decimetres < 0 else ""}{abs(decimetres) // 10}.{abs(decimetres) % 10}'
            log.write(sentence(f'GPRMC,{clock},A,{lat_text},{ns},{lon_text},{ew},{speed / 0.514444:.2f},{course:.1f},{date},,,A'))
            log.write(sentence(f'GPGGA,{clock},{lat_text},{ns},{lon_text},{ew},1,08,0.9,{altitude},M,47.3,M,,'))
            truth.write(f'{lat_written!r}\t{lon_written!r}\t{cs / 100!r}\t{decimetres / 10!r}\t{lat!r}\t{lon!r}\t{t!r}\t{ele!r}\n')
        for k in range(1, tail + 1):
            write_without_fix(log, last + 100 * k)

def clock_and_date(cs):
    """hhmmss.ss and ddmmyy (UTC) of a time in centiseconds since 1970."""
    seconds, centis = divmod(cs, 100)
    moment = time.gmtime(seconds)
    return (f'{moment.tm_hour:02d}{moment.tm_min:02d}{moment.tm_sec:02d}.{centis:02d}',
            f'{moment.tm_mday:02d}{moment.tm_mon:02d}{moment.tm_year % 100:02d}')

def write_without_fix(log, cs):
    """An epoch without a fix: RMC status V (navigation receiver warning), GGA quality 0."""
    clock, date = clock_and_date(cs)
    log.write(sentence(f'GPRMC,{clock},V,,,,,,,{date},,,N'))
    log.write(sentence(f'GPGGA,{clock},,,,,0,00,99.9,,,,,,'))

if __name__ == '__main__':
    main(sys.argv)
