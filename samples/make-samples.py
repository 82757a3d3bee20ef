#!/usr/bin/env python3
"""Generate the synthetic sample runs in samples/runs/ for `make demo`.

Usage (from the repository root):

    python3 samples/make-samples.py

Standard library only; deterministic (fixed seeds, own Gaussian sampler on top of
random.random(), no dependence on the clock or the environment). It writes four GPX 1.1
files into samples/runs/ and prints the generator's truth for each of them (the same
figures as in samples/README.md).

How a run is made
-----------------
1. A noise-free path is built in a local east/north frame in metres (Catmull-Rom splines
   through hand-placed waypoints, an exact 400 m track oval, or offset curves of a
   meandering river) and converted to WGS84 lat/lon with the local radii of curvature of
   the ellipsoid. Distances along the path are then measured on the ellipsoid (local
   metric over sub-metre steps), so "path length" below is a WGS84 length.
2. An elevation profile is defined as a function of distance along the path by control
   points joined with monotone cubic (PCHIP) pieces; each piece is monotone, so the total
   climb of the noise-free profile is exactly the sum of the positive steps between
   control points.
3. A runner moves along the path (0.05 s integration step) with a speed that follows a
   target (pace plan x grade effect x slow random variation) under acceleration limits,
   braking to a stand still where the plan says so.
4. The device samples the runner's state on its own clock (1 s, irregular 1-3 s, 5 s);
   position noise is a correlated (AR(1)) process plus a little white noise, elevation
   noise is barometric (tiny) or GPS (metres); heart rate follows a first-order response
   to effort, cadence follows speed.
"""

import math
import os
import random
import sys
from bisect import bisect_right
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "runs")

# ---------------------------------------------------------------------------------------
# Geodesy (WGS84)
# ---------------------------------------------------------------------------------------
WGS84_A = 6378137.0
WGS84_F = 1.0 / 298.257223563
WGS84_E2 = WGS84_F * (2.0 - WGS84_F)
MEAN_EARTH_RADIUS = 6371008.8  # IUGG mean radius, for the haversine reference figures


def radii(phi):
    """Meridional (M) and prime-vertical (N) radii of curvature at latitude phi (rad)."""
    s = math.sin(phi)
    w = math.sqrt(1.0 - WGS84_E2 * s * s)
    return WGS84_A * (1.0 - WGS84_E2) / (w * w * w), WGS84_A / w


def ellipsoid_step(lat1, lon1, lat2, lon2):
    """Length in metres of a short step (< a few metres) on the WGS84 ellipsoid."""
    phi = math.radians(0.5 * (lat1 + lat2))
    m, n = radii(phi)
    dy = m * math.radians(lat2 - lat1)
    dx = n * math.cos(phi) * math.radians(lon2 - lon1)
    return math.hypot(dx, dy)


def haversine(lat1, lon1, lat2, lon2, r=MEAN_EARTH_RADIUS):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2.0 * r * math.asin(min(1.0, math.sqrt(h)))


class LocalFrame:
    """East/north metres around an origin <-> WGS84 degrees."""

    def __init__(self, lat0, lon0):
        self.phi0 = math.radians(lat0)
        self.lam0 = math.radians(lon0)
        self.m0, _ = radii(self.phi0)

    def to_latlon(self, x, y):
        phi = self.phi0 + y / self.m0
        _, n = radii(phi)
        lam = self.lam0 + x / (n * math.cos(phi))
        return math.degrees(phi), math.degrees(lam)


def displace(lat, lon, dx, dy):
    """Move a point by dx metres east and dy metres north (small offsets)."""
    phi = math.radians(lat)
    m, n = radii(phi)
    return lat + math.degrees(dy / m), lon + math.degrees(dx / (n * math.cos(phi)))


# ---------------------------------------------------------------------------------------
# Deterministic randomness
# ---------------------------------------------------------------------------------------
class Rng:
    """random.Random (Mersenne Twister, int seed) with a Box-Muller Gaussian of our own,
    so that the output does not depend on the Python version's gauss() implementation."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self._spare = None

    def uniform(self, a=0.0, b=1.0):
        return a + (b - a) * self.r.random()

    def gauss(self, sigma=1.0):
        if self._spare is not None:
            z, self._spare = self._spare, None
            return z * sigma
        u1 = 1.0 - self.r.random()  # (0, 1]
        u2 = self.r.random()
        rad = math.sqrt(-2.0 * math.log(u1))
        self._spare = rad * math.sin(2.0 * math.pi * u2)
        return rad * math.cos(2.0 * math.pi * u2) * sigma

    def weighted(self, values, weights):
        x = self.r.random() * sum(weights)
        for v, w in zip(values, weights):
            x -= w
            if x < 0:
                return v
        return values[-1]


class AR1:
    """Stationary first-order Gauss-Markov process (std sigma, correlation time tau)."""

    def __init__(self, rng, sigma, tau):
        self.rng, self.sigma, self.tau = rng, sigma, tau
        self.x = rng.gauss(sigma)

    def step(self, dt):
        if dt > 0:
            a = math.exp(-dt / self.tau)
            self.x = a * self.x + self.sigma * math.sqrt(1.0 - a * a) * self.rng.gauss()
        return self.x


# ---------------------------------------------------------------------------------------
# Geometry helpers (local metres)
# ---------------------------------------------------------------------------------------
def catmull_rom(points, closed=False, spacing=0.5):
    """Centripetal Catmull-Rom spline through points; returns a dense polyline."""
    pts = list(points)
    if closed:
        ext = [pts[-1]] + pts + [pts[0], pts[1]]
        spans = len(pts)
    else:
        p_first = (2 * pts[0][0] - pts[1][0], 2 * pts[0][1] - pts[1][1])
        p_last = (2 * pts[-1][0] - pts[-2][0], 2 * pts[-1][1] - pts[-2][1])
        ext = [p_first] + pts + [p_last]
        spans = len(pts) - 1
    out = []
    for i in range(spans):
        p0, p1, p2, p3 = ext[i], ext[i + 1], ext[i + 2], ext[i + 3]

        def tj(ti, a, b):
            return ti + math.hypot(b[0] - a[0], b[1] - a[1]) ** 0.5

        t0 = 0.0
        t1 = tj(t0, p0, p1)
        t2 = tj(t1, p1, p2)
        t3 = tj(t2, p2, p3)
        n = max(2, int(math.ceil(math.hypot(p2[0] - p1[0], p2[1] - p1[1]) / spacing)))
        for k in range(n):
            t = t1 + (t2 - t1) * k / n
            a1 = [((t1 - t) * p0[j] + (t - t0) * p1[j]) / (t1 - t0) for j in (0, 1)]
            a2 = [((t2 - t) * p1[j] + (t - t1) * p2[j]) / (t2 - t1) for j in (0, 1)]
            a3 = [((t3 - t) * p2[j] + (t - t2) * p3[j]) / (t3 - t2) for j in (0, 1)]
            b1 = [((t2 - t) * a1[j] + (t - t0) * a2[j]) / (t2 - t0) for j in (0, 1)]
            b2 = [((t3 - t) * a2[j] + (t - t1) * a3[j]) / (t3 - t1) for j in (0, 1)]
            c = [((t2 - t) * b1[j] + (t - t1) * b2[j]) / (t2 - t1) for j in (0, 1)]
            out.append((c[0], c[1]))
    out.append(pts[0] if closed else pts[-1])
    return out


def straight(a, b, spacing=0.5):
    n = max(1, int(math.ceil(math.hypot(b[0] - a[0], b[1] - a[1]) / spacing)))
    return [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n + 1)]


def planar_length(poly):
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(poly, poly[1:]))


class Path:
    """A dense lat/lon polyline with cumulative WGS84 distance."""

    def __init__(self, latlon):
        self.lat = [p[0] for p in latlon]
        self.lon = [p[1] for p in latlon]
        self.cum = [0.0]
        hav = 0.0
        for i in range(1, len(latlon)):
            self.cum.append(self.cum[-1] + ellipsoid_step(self.lat[i - 1], self.lon[i - 1],
                                                          self.lat[i], self.lon[i]))
            hav += haversine(self.lat[i - 1], self.lon[i - 1], self.lat[i], self.lon[i])
        self.length = self.cum[-1]
        self.length_haversine = hav

    def haversine_upto(self, s_end):
        """Haversine length of the path from 0 to s_end."""
        total = 0.0
        for i in range(1, len(self.cum)):
            if self.cum[i] <= s_end:
                total += haversine(self.lat[i - 1], self.lon[i - 1], self.lat[i], self.lon[i])
            else:
                lat, lon = self.at(s_end)
                total += haversine(self.lat[i - 1], self.lon[i - 1], lat, lon)
                break
        return total

    @classmethod
    def from_local(cls, frame, poly):
        return cls([frame.to_latlon(x, y) for x, y in poly])

    def at(self, s):
        s = min(max(s, 0.0), self.length)
        i = bisect_right(self.cum, s) - 1
        i = min(max(i, 0), len(self.cum) - 2)
        seg = self.cum[i + 1] - self.cum[i]
        f = 0.0 if seg <= 0 else (s - self.cum[i]) / seg
        return (self.lat[i] + f * (self.lat[i + 1] - self.lat[i]),
                self.lon[i] + f * (self.lon[i + 1] - self.lon[i]))


# ---------------------------------------------------------------------------------------
# Elevation profile: monotone cubic (Fritsch-Carlson / PCHIP) through control points
# ---------------------------------------------------------------------------------------
class Profile:
    def __init__(self, ctrl):
        self.s = [float(a) for a, _ in ctrl]
        self.e = [float(b) for _, b in ctrl]
        n = len(self.s)
        h = [self.s[i + 1] - self.s[i] for i in range(n - 1)]
        d = [(self.e[i + 1] - self.e[i]) / h[i] for i in range(n - 1)]
        m = [0.0] * n  # zero slope at both ends
        for i in range(1, n - 1):
            if d[i - 1] * d[i] <= 0:
                m[i] = 0.0
            else:
                w1, w2 = 2 * h[i] + h[i - 1], h[i] + 2 * h[i - 1]
                m[i] = (w1 + w2) / (w1 / d[i - 1] + w2 / d[i])
        self.m = m

    def _piece(self, s):
        s = min(max(s, self.s[0]), self.s[-1])
        i = min(max(bisect_right(self.s, s) - 1, 0), len(self.s) - 2)
        h = self.s[i + 1] - self.s[i]
        return i, h, (s - self.s[i]) / h

    def at(self, s):
        i, h, t = self._piece(s)
        t2, t3 = t * t, t * t * t
        return ((2 * t3 - 3 * t2 + 1) * self.e[i] + (t3 - 2 * t2 + t) * h * self.m[i]
                + (-2 * t3 + 3 * t2) * self.e[i + 1] + (t3 - t2) * h * self.m[i + 1])

    def grade(self, s):
        i, h, t = self._piece(s)
        t2 = t * t
        return ((6 * t2 - 6 * t) * self.e[i] / h + (3 * t2 - 4 * t + 1) * self.m[i]
                + (-6 * t2 + 6 * t) * self.e[i + 1] / h + (3 * t2 - 2 * t) * self.m[i + 1])

    def climb(self):
        up = sum(max(0.0, b - a) for a, b in zip(self.e, self.e[1:]))
        down = sum(max(0.0, a - b) for a, b in zip(self.e, self.e[1:]))
        return up, down

    def check_climb(self, step=0.5):
        """Numerical climb on a fine grid (must agree with climb())."""
        up, prev, s = 0.0, self.at(self.s[0]), self.s[0]
        while s < self.s[-1]:
            s = min(s + step, self.s[-1])
            e = self.at(s)
            up += max(0.0, e - prev)
            prev = e
        return up


# ---------------------------------------------------------------------------------------
# Runner kinematics
# ---------------------------------------------------------------------------------------
class Runner:
    """Moves along distance s with speed following a target under acceleration limits."""

    def __init__(self, dt=0.05, tau=1.5, acc=0.8, dec=1.2, brake=0.9):
        self.dt, self.tau, self.acc, self.dec, self.brake = dt, tau, acc, dec, brake
        self.t = self.s = self.v = 0.0
        self.T, self.S, self.V = [0.0], [0.0], [0.0]
        self.stands = []  # (t_start, t_end) at zero speed

    def _push(self):
        self.T.append(self.t)
        self.S.append(self.s)
        self.V.append(self.v)

    def run(self, s_end, vfun, stop=False):
        while self.s < s_end - 1e-9:
            rem = s_end - self.s
            vd = vfun(self.s, self.t)
            if stop:
                vd = min(vd, math.sqrt(2 * self.brake * rem))
            dv = max(-self.dec, min(self.acc, (vd - self.v) / self.tau))
            v_new = max(0.0, self.v + dv * self.dt)
            if stop:
                v_new = min(v_new, math.sqrt(2 * self.brake * rem))
            s_new = self.s + 0.5 * (self.v + v_new) * self.dt
            if s_new >= s_end or (stop and rem < 0.002):
                s_new = s_end
                if stop:
                    v_new = 0.0
            self.t += self.dt
            self.s, self.v = s_new, v_new
            self._push()

    def stand(self, duration):
        t0, t_end = self.t, self.t + duration
        self.v = 0.0
        while self.t < t_end - 1e-9:
            self.t = min(self.t + self.dt, t_end)
            self._push()
        self.stands.append((t0, self.t))

    def state(self, t):
        if t >= self.T[-1]:
            return self.S[-1], self.V[-1]
        i = max(0, bisect_right(self.T, t) - 1)
        f = (t - self.T[i]) / (self.T[i + 1] - self.T[i])
        return (self.S[i] + f * (self.S[i + 1] - self.S[i]),
                self.V[i] + f * (self.V[i + 1] - self.V[i]))


def speed_plan(pace_fn, profile, rng, sigma, tau, up=3.3, down=1.8, steep=None):
    """Target speed = pace(s) x grade factor x slow variation (AR(1) in time)."""
    ar = AR1(rng, sigma, tau)
    last = [0.0]

    def vfun(s, t):
        ar.step(t - last[0])
        last[0] = t
        g = profile.grade(s)
        if steep is not None:
            f = steep(g)
        elif g >= 0:
            f = 1.0 / (1.0 + up * g)
        else:
            f = 1.0 / (1.0 + down * g)
        return pace_fn(s) * f * (1.0 + ar.x)

    return vfun


# ---------------------------------------------------------------------------------------
# Physiology
# ---------------------------------------------------------------------------------------
def interp_table(table, x):
    if x <= table[0][0]:
        return table[0][1]
    for (x0, y0), (x1, y1) in zip(table, table[1:]):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return table[-1][1]


class Heart:
    """HR follows a steady-state value for the current effort with first-order lag,
    a slow warm-up component and cardiac drift."""

    def __init__(self, hr0, table, tau_up=30.0, tau_down=80.0, drift=0.0025,
                 warm=0.3, warm_tau=240.0):
        self.hr, self.table = float(hr0), table
        self.tau_up, self.tau_down, self.drift = tau_up, tau_down, drift
        self.warm, self.warm_tau = warm, warm_tau
        self.rest = table[0][1]

    def step(self, dt, t, v_eff):
        ss = interp_table(self.table, v_eff)
        if v_eff > 0.3:
            ss = self.rest + (ss - self.rest) * (1.0 - self.warm * math.exp(-t / self.warm_tau))
            ss += self.drift * t
        tau = self.tau_up if ss > self.hr else self.tau_down
        if dt > 0:
            self.hr += (ss - self.hr) * (1.0 - math.exp(-dt / tau))
        return self.hr


def effort(v, g, up=9.0, down=1.5):
    """Equivalent flat speed for heart-rate purposes."""
    return max(0.0, v * (1.0 + up * g)) if g >= 0 else max(0.0, v * (1.0 + down * g))


def cadence(v, rng, at=3.17, base=85.0, slope=7.0):
    """One-foot cadence (rpm) as Garmin writes it; 0 when standing."""
    if v < 0.3:
        return 0
    c = base + slope * (v - at) + rng.gauss(0.7)
    if v < 1.8:  # first strides off a stand still
        c = min(c, 60.0 + 12.0 * v)
    return int(round(min(254, max(0, c))))


def clamp_hr(x):
    return int(round(min(255, max(1, x))))


# ---------------------------------------------------------------------------------------
# GPS / sensor models
# ---------------------------------------------------------------------------------------
class PositionNoise:
    """Correlated horizontal error (AR(1) per axis) plus white jitter, in metres.
    While the receiver is stationary, the error is held (Garmin-style) and the fix
    repeats or jitters by centimetres."""

    def __init__(self, rng, sigma, tau, white, still_repeat=0.5, still_jitter=0.06):
        self.rng = rng
        self.ex, self.ey = AR1(rng, sigma, tau), AR1(rng, sigma, tau)
        self.white, self.still_repeat, self.still_jitter = white, still_repeat, still_jitter
        self.prev = None

    def apply(self, lat, lon, dt, still=False):
        if still and self.prev is not None:
            plat, plon, dx, dy = self.prev
            if self.rng.uniform() < self.still_repeat:
                return plat, plon
            dx += self.rng.gauss(self.still_jitter)
            dy += self.rng.gauss(self.still_jitter)
        else:
            dx = self.ex.step(dt) + self.rng.gauss(self.white)
            dy = self.ey.step(dt) + self.rng.gauss(self.white)
        nlat, nlon = displace(lat, lon, dx, dy)
        nlat, nlon = round(nlat, 7), round(nlon, 7)
        self.prev = (nlat, nlon, dx, dy)
        return nlat, nlon


class ElevationNoise:
    """Elevation error: an AR(1) process smoothed by a second low-pass (time constant
    tau2), so it wanders by metres (GPS) or decimetres (barometer) without the rough
    second-to-second steps of plain white noise; plus optional white noise."""

    def __init__(self, rng, sigma, tau, tau2=6.0, white=0.0, clip=None):
        self.ar, self.rng, self.white, self.clip = AR1(rng, sigma, tau), rng, white, clip
        self.tau2, self.y = tau2, self.ar.x

    def apply(self, e, dt):
        x = self.ar.step(dt)
        if dt > 0:
            self.y += (x - self.y) * (1.0 - math.exp(-dt / self.tau2))
        n = self.y + (self.rng.gauss(self.white) if self.white else 0.0)
        if self.clip is not None:
            n = max(-self.clip, min(self.clip, n))
        return round(e + n, 1)


# ---------------------------------------------------------------------------------------
# Sampling clocks (all times are integer milliseconds since the start of recording)
# ---------------------------------------------------------------------------------------
def regular_clock(start_ms, period_ms, t_end_s):
    out, t = [], start_ms
    while True:
        out.append(t)
        if t / 1000.0 >= t_end_s - 1e-9:
            return out
        t += period_ms


def phone_clock(rng, start_ms, t_end_s):
    """Irregular 1-3 s fixes with some jitter, as a phone app records them."""
    out, t = [], start_ms
    while True:
        out.append(t)
        if t / 1000.0 >= t_end_s - 1e-9:
            return out
        dt = rng.weighted([1.0, 2.0, 3.0], [0.25, 0.45, 0.30]) + rng.gauss(0.035)
        t += max(900, int(round(dt * 1000)))


# ---------------------------------------------------------------------------------------
# Output helpers
# ---------------------------------------------------------------------------------------
def fmt_z(base, ms):
    return (base + timedelta(milliseconds=ms)).strftime("%Y-%m-%dT%H:%M:%SZ")


def fmt_z_ms(base, ms):
    d = base + timedelta(milliseconds=ms)
    return d.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % (d.microsecond // 1000)


def fmt_offset(base, ms, offset_h=2):
    d = base + timedelta(milliseconds=ms) + timedelta(hours=offset_h)
    return d.strftime("%Y-%m-%dT%H:%M:%S") + "+%02d:00" % offset_h


def ll(lat, lon):
    return 'lat="%.7f" lon="%.7f"' % (lat, lon)


def write(name, text):
    path = os.path.join(OUT_DIR, name)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return path


SCHEMA_GPX = "http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd"
NS_TPX1 = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
NS_TPX2 = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"


# ---------------------------------------------------------------------------------------
# Truth bookkeeping
# ---------------------------------------------------------------------------------------
def recorded_stats(segments):
    """Naive figures over the *recorded* (noisy, sampled) points, for reference only."""
    dist, up = 0.0, 0.0
    for seg in segments:
        for a, b in zip(seg, seg[1:]):
            dist += haversine(a["lat"], a["lon"], b["lat"], b["lon"])
            up += max(0.0, b["ele"] - a["ele"])
    return dist, up


def truth_record(name, path_len, path_hav, runner, profile, segments, stops, pauses,
                 moving, extra=None):
    up, down = profile.climb()
    num = profile.check_climb()
    assert abs(num - up) < 0.05, (name, up, num)
    first = segments[0][0]["ms"] / 1000.0
    last = segments[-1][-1]["ms"] / 1000.0
    rec_dist, rec_up = recorded_stats(segments)
    dense, s = [], profile.s[0]
    while s < profile.s[-1]:
        dense.append(profile.at(s))
        s += 0.5
    dense.append(profile.at(profile.s[-1]))
    hyst_truth = hysteresis(dense)
    hyst_rec = [0.0, 0.0]
    for seg in segments:
        g, l = hysteresis([p["ele"] for p in seg])
        hyst_rec[0] += g
        hyst_rec[1] += l
    windows = [(seg[0]["ms"] / 1000.0, seg[-1]["ms"] / 1000.0) for seg in segments]
    recorded = sum(w1 - w0 for w0, w1 in windows)
    slow = slow_time(runner, windows)
    return {
        "file": name,
        "points": sum(len(s) for s in segments),
        "segments": len(segments),
        "path_m": path_len,
        "path_haversine_m": path_hav,
        "elapsed_s": last - first,
        "moving_s": moving,
        "stops": stops,
        "pauses": pauses,
        "recorded_s": recorded,
        "moving_rule_s": recorded - slow,
        "slow_s": slow,
        "climb_hyst_m": hyst_truth,
        "recorded_hyst_m": tuple(hyst_rec),
        "climb_m": up,
        "descent_m": down,
        "ele_min": min(profile.e),
        "ele_max": max(profile.e),
        "recorded_haversine_m": rec_dist,
        "recorded_raw_climb_m": rec_up,
        "extra": extra or {},
    }


def hysteresis(values, band=2.0):
    """Gain/loss with a dead band: the method of runlog's ElevationHysteresis (confirmed
    turning points; the open leg is added at the end)."""
    ref = ext = None
    direction, gain, loss = 0, 0.0, 0.0
    for e in values:
        if ref is None:
            ref = ext = e
            continue
        if direction == 1:
            if e > ext:
                ext = e
            elif ext - e > band:
                gain += ext - ref
                ref, ext, direction = ext, e, -1
        elif direction == -1:
            if e < ext:
                ext = e
            elif e - ext > band:
                loss += ref - ext
                ref, ext, direction = ext, e, 1
        elif abs(e - ref) > band:
            direction, ext = (1 if e > ref else -1), e
    if direction == 1:
        gain += ext - ref
    elif direction == -1:
        loss += ref - ext
    return gain, loss


def slow_time(runner, windows, threshold=0.5, min_duration=10.0):
    """Noise-free time spent below `threshold` m/s in stretches of at least `min_duration`
    seconds, inside the recorded windows (runlog's default stop rule applied to the truth)."""
    total = 0.0
    for w0, w1 in windows:
        start = None
        for i in range(len(runner.T)):
            t = runner.T[i]
            if t < w0 - 1e-9:
                continue
            if t > w1 + 1e-9:
                break
            slow = runner.V[i] < threshold
            if slow and start is None:
                start = t
            elif not slow and start is not None:
                if t - start >= min_duration:
                    total += t - start
                start = None
        if start is not None and min(w1, runner.T[-1]) - start >= min_duration:
            total += min(w1, runner.T[-1]) - start
    return total


def km_splits(runner, path_total, step=1000.0):
    """Times (s) at which the noise-free runner passes each full km."""
    out, target, i = [], step, 0
    while target <= path_total + 1e-6:
        while i < len(runner.S) - 1 and runner.S[i + 1] < target:
            i += 1
        if i >= len(runner.S) - 1:
            break
        s0, s1, t0, t1 = runner.S[i], runner.S[i + 1], runner.T[i], runner.T[i + 1]
        out.append(t0 + (t1 - t0) * (target - s0) / (s1 - s0) if s1 > s0 else t1)
        target += step
    return out


# =======================================================================================
# 1. morning-10k.gpx  (Garmin watch, 1 s, barometric elevation, HR + cadence, TPX v1)
# =======================================================================================
def make_morning_10k():
    rng = Rng(20260514)
    frame = LocalFrame(48.83520, 2.41730)  # west edge of the Bois de Vincennes area, Paris
    waypoints = [(0, 0), (500, -30), (1000, -60), (1500, -90),  # straight avenue
                 (1800, -60), (2050, -150), (2300, -320), (2650, -380), (2950, -270),
                 (3120, -40), (3160, 240), (3010, 470),  # round the lake, north-east bend
                 (2700, 560), (2300, 600), (1900, 640),  # straight alley going west
                 (1650, 770), (1400, 710), (1200, 830), (950, 800),  # woodland path
                 (720, 660), (520, 730), (330, 810), (120, 750), (-60, 610),
                 (-180, 420), (-160, 220), (-70, 70)]
    target = 10000.0
    scale = target / planar_length(catmull_rom(waypoints, closed=True))
    for _ in range(4):  # make the WGS84 length of the loop 10 000 m
        poly = catmull_rom([(x * scale, y * scale) for x, y in waypoints], closed=True)
        path = Path.from_local(frame, poly)
        scale *= target / path.length
    L = path.length

    light_at = 3380.0  # pedestrian crossing with a traffic light over an avenue
    light_stop = 40.0
    profile = Profile([(0, 52.0), (500, 53.5), (1000, 57.0), (1500, 60.5), (2000, 58.0),
                       (2500, 54.0), (3000, 50.5), (3380, 49.0), (3800, 51.0),
                       (4300, 55.5), (4800, 61.0), (5300, 63.5), (5800, 60.0),
                       (6300, 56.5), (6800, 57.5), (7300, 54.0), (7800, 49.5),
                       (8300, 47.0), (8800, 48.5), (9300, 51.0), (L, 52.0)])

    def pace(s):  # m/s: easy first km, steady, faster last 1.5 km
        if s < 1000:
            return 3.06 + 0.10 * s / 1000.0
        if s < 8500:
            return 3.17
        return 3.17 + 0.13 * min(1.0, (s - 8500) / 400.0)

    runner = Runner()
    vfun = speed_plan(pace, profile, rng, sigma=0.022, tau=120.0)
    runner.run(light_at, vfun, stop=True)
    runner.stand(light_stop)
    runner.run(L, vfun, stop=True)
    t_arrive = runner.T[-1]

    start = datetime(2026, 5, 14, 4, 42, 7, tzinfo=timezone.utc)  # 06:42:07 CEST, Thursday
    clock = regular_clock(0, 1000, t_arrive)
    gps = PositionNoise(rng, sigma=1.4, tau=45.0, white=0.15)
    baro = ElevationNoise(rng, sigma=0.12, tau=40.0, tau2=6.0, clip=0.2)
    heart = Heart(109, [(0, 92), (1.5, 108), (2.6, 138), (3.17, 151), (3.6, 161),
                        (4.2, 171), (5.0, 181)], tau_up=30.0, tau_down=90.0, drift=0.0028)
    pts, prev_t = [], 0.0
    for ms in clock:
        t = ms / 1000.0
        s, v = runner.state(t)
        dt = t - prev_t
        prev_t = t
        lat, lon = path.at(s)
        g = profile.grade(s)
        lat, lon = gps.apply(lat, lon, dt, still=(v < 0.05 and ms > 0))
        hr = heart.step(dt, t, effort(v, g, up=4.0, down=1.5)) + rng.gauss(0.6)
        pts.append({"ms": ms, "lat": lat, "lon": lon, "ele": baro.apply(profile.at(s), dt),
                    "hr": clamp_hr(hr), "cad": cadence(v, rng)})

    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx version="1.1" creator="Garmin Forerunner 265" xmlns="http://www.topografix.com/GPX/1/1"'
             ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
             ' xmlns:gpxtpx="%s"' % NS_TPX1 +
             ' xsi:schemaLocation="%s %s http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd">'
             % (SCHEMA_GPX, NS_TPX1),
             '<metadata><name>Morning Run</name><link href="https://connect.garmin.com">'
             '<text>Garmin Connect</text></link><time>%s</time></metadata>' % fmt_z(start, 0),
             '<trk><name>Morning Run</name><type>running</type><trkseg>']
    for p in pts:  # one point per line keeps this 1 s file compact
        lines.append('<trkpt %s><ele>%.1f</ele><time>%s</time><extensions>'
                     '<gpxtpx:TrackPointExtension><gpxtpx:hr>%d</gpxtpx:hr>'
                     '<gpxtpx:cad>%d</gpxtpx:cad></gpxtpx:TrackPointExtension>'
                     '</extensions></trkpt>'
                     % (ll(p["lat"], p["lon"]), p["ele"], fmt_z(start, p["ms"]), p["hr"], p["cad"]))
    lines += ['</trkseg></trk>', '</gpx>', '']
    write("morning-10k.gpx", "\n".join(lines))

    (t0, t1), = runner.stands
    splits = km_splits(runner, L)
    split_secs = [b - a for a, b in zip([0.0] + splits, splits)]
    hrs = [p["hr"] for p in pts]
    return truth_record(
        "morning-10k.gpx", L, path.length_haversine, runner, profile, [pts],
        stops=[("traffic light at %.0f m" % light_at, t0, t1 - t0)], pauses=[],
        moving=t_arrive - (t1 - t0),
        extra={"start": fmt_z(start, 0), "arrival_s": t_arrive,
               "km_splits_elapsed": split_secs, "hr_first_last_max": (hrs[0], hrs[-1], max(hrs))})


# =======================================================================================
# 2. trail-hill-run.gpx  (phone app, irregular 1-3 s, ms times, GPS elevation, TPX v2,
#                          two segments: app paused ~3 min at the summit)
# =======================================================================================
def make_trail_hill_run():
    rng = Rng(20260919)
    frame = LocalFrame(45.19790, 5.72960)  # foothills north of Grenoble (synthetic trail)
    ascent_wp = [(0, 0), (70, 110), (40, 250), (130, 370), (250, 430), (320, 560),
                 (290, 720), (370, 860), (500, 930), (580, 1050), (540, 1170),
                 # switchbacks up the steep face
                 (760, 1220), (500, 1290), (780, 1350), (520, 1420), (800, 1480),
                 (560, 1560), (820, 1620),
                 # ridge to the summit
                 (900, 1760), (860, 1900), (960, 2030), (1080, 2120)]
    descent_wp = [(1080, 2120), (1250, 2080), (1400, 1960), (1470, 1790), (1430, 1620),
                  (1520, 1460), (1470, 1300), (1330, 1170), (1390, 1010), (1280, 860),
                  (1110, 760), (990, 610), (840, 500), (680, 420), (520, 300),
                  (350, 210), (190, 90), (0, 0)]
    scale = 1.0
    for _ in range(4):  # scale the loop so that its WGS84 length is 8 000 m
        up_poly = catmull_rom([(x * scale, y * scale) for x, y in ascent_wp])
        down_poly = catmull_rom([(x * scale, y * scale) for x, y in descent_wp])
        path = Path.from_local(frame, up_poly + down_poly[1:])
        scale *= 8000.0 / path.length
    up_len = Path.from_local(frame, up_poly).length
    L = path.length
    dn = L - up_len

    def fu(f):
        return f * up_len

    def fd(f):
        return up_len + f * dn

    profile = Profile([(0, 215.0), (fu(0.073), 222.0), (fu(0.171), 250.0), (fu(0.244), 268.0),
                       (fu(0.305), 266.0), (fu(0.39), 305.0), (fu(0.463), 350.0),
                       (fu(0.561), 402.0), (fu(0.634), 440.0), (fu(0.683), 446.0),
                       (fu(0.732), 441.0), (fu(0.805), 478.0), (fu(0.902), 528.0),
                       (up_len, 560.0),
                       (fd(0.077), 540.0), (fd(0.179), 497.0), (fd(0.282), 455.0),
                       (fd(0.359), 432.0), (fd(0.41), 437.0), (fd(0.513), 390.0),
                       (fd(0.641), 330.0), (fd(0.744), 285.0), (fd(0.821), 262.0),
                       (fd(0.897), 238.0), (L, 215.0)])

    def steep(g):  # trail: hike the steep climbs, careful on steep descents
        if g >= 0:
            return 1.0 / (1.0 + 6.0 * g)
        a = -g
        return 1.0 + 2.0 * a - 9.0 * a * a

    runner = Runner(tau=1.2)
    vfun = speed_plan(lambda s: 2.85, profile, rng, sigma=0.06, tau=40.0, steep=steep)
    runner.run(up_len, vfun, stop=True)
    t_summit = runner.T[-1]
    clock1 = phone_clock(rng, 0, t_summit + 4.5)  # stands ~5 s, then pauses the app
    pause_ms = 181437  # app paused at the last fix of segment 1, resumed 3:01.437 later
    t_pause0 = clock1[-1] / 1000.0
    runner.stand((t_pause0 - t_summit) + pause_ms / 1000.0)  # at the summit throughout
    t_resume = runner.T[-1]
    runner.run(L, vfun, stop=True)
    t_end = runner.T[-1]
    clock2 = phone_clock(rng, clock1[-1] + pause_ms, t_end)
    assert abs(clock2[0] / 1000.0 - t_resume) < 1e-6

    start = datetime(2026, 9, 19, 7, 18, 3, 412000, tzinfo=timezone.utc)  # 09:18 CEST, Sat
    gps = PositionNoise(rng, sigma=2.3, tau=30.0, white=0.4, still_repeat=0.2,
                        still_jitter=0.3)
    gele = ElevationNoise(rng, sigma=2.6, tau=40.0, tau2=8.0, white=0.25)
    heart = Heart(96, [(0, 88), (1.5, 108), (2.6, 138), (3.17, 151), (3.6, 161),
                       (4.2, 171), (5.0, 181)], tau_up=35.0, tau_down=110.0, drift=0.0025)
    segments, prev_t = [], 0.0
    for clock in (clock1, clock2):
        seg = []
        for ms in clock:
            t = ms / 1000.0
            s, v = runner.state(t)
            dt = t - prev_t
            prev_t = t
            lat, lon = path.at(s)
            g = profile.grade(s)
            lat, lon = gps.apply(lat, lon, dt, still=(v < 0.05 and dt < 10 and seg != []))
            hr = heart.step(dt, t, effort(v, g)) + rng.gauss(0.8)
            spd = max(0.0, v + rng.gauss(0.08)) if v > 0.05 else abs(rng.gauss(0.03))
            seg.append({"ms": ms, "lat": lat, "lon": lon, "ele": gele.apply(profile.at(s), dt),
                        "hr": clamp_hr(hr), "speed": spd})
        segments.append(seg)

    name = "2026-09-19 09:18"
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx',
             'version="1.1"',
             'creator="OpenTracks"',
             'xmlns="http://www.topografix.com/GPX/1/1"',
             'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
             'xmlns:opentracks="http://opentracksapp.com/xmlschemas/v1"',
             'xmlns:gpxtpx="%s"' % NS_TPX2,
             'xsi:schemaLocation="%s %s https://www8.garmin.com/xmlschemas/TrackPointExtensionv2.xsd'
             ' http://opentracksapp.com/xmlschemas/v1 http://opentracksapp.com/xmlschemas/OpenTracks_v1.xsd">'
             % (SCHEMA_GPX, NS_TPX2),
             '<metadata>',
             '<name><![CDATA[%s]]></name>' % name,
             '<desc><![CDATA[Hill loop: up the switchbacks, café break at the summit, down the east ridge]]></desc>',
             '<time>%s</time>' % fmt_z_ms(start, 0),
             '</metadata>',
             '<trk>',
             '<name><![CDATA[%s]]></name>' % name,
             '<type><![CDATA[running]]></type>',
             '<extensions>',
             '<opentracks:trackid>4f0c2a7e-9b1d-4c3e-8a55-2d6e0b7f9c13</opentracks:trackid>',
             '</extensions>']
    for seg in segments:
        lines.append('<trkseg>')
        for p in seg:
            lines += ['<trkpt %s>' % ll(p["lat"], p["lon"]),
                      '<ele>%.1f</ele>' % p["ele"],
                      '<time>%s</time>' % fmt_z_ms(start, p["ms"]),
                      '<extensions><gpxtpx:TrackPointExtension>',
                      '<gpxtpx:hr>%d</gpxtpx:hr>' % p["hr"],
                      '<gpxtpx:speed>%.2f</gpxtpx:speed>' % p["speed"],
                      '</gpxtpx:TrackPointExtension></extensions>',
                      '</trkpt>']
        lines.append('</trkseg>')
    lines += ['</trk>', '</gpx>', '']
    write("trail-hill-run.gpx", "\n".join(lines))

    (a0, a1), = runner.stands  # summit: arrival .. resume (includes the app pause)
    moving = t_summit + (t_end - t_resume)
    hrs = [p["hr"] for seg in segments for p in seg]
    return truth_record(
        "trail-hill-run.gpx", L, path.length_haversine, runner, profile, segments,
        stops=[("summit, standing before pressing pause", a0, t_pause0 - a0)],
        pauses=[("app paused at summit (gap between segments)", t_pause0, pause_ms / 1000.0)],
        moving=moving,
        extra={"start": fmt_z_ms(start, 0), "summit_at_m": up_len,
               "segment_points": [len(s) for s in segments],
               "standing_at_summit_incl_pause_s": a1 - a0,
               "hr_first_last_max": (hrs[0], hrs[-1], max(hrs))})


# =======================================================================================
# 3. lunch-intervals.gpx  (watch via Strava export, 1 s, 400 m track, HR + cad, TPX v1)
# =======================================================================================
STRAIGHT = 84.39
R_KERB = 36.5
R_LINE = R_KERB + 0.30  # lane 1 is measured 0.30 m outside the kerb -> 400 m lap


def track_lap(spacing=0.25):
    """One counter-clockwise lap of lane 1's running line, local metres, starting at the
    finish line (end of the home straight). Track axis along local +y (before rotation)."""
    pts = []
    h = STRAIGHT / 2.0
    r = R_LINE
    # home straight runs north on the east side (x = +r), finish line at y = +h
    n_arc = int(math.ceil(math.pi * r / spacing))
    n_str = int(math.ceil(STRAIGHT / spacing))
    for k in range(n_arc):  # top bend, centre (0, +h): from angle 0 to pi
        a = math.pi * k / n_arc
        pts.append((r * math.cos(a), h + r * math.sin(a)))
    for k in range(n_str):  # back straight, heading south at x = -r
        pts.append((-r, h - STRAIGHT * k / n_str))
    for k in range(n_arc):  # bottom bend, centre (0, -h): from angle pi to 2pi
        a = math.pi + math.pi * k / n_arc
        pts.append((r * math.cos(a), -h + r * math.sin(a)))
    for k in range(n_str):  # home straight, heading north at x = +r
        pts.append((r, -h + STRAIGHT * k / n_str))
    return pts


def make_lunch_intervals():
    rng = Rng(20260708)
    frame = LocalFrame(48.84310, 2.25280)  # an athletics track in western Paris (synthetic)
    rot = math.radians(-14.0)  # track axis 14 deg west of north
    ca, sa = math.cos(rot), math.sin(rot)
    lap = [(x * ca - y * sa, x * sa + y * ca) for x, y in track_lap()]
    lap_path = Path.from_local(frame, lap + [lap[0]])
    lap_len = lap_path.length
    laps_total = 13.75
    n_full = int(laps_total) + 1
    dense = []
    for i in range(n_full):
        dense += lap
    dense.append(lap[0])
    path = Path.from_local(frame, dense)
    L = laps_total * lap_len

    profile = Profile([(0, 35.0), (L, 35.0)])  # flat track

    # plan: warm-up 4 laps, 6 x 400 m with 200 m jog recoveries, cool-down 500 m
    rep_speed = [4.96, 5.02, 5.00, 4.98, 5.05, 5.12]
    legs = [("warm-up", 4 * lap_len, 2.76)]
    for i in range(6):
        legs.append(("rep %d" % (i + 1), lap_len, rep_speed[i]))
        if i < 5:
            legs.append(("jog %d" % (i + 1), lap_len / 2.0, 2.45))
    legs.append(("cool-down", L - (4 + 6 + 2.5) * lap_len, 2.62))

    runner = Runner(tau=1.0, acc=1.6, dec=1.4)
    ar = AR1(rng, 0.02, 90.0)
    s_mark, leg_times = 0.0, []
    for i, (label, length, v) in enumerate(legs):
        s_mark += length
        last = [runner.t]

        def vfun(s, t, v=v):
            ar.step(t - last[0])
            last[0] = t
            return v * (1.0 + ar.x)

        t_leg0 = runner.t
        runner.run(s_mark, vfun, stop=(i == len(legs) - 1))
        leg_times.append((label, length, runner.t - t_leg0))
    t_arrive = runner.T[-1]

    start = datetime(2026, 7, 8, 10, 21, 44, tzinfo=timezone.utc)  # 12:21:44 CEST, Wed
    clock = regular_clock(0, 1000, t_arrive)
    gps = PositionNoise(rng, sigma=1.4, tau=45.0, white=0.15)
    baro = ElevationNoise(rng, sigma=0.12, tau=40.0, tau2=6.0, clip=0.2)
    heart = Heart(94, [(0, 90), (1.5, 108), (2.6, 137), (3.17, 150), (3.6, 160),
                       (4.2, 170), (5.0, 181), (5.5, 186)], tau_up=22.0, tau_down=40.0,
                  drift=0.003, warm=0.25, warm_tau=200.0)
    pts, prev_t = [], 0.0
    for ms in clock:
        t = ms / 1000.0
        s, v = runner.state(t)
        dt = t - prev_t
        prev_t = t
        lat, lon = path.at(s)
        lat, lon = gps.apply(lat, lon, dt, still=(v < 0.05 and ms > 0))
        hr = heart.step(dt, t, v) + rng.gauss(0.7)
        pts.append({"ms": ms, "lat": lat, "lon": lon, "ele": baro.apply(profile.at(s), dt),
                    "hr": clamp_hr(hr), "cad": cadence(v, rng, at=3.0, base=83.5, slope=6.0)})

    i1, i2, i3, i4 = " ", "  ", "   ", "    "
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx version="1.1" creator="StravaGPX" xmlns="http://www.topografix.com/GPX/1/1"'
             ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
             ' xsi:schemaLocation="%s %s http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd"'
             % (SCHEMA_GPX, NS_TPX1) +
             ' xmlns:gpxtpx="%s">' % NS_TPX1,
             i1 + '<metadata>',
             i2 + '<name>Lunch Run</name>',
             i2 + '<time>%s</time>' % fmt_z(start, 0),
             i1 + '</metadata>',
             i1 + '<trk>',
             i2 + '<name>Lunch Run</name>',
             i2 + '<type>running</type>',
             i2 + '<trkseg>']
    for p in pts:
        lines += [i3 + '<trkpt %s>' % ll(p["lat"], p["lon"]),
                  i4 + '<ele>%.1f</ele>' % p["ele"],
                  i4 + '<time>%s</time>' % fmt_z(start, p["ms"]),
                  i4 + '<extensions>',
                  i4 + ' <gpxtpx:TrackPointExtension>',
                  i4 + '  <gpxtpx:hr>%d</gpxtpx:hr>' % p["hr"],
                  i4 + '  <gpxtpx:cad>%d</gpxtpx:cad>' % p["cad"],
                  i4 + ' </gpxtpx:TrackPointExtension>',
                  i4 + '</extensions>',
                  i3 + '</trkpt>']
    lines += [i2 + '</trkseg>', i1 + '</trk>', '</gpx>', '']
    write("lunch-intervals.gpx", "\n".join(lines))

    hrs = [p["hr"] for p in pts]
    return truth_record(
        "lunch-intervals.gpx", L, path.haversine_upto(L), runner, profile, [pts],
        stops=[], pauses=[], moving=t_arrive,
        extra={"start": fmt_z(start, 0), "lap_m": lap_len,
               "lap_m_analytic_plane": 2 * STRAIGHT + 2 * math.pi * R_LINE,
               "kerb_lap_m_analytic_plane": 2 * STRAIGHT + 2 * math.pi * R_KERB,
               "legs": leg_times, "hr_first_last_max": (hrs[0], hrs[-1], max(hrs))})


# =======================================================================================
# 4. long-run-no-hr.gpx  (old GPS logger, 5 s, no extensions, +02:00 offsets, river path)
# =======================================================================================
def make_long_run_no_hr():
    rng = Rng(20260419)
    frame = LocalFrame(51.05720, 13.74560)  # by the Elbe in Dresden (synthetic river)
    heading = math.radians(112.0)  # upstream direction, compass bearing (ESE)
    ux, uy = math.sin(heading), math.cos(heading)  # along-river unit vector (east, north)
    nx, ny = -uy, ux  # left of upstream = north-north-east bank
    if ny < 0:
        nx, ny = -nx, -ny
    half_w = 95.0  # bank path to river centre line

    def centre(u):
        lat_off = (260.0 * math.sin(2 * math.pi * u / 3600.0 + 0.4)
                   + 70.0 * math.sin(2 * math.pi * u / 1250.0 + 1.9)
                   - 260.0 * math.sin(0.4) - 70.0 * math.sin(1.9))
        return u * ux + lat_off * nx, u * uy + lat_off * ny

    def bank(u, side, du=0.5):
        x0, y0 = centre(u - du)
        x1, y1 = centre(u + du)
        tx, ty = x1 - x0, y1 - y0
        tl = math.hypot(tx, ty)
        px, py = -ty / tl, tx / tl  # left normal
        if px * nx + py * ny < 0:
            px, py = -px, -py
        cx, cy = centre(u)
        return cx + side * half_w * px, cy + side * half_w * py

    def build(U):
        north = [bank(k * 1.0, +1) for k in range(int(U) + 1)] + [bank(U, +1)]
        south = [bank(U - k * 1.0, -1) for k in range(int(U) + 1)] + [bank(0.0, -1)]
        bridge_far = straight(north[-1], south[0])
        bridge_home = straight(south[-1], north[0])
        poly = north + bridge_far[1:] + south[1:] + bridge_home[1:]
        i_far0 = len(north) - 1
        i_far1 = i_far0 + len(bridge_far) - 1
        i_home0 = i_far1 + len(south) - 1
        return poly, (i_far0, i_far1, i_home0)

    target, ratio = 21000.0, 1.0
    for _ in range(3):  # bisection on the turning point; ratio corrects planar -> WGS84
        lo, hi = 9000.0, 11000.0
        for _ in range(30):
            U = 0.5 * (lo + hi)
            poly, _ = build(U)
            if planar_length(poly) * ratio < target:
                lo = U
            else:
                hi = U
        poly, (i_far0, i_far1, i_home0) = build(U)
        path = Path.from_local(frame, poly)
        ratio = path.length / planar_length(poly)
    L = path.length
    s_b1a, s_b1b, s_b2a = path.cum[i_far0], path.cum[i_far1], path.cum[i_home0]

    def ramp(a, b, deck, base_a, base_b):  # bridge: 45 m ramps up to a flat deck
        return [(a, base_a), (a + 45.0, deck), (b - 45.0, deck), (b, base_b)]

    out_pts = [(0, 110.0), (1400, 110.6), (2600, 110.2), (4100, 111.4), (5600, 111.0),
               (7000, 112.1), (8500, 111.8)]
    ctrl = [(s, e) for s, e in out_pts if s < s_b1a - 300]
    ctrl += ramp(s_b1a, s_b1b, 119.0, 112.3, 112.3)
    back = [(s_b1b + 1300, 111.9), (s_b1b + 2900, 112.4), (s_b1b + 4400, 111.3),
            (s_b1b + 6000, 111.6), (s_b1b + 7600, 110.5), (s_b1b + 9000, 110.8)]
    ctrl += [(s, e) for s, e in back if s < s_b2a - 300]
    ctrl += ramp(s_b2a, L, 117.0, 110.2, 110.0)
    profile = Profile(ctrl)

    def pace(s):  # ~5:45 min/km, slightly slower in the last 4 km
        return 2.915 - (0.06 * (s - 17000) / 4000.0 if s > 17000 else 0.0)

    runner = Runner()
    vfun = speed_plan(pace, profile, rng, sigma=0.025, tau=300.0)
    runner.run(L, vfun, stop=True)
    t_arrive = runner.T[-1]

    start = datetime(2026, 4, 19, 6, 5, 0, tzinfo=timezone.utc)  # 08:05 CEST, Sunday
    clock = regular_clock(0, 5000, t_arrive)
    gps = PositionNoise(rng, sigma=2.6, tau=60.0, white=0.6, still_repeat=0.0,
                        still_jitter=0.5)
    gele = ElevationNoise(rng, sigma=3.0, tau=90.0, tau2=15.0, white=0.1)
    pts, prev_t = [], 0.0
    for ms in clock:
        t = ms / 1000.0
        s, v = runner.state(t)
        dt = t - prev_t
        prev_t = t
        lat, lon = path.at(s)
        lat, lon = gps.apply(lat, lon, dt)
        pts.append({"ms": ms, "lat": lat, "lon": lon, "ele": gele.apply(profile.at(s), dt)})

    lats = [p["lat"] for p in pts]
    lons = [p["lon"] for p in pts]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx version="1.1" creator="Holux M-241" xmlns="http://www.topografix.com/GPX/1/1"'
             ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
             ' xsi:schemaLocation="%s">' % SCHEMA_GPX,
             '  <metadata>',
             '    <name>Track 2026-04-19 08:05</name>',
             '    <time>%s</time>' % fmt_offset(start, 0),
             '    <bounds minlat="%.7f" minlon="%.7f" maxlat="%.7f" maxlon="%.7f"/>'
             % (min(lats), min(lons), max(lats), max(lons)),
             '  </metadata>',
             '  <trk>',
             '    <name>Sunday long run</name>',
             '    <trkseg>']
    for p in pts:
        lines += ['      <trkpt %s>' % ll(p["lat"], p["lon"]),
                  '        <ele>%.1f</ele>' % p["ele"],
                  '        <time>%s</time>' % fmt_offset(start, p["ms"]),
                  '      </trkpt>']
    lines += ['    </trkseg>', '  </trk>', '</gpx>', '']
    write("long-run-no-hr.gpx", "\n".join(lines))

    splits = km_splits(runner, L)
    return truth_record(
        "long-run-no-hr.gpx", L, path.length_haversine, runner, profile, [pts],
        stops=[], pauses=[], moving=t_arrive,
        extra={"start": fmt_offset(start, 0), "turnaround_bridge_m": (s_b1a, s_b1b),
               "home_bridge_m": (s_b2a, L),
               "mean_pace_s_per_km": t_arrive / (L / 1000.0),
               "km_split_range_s": (min(b - a for a, b in zip([0.0] + splits, splits)),
                                    max(b - a for a, b in zip([0.0] + splits, splits)))})


# =======================================================================================
def hms(sec):
    sec_r = int(round(sec))
    return "%d:%02d:%02d" % (sec_r // 3600, sec_r % 3600 // 60, sec_r % 60)


def fmt_val(v):
    if isinstance(v, float):
        return "%.1f" % v
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(fmt_val(x) for x in v) + ")"
    return str(v)


def report(truths):
    print("Generator truth (noise-free path and elevation profile); t = seconds after the first point")
    print("=" * 96)
    for t in truths:
        print(t["file"])
        print("  points %d in %d segment(s)" % (t["points"], t["segments"]))
        print("  path length, WGS84 ellipsoid           %9.1f m" % t["path_m"])
        print("  path length, haversine R=%.1f    %9.1f m" % (MEAN_EARTH_RADIUS, t["path_haversine_m"]))
        print("  elapsed, first to last point           %9.3f s  (%s)" % (t["elapsed_s"], hms(t["elapsed_s"])))
        print("  recorded (sum of segment spans)        %9.3f s" % t["recorded_s"])
        print("  moving time, truth speed > 0           %9.2f s  (%s)" % (t["moving_s"], hms(t["moving_s"])))
        print("  moving time, runlog rule on the truth  %9.2f s  (stopped: < 0.5 m/s for >= 10 s: %.2f s)"
              % (t["moving_rule_s"], t["slow_s"]))
        for label, t0, d in t["stops"]:
            print("  stop: %s, from t=%.2f s, %.2f s at zero speed" % (label, t0, d))
        for label, t0, d in t["pauses"]:
            print("  pause: %s, from t=%.3f s, %.3f s" % (label, t0, d))
        if not t["stops"] and not t["pauses"]:
            print("  stops: none")
        print("  climb / descent, noise-free profile    %6.1f / %.1f m  (ele %.1f .. %.1f m)"
              % (t["climb_m"], t["descent_m"], t["ele_min"], t["ele_max"]))
        print("  climb / descent, same, 2 m hysteresis  %6.1f / %.1f m" % t["climb_hyst_m"])
        print("  reference only (recorded, noisy points): haversine %.1f m; raw climb %.1f m;"
              " 2 m hysteresis %.1f / %.1f m" % ((t["recorded_haversine_m"], t["recorded_raw_climb_m"])
                                                 + t["recorded_hyst_m"]))
        for k, v in t["extra"].items():
            if k == "km_splits_elapsed":
                v = " ".join("%d:%02d" % (int(round(x)) // 60, int(round(x)) % 60) for x in v)
            elif k == "legs":
                v = "; ".join("%s %.1f m in %.1f s" % (a, b, c) for a, b, c in v)
            elif k.startswith("lap") or k.startswith("kerb"):
                v = "%.4f" % v
            else:
                v = fmt_val(v)
            print("  %s: %s" % (k, v))
        print()
    print("Markdown (samples/README.md):")
    print()
    print("| file | points / segs | path m (WGS84) | path m (haversine) | elapsed s | moving s (v>0) "
          "| stops / pauses | climb / descent m | climb, 2 m hyst. m |")
    print("|---|---|---|---|---|---|---|---|---|")
    for t in truths:
        sp = ["stop %.2f s" % d for _, _, d in t["stops"]] + \
             ["pause %.3f s" % d for _, _, d in t["pauses"]]
        print("| %s | %d / %d | %.1f | %.1f | %.3f | %.2f | %s | %.1f / %.1f | %.1f / %.1f |"
              % ((t["file"], t["points"], t["segments"], t["path_m"], t["path_haversine_m"],
                 t["elapsed_s"], t["moving_s"], ", ".join(sp) or "none",
                 t["climb_m"], t["descent_m"]) + tuple(t["climb_hyst_m"])))


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    truths = [make_morning_10k(), make_trail_hill_run(), make_lunch_intervals(),
              make_long_run_no_hr()]
    report(truths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
