#!/usr/bin/env python3
"""A synthetic FIT activity for `make bench` (Benchmarks/bench.py), written with fit-tool's encoder.

    make-fit.py OUT RECORDS START [SEED]

OUT: the .fit file written. RECORDS: record messages, one a second from START (seconds since
1970 UTC). SEED varies the place and the heart rate, so files of one START are still distinct runs.
The activity is a run as a watch writes it (FIT profile, "Activity file"): file_id, a timer start
event, RECORDS records (position, enhanced altitude, heart rate, cadence, distance, enhanced
speed), a timer stop event, one lap, one session (sport running) and the activity message. The
runner circles a 400 m x 2 km loop at 3 m/s near 52.5 N 13.4 E. Needs the bench venv
(scripts/bench-venv.sh: fit-tool).
"""
import math, sys

from fit_tool.fit_file_builder import FitFileBuilder
from fit_tool.profile.messages.activity_message import ActivityMessage
from fit_tool.profile.messages.event_message import EventMessage
from fit_tool.profile.messages.file_id_message import FileIdMessage
from fit_tool.profile.messages.lap_message import LapMessage
from fit_tool.profile.messages.record_message import RecordMessage
from fit_tool.profile.messages.session_message import SessionMessage
from fit_tool.profile.profile_type import Event, EventType, FileType, Manufacturer, Sport, SubSport

SPEED = 3.0           # m/s
EARTH = 6371008.8     # mean radius, m: only to lay out the loop


def main():
    out, records, start = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    lat0 = 52.5 + (seed % 97) * 0.01
    lon0 = 13.4 + (seed // 97 % 97) * 0.01
    start_ms = start * 1000
    builder = FitFileBuilder(auto_define=True, min_string_size=50)

    m = FileIdMessage()
    m.type = FileType.ACTIVITY
    m.manufacturer = Manufacturer.DEVELOPMENT.value
    m.product = 0
    m.time_created = start_ms
    m.serial_number = 0x10000000 + seed
    builder.add(m)

    m = EventMessage()
    m.event = Event.TIMER
    m.event_type = EventType.START
    m.timestamp = start_ms
    builder.add(m)

    # A rectangle 2,000 m east-west by 400 m north-south, walked round and round.
    perimeter = 4800.0
    distance = 0.0
    points = []
    for i in range(records):
        s = distance % perimeter
        if s < 2000:
            north, east = 0.0, s
        elif s < 2400:
            north, east = s - 2000, 2000.0
        elif s < 4400:
            north, east = 400.0, 2000.0 - (s - 2400)
        else:
            north, east = 400.0 - (s - 4400), 0.0
        r = RecordMessage()
        r.timestamp = start_ms + i * 1000
        r.position_lat = lat0 + math.degrees(north / EARTH)
        r.position_long = lon0 + math.degrees(east / (EARTH * math.cos(math.radians(lat0))))
        r.enhanced_altitude = 40.0 + 5.0 * math.sin(s / perimeter * 2 * math.pi)
        r.heart_rate = 140 + (i + seed) % 20
        r.cadence = 85
        r.distance = distance
        r.enhanced_speed = SPEED
        points.append(r)
        distance += SPEED
    builder.add_all(points)
    end_ms = start_ms + max(records - 1, 0) * 1000
    elapsed = (end_ms - start_ms) / 1000.0
    total = SPEED * max(records - 1, 0)

    m = EventMessage()
    m.event = Event.TIMER
    m.event_type = EventType.STOP_ALL
    m.timestamp = end_ms
    builder.add(m)

    lap = LapMessage()
    lap.timestamp = end_ms
    lap.start_time = start_ms
    lap.total_elapsed_time = elapsed
    lap.total_timer_time = elapsed
    lap.total_distance = total
    lap.sport = Sport.RUNNING
    builder.add(lap)

    session = SessionMessage()
    session.timestamp = end_ms
    session.start_time = start_ms
    session.total_elapsed_time = elapsed
    session.total_timer_time = elapsed
    session.total_distance = total
    session.sport = Sport.RUNNING
    session.sub_sport = SubSport.GENERIC
    session.first_lap_index = 0
    session.num_laps = 1
    builder.add(session)

    activity = ActivityMessage()
    activity.timestamp = end_ms
    activity.total_timer_time = elapsed
    activity.num_sessions = 1
    builder.add(activity)

    builder.build().to_file(out)


if __name__ == '__main__':
    main()
