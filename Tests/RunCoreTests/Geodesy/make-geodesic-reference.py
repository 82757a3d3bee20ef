#!/usr/bin/python3
"""Print the reference table for GeodesicTests.swift: WGS84 inverse geodesics from GeographicLib.

Run with Debian's interpreter, which has python3-geographiclib:

    /usr/bin/python3 make-geodesic-reference.py > geodesic-reference.tsv

Columns (tab-separated, one header line):
    group  lat1  lon1  lat2  lon2  s12  azi1  azi2
Input coordinates are written with repr() (shortest round-trip form), so the Swift test parses the
very doubles this script fed to GeographicLib. s12 (metres), azi1 and azi2 (degrees, GeographicLib
`Geodesic.WGS84.Inverse`) are written with 17 significant digits. The pseudo-random pairs come from a
fixed seed, so the output is the same on every run.
"""

import math
import random
import sys

import geographiclib
from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
SEED = 20240319

rows = []


def add(group, lat1, lon1, lat2, lon2):
    rows.append((group, float(lat1), float(lon1), float(lat2), float(lon2)))


def destination(lat1, lon1, azi1, s12, digits=None):
    """Point s12 metres from (lat1, lon1) at azimuth azi1, optionally rounded as a GPS would."""
    r = WGS84.Direct(lat1, lon1, azi1, s12)
    lat2, lon2 = r["lat2"], r["lon2"]
    if digits is not None:
        lat2, lon2 = round(lat2, digits), round(lon2, digits)
    return lat2, lon2


rng = random.Random(SEED)

# Short pairs, 0.5 m to 10 km (log-uniform), at latitudes spread over [-89.5, 89.5] and random
# bearings: the track-point case. Half keep full double precision, half are rounded to 7 decimals
# (about 1 cm, what GPX files carry).
SHORT = 180
for i in range(SHORT):
    lat1 = -89.5 + 179.0 * (i + rng.random()) / SHORT
    lon1 = rng.uniform(-180.0, 180.0)
    azi1 = rng.uniform(-180.0, 180.0)
    s12 = math.exp(rng.uniform(math.log(0.5), math.log(10000.0)))
    digits = 7 if i % 2 else None
    if digits is not None:
        lat1, lon1 = round(lat1, digits), round(lon1, digits)
    lat2, lon2 = destination(lat1, lon1, azi1, s12, digits)
    add("short", lat1, lon1, lat2, lon2)

# Short pairs along the four cardinal bearings (meridians and parallels) at a few latitudes.
for lat in (-60.0, -12.5, 0.0, 33.3, 78.9):
    for azi in (0.0, 90.0, 180.0, -90.0):
        for s12 in (1.0, 250.0):
            lat2, lon2 = destination(lat, 10.0, azi, s12)
            add("cardinal", lat, 10.0, lat2, lon2)

# Across the antimeridian (and the same meridian spelled 180 and -180).
add("antimeridian", 0.0, 179.9999, 0.0, -179.9998)
add("antimeridian", 45.0, 179.9999, 45.0001, -179.9998)
add("antimeridian", -33.0, -179.9999, -33.0002, 179.9997)
add("antimeridian", 60.0, 180.0, 60.0001, -180.0)
add("antimeridian", -16.5, 180.0, -16.5, -180.0)
add("antimeridian", 10.0, 179.99999, 10.0, 180.00001)
add("antimeridian", 70.0, -180.0001, 70.0, -179.9999)
for _ in range(8):
    lat1 = rng.uniform(-80.0, 80.0)
    lon1 = rng.uniform(179.99, 180.0)
    lat2, lon2 = destination(lat1, lon1, rng.uniform(45.0, 135.0), rng.uniform(1.0, 5000.0), 9)
    add("antimeridian", lat1, lon1, lat2, lon2)

# Near the poles: within 1 km of each pole, at the pole itself, and over the pole.
for sign in (1.0, -1.0):
    pole = 90.0 * sign
    add("pole", pole, 0.0, pole, 123.0)                        # the same point, two longitudes
    add("pole", pole, 0.0, pole - sign * 0.005, 45.0)           # from the pole, ~560 m
    add("pole", pole - sign * 0.008, -170.0, pole, 0.0)         # to the pole
    add("pole", pole - sign * 0.001, 0.0, pole - sign * 0.001, 180.0)   # over the pole, ~220 m
    add("pole", pole - sign * 0.004, 30.0, pole - sign * 0.003, -150.0)  # over the pole
    add("pole", pole - sign * 0.002, 10.0, pole - sign * 0.002, 100.0)   # around the pole
    add("pole", pole - sign * 0.000001, 0.0, pole - sign * 0.000001, 90.0)  # ~16 cm apart
    for _ in range(4):
        lat1 = pole - sign * rng.uniform(0.0, 0.009)
        lon1 = rng.uniform(-180.0, 180.0)
        lat2, lon2 = destination(lat1, lon1, rng.uniform(-180.0, 180.0), rng.uniform(0.5, 1000.0), 9)
        add("pole", lat1, lon1, lat2, lon2)

# On the equator: short and long, including lines longer than (1 - f) * 180 degrees, where the
# shortest path leaves the equator.
add("equator", 0.0, 0.0, 0.0, 0.00001)
add("equator", 0.0, -75.5, 0.0, -75.49)
add("equator", 0.0, 10.0, 0.0, 100.0)
add("equator", 0.0, 0.0, 0.0, 179.0)
add("equator", 0.0, 0.0, 0.0, 179.4)
add("equator", 0.0, 0.0, 0.0, 179.5)
add("equator", 0.0, 0.0, 0.0, 180.0)
add("equator", 0.0, 0.0, 1e-10, 0.001)
add("equator", -1e-7, 5.0, 1e-7, 5.001)

# Coincident points.
add("coincident", 0.0, 0.0, 0.0, 0.0)
add("coincident", 40.0, -105.0, 40.0, -105.0)
add("coincident", -33.8688, 151.2093, -33.8688, 151.2093)
add("coincident", 45.0, 180.0, 45.0, -180.0)
add("coincident", 89.9999999, 17.0, 89.9999999, 17.0)

# Long lines, 1000 km to 19 000 km.
for _ in range(30):
    lat1 = rng.uniform(-89.0, 89.0)
    lon1 = rng.uniform(-180.0, 180.0)
    lat2, lon2 = destination(lat1, lon1, rng.uniform(-180.0, 180.0), rng.uniform(1.0e6, 1.9e7), 9)
    add("long", lat1, lon1, lat2, lon2)
add("long", -41.32, 174.81, 40.96, -5.50)   # GeographicLib's documentation example
add("long", 51.4778, -0.0015, 40.7128, -74.0060)
add("long", 0.0, 0.0, 0.0, 90.0)
add("long", 0.0, 0.0, 89.0, 0.0)

# Nearly antipodal pairs (Karney 2013, section 5: the astroid start and the strip near the cut).
add("antipodal", 0.0, 0.0, 0.5, 179.7)
add("antipodal", 30.0, 0.0, -30.0, 179.8)
add("antipodal", 30.0, 0.0, -30.0, 180.0)
add("antipodal", -30.1, 0.0, 30.0, 180.0)
add("antipodal", 10.0, 0.0, -10.0001, 179.99)
add("antipodal", 45.0, 0.0, -45.0, 179.5)
add("antipodal", 0.0, 0.0, 0.0, 179.9)
add("antipodal", 0.0, 0.0, -0.0001, 179.99999)
add("antipodal", 89.0, 0.0, -89.0, 179.9)
add("antipodal", 20.001, 0.0, -20.0, 179.5)
add("antipodal", -60.0, 20.0, 59.99, -160.0)
for _ in range(12):
    lat1 = rng.uniform(-80.0, 80.0)
    lon1 = rng.uniform(-180.0, 180.0)
    lat2 = round(-lat1 + rng.uniform(-0.5, 0.5), 9)
    lon2 = round(lon1 + 180.0 + rng.uniform(-1.0, 1.0), 9)
    add("antipodal", lat1, lon1, lat2, lon2)

# The pairs from the case files: 13 (across the date line, 8 589.79 m) and 02 (three 99.9 m
# segments due north, 299.79 m in all).
add("case13", 66.51326, -180.096474, 66.518733, -179.90387)
add("case02", 40.0, -105.0, 40.0009, -105.0)
add("case02", 40.0009, -105.0, 40.0018, -105.0)
add("case02", 40.0018, -105.0, 40.0027, -105.0)


def g17(x):
    return "%.17g" % x


out = sys.stdout
out.write("# WGS84 inverse geodesics from GeographicLib %s (geographiclib-python, Geodesic.WGS84.Inverse).\n"
          % geographiclib.__version__)
out.write("# Generated by make-geodesic-reference.py (seed %d); do not edit by hand.\n" % SEED)
out.write("group\tlat1\tlon1\tlat2\tlon2\ts12\tazi1\tazi2\n")
for group, lat1, lon1, lat2, lon2 in rows:
    r = WGS84.Inverse(lat1, lon1, lat2, lon2)
    out.write("\t".join([group, repr(lat1), repr(lon1), repr(lat2), repr(lon2),
                         g17(r["s12"]), g17(r["azi1"]), g17(r["azi2"])]) + "\n")
