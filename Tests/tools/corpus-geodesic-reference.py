#!/usr/bin/python3
"""Independent reference distances for the corpus: GeographicLib's WGS84 geodesic inverse
(Karney 2013, Debian python3-geographiclib) summed over consecutive track points within each
<trkseg> (never across segments), and over route points within each <rte>.

The GPX is parsed with Python's ElementTree, matching local names only, independently of
runlog's reader. Points whose latitude is outside [-90, 90] are left out (what runlog does with
--skip-invalid-points), except OpenTracks' legacy pause and resume markers (a track point at
lat 100 or 200, lon 0: the app's PAUSE_LATITUDE and RESUME_LATITUDE), which end the segment: the
points after them make a segment of their own. Files ElementTree cannot parse are listed with
status 'unparsable'.

Run:  /usr/bin/python3 Tests/tools/corpus-geodesic-reference.py ../shared/corpus/files > Tests/Fixtures/corpus-geodesic.tsv
"""
import os, sys
import xml.etree.ElementTree as ET
from geographiclib.geodesic import Geodesic

def local(tag):
    return tag.rsplit('}', 1)[-1]

def points(parent, name):
    return [p for piece in pieces(parent, name) for p in piece]

def pieces(parent, name):
    """The points of a segment or route, cut at legacy pause markers (empty pieces dropped)."""
    result = [[]]
    for child in parent:
        if local(child.tag) == name:
            lat, lon = float(child.get('lat')), float(child.get('lon'))
            if name == 'trkpt' and lon == 0 and lat in (100.0, 200.0):
                result.append([])
            elif -90 <= lat <= 90:
                result[-1].append((lat, lon))
    return [piece for piece in result if piece] or [[]]

def length(pts):
    total = 0.0
    for (a, b), (c, d) in zip(pts, pts[1:]):
        total += Geodesic.WGS84.Inverse(a, b, c, d, Geodesic.DISTANCE)['s12']
    return total

def main(folder):
    print('file\tstatus\ttrkpts\tsegments\ttrack_distance_m\troute_distance_m')
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.gpx'):
            continue
        try:
            root = ET.parse(os.path.join(folder, name)).getroot()
        except ET.ParseError as e:
            print(f'{name}\tunparsable\t\t\t\t')
            continue
        n, segs, dist, rdist = 0, 0, 0.0, 0.0
        for trk in root:
            if local(trk.tag) == 'trk':
                for seg in trk:
                    if local(seg.tag) == 'trkseg':
                        for pts in pieces(seg, 'trkpt'):
                            n += len(pts); segs += 1; dist += length(pts)
            elif local(trk.tag) == 'rte':
                rdist += length(list(points(trk, 'rtept')))
        print(f'{name}\tok\t{n}\t{segs}\t{dist:.6f}\t{rdist:.6f}')

if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '../../../shared/corpus/files'))
