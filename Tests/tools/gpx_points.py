"""Reads a GPX file with Python's own XML parser, independently of runlog: waypoints, and the
points of each track segment (lat, lon, ele, time as seconds since 1970, heart rate)."""
import datetime
import xml.etree.ElementTree as ET


def local(tag):
    return tag.rsplit('}', 1)[-1]


def child_text(element, name):
    for child in element:
        if local(child.tag) == name:
            return (child.text or '').strip()
    return None


def seconds(text):
    if text is None:
        return None
    text = text.strip().replace('Z', '+00:00')
    value = datetime.datetime.fromisoformat(text)
    if value.tzinfo is None:
        value = value.replace(tzinfo=datetime.timezone.utc)
    return value.timestamp()


def point(element):
    ele = child_text(element, 'ele')
    hr = None
    for descendant in element.iter():
        if local(descendant.tag) == 'hr' and descendant.text:
            hr = float(descendant.text)
    return {'lat': float(element.get('lat')), 'lon': float(element.get('lon')),
            'ele': float(ele) if ele else None, 'time': seconds(child_text(element, 'time')), 'hr': hr,
            'name': child_text(element, 'name')}


def read(path):
    root = ET.parse(path).getroot()
    waypoints = [point(e) for e in root if local(e.tag) == 'wpt']
    tracks = []
    for trk in (e for e in root if local(e.tag) == 'trk'):
        tracks.append([[point(p) for p in seg if local(p.tag) == 'trkpt'] for seg in trk if local(seg.tag) == 'trkseg'])
    return waypoints, tracks
