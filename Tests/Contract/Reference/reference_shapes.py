"""Item outlines for the reference engine: UIKit's collision bounds (iOS 9), written from
the measurements (kern0x1b/charon, UIFieldBehavior.md §13 and M6; docs/shapes.md), not from
FeelLab's Swift code.

- An ellipse of w × h pt with w = h is a circle of radius w/2.
- Otherwise UIKit flattens the path CGPathCreateWithEllipseInRect makes (a move to (w/2, 0),
  four cubic Béziers of kappa 0.55228474983 going towards +y, a close) in float32 points:
  a cubic's length L is the sum of 10 segment lengths, each segment starting at the previous
  sample and ending on the curve taken *from that sample* (UIKit's chained start), the
  length of a segment sqrtf(fmaf(dx, dx, dy·dy)); it gets max(int(L / 10), 1) segments at
  t = i / count (the ratio in double, then float32). A Bézier point is
  ((p0·u·(u·u) + p1·t·(u·(u·3))) + p2·t·(t·(u·3))) + p3·t·(t·t) in float32, u = 1 − t.
- Points become metres as float32 × 0.01 (float32); a point whose squared distance
  fmaf(dx, dx, dy·dy) to the last kept one is below 1.42108547e-14 is dropped; trailing
  copies of the first point are dropped while more than 3 remain; fewer than 3: no shape;
  the list is reversed when its first turn is clockwise.
- The polygon's skin is 0.009 m.

pybox2d 2.3.10 holds at most 16 vertices per polygon (b2_maxPolygonVertices), so the
reference models ellipses and paths up to 16 vertices and refuses larger ones.
"""

from __future__ import annotations

from fractions import Fraction

import numpy

F32 = numpy.float32
#: UIKit's kappa (double) for the four cubics of an ellipse.
KAPPA = 0.55228474983
#: A flattened point this close (m², squared) to the last kept one is a repeat.
DUPLICATE_DISTANCE_SQUARED_M2 = F32(1.42108547e-14)
#: The skin of an ellipse or path polygon (m).
OUTLINE_RADIUS_M = F32(0.009)
#: pybox2d's b2_maxPolygonVertices.
MAX_POLYGON_VERTICES = 16


def _nearest_f32(q: Fraction) -> numpy.float32:
    """The float32 nearest the exact rational q (ties to even), without double rounding."""
    guess = F32(float(q))
    candidates = [guess, numpy.nextafter(guess, F32(numpy.inf)), numpy.nextafter(guess, F32(-numpy.inf))]
    best = None
    for c in candidates:
        error = abs(Fraction(float(c)) - q)
        even = int(numpy.array(c, dtype=numpy.float32).view(numpy.uint32)) % 2 == 0
        key = (error, not even)
        if best is None or key < best[0]:
            best = (key, c)
    return best[1]


def fmaf(a: numpy.float32, b: numpy.float32, c: numpy.float32) -> numpy.float32:
    """a·b + c rounded once to float32 (C's fmaf)."""
    return _nearest_f32(Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c)))


def bezier(p0, p1, p2, p3, t) -> tuple[numpy.float32, numpy.float32]:
    """UIKit's cubic Bézier point in float32, t clamped to [0, 1]."""
    t = min(max(F32(t), F32(0)), F32(1))
    u = F32(1) - t
    three = F32(3)

    def component(a, b, c, d):
        return (((a * u * (u * u)) + (b * t * (u * (u * three)))) + (c * t * (t * (u * three)))) + d * t * (t * t)

    return (component(p0[0], p1[0], p2[0], p3[0]), component(p0[1], p1[1], p2[1], p3[1]))


def flatten_cubic(p0, p1, p2, p3) -> list[tuple[numpy.float32, numpy.float32]]:
    """The points a cubic from p0 adds to the outline (float32 pt)."""
    length = F32(0)
    previous = p0
    for i in range(11):
        q = bezier(previous, p1, p2, p3, F32(i) / F32(10))
        dx, dy = q[0] - previous[0], q[1] - previous[1]
        length = length + numpy.sqrt(fmaf(dx, dx, dy * dy), dtype=numpy.float32)
        previous = q
    count = max(int(length / F32(10)), 1)
    return [bezier(p0, p1, p2, p3, F32(i / count)) for i in range(1, count + 1)]


def ellipse_points_pt(width_pt: float, height_pt: float) -> list[tuple[numpy.float32, numpy.float32]]:
    """The flattened ellipse in float32 points, from the move-to to the close."""
    rx, ry = width_pt / 2, height_pt / 2
    k = KAPPA

    def p(x, y):
        return (F32(x), F32(y))

    cubics = [
        (p(rx, k * ry), p(k * rx, ry), p(0, ry)),
        (p(-k * rx, ry), p(-rx, k * ry), p(-rx, 0)),
        (p(-rx, -k * ry), p(-k * rx, -ry), p(0, -ry)),
        (p(k * rx, -ry), p(rx, -k * ry), p(rx, 0)),
    ]
    points = [p(rx, 0)]
    for c1, c2, end in cubics:
        points += flatten_cubic(points[-1], c1, c2, end)
    points.append(points[0])
    return points


def to_metres(points) -> list[tuple[numpy.float32, numpy.float32]]:
    """Float32 points (pt) to the polygon's float32 vertices (m), as UIKit hands them on."""
    kept = []
    hundredth = F32(0.01)
    for x, y in points:
        m = (F32(x) * hundredth, F32(y) * hundredth)
        if kept:
            dx, dy = m[0] - kept[-1][0], m[1] - kept[-1][1]
            if fmaf(dx, dx, dy * dy) < DUPLICATE_DISTANCE_SQUARED_M2:
                continue
        kept.append(m)
    while len(kept) > 3 and kept[-1] == kept[0]:
        kept.pop()
    if len(kept) < 3:
        return []
    (x0, y0), (x1, y1), (x2, y2) = kept[0], kept[1], kept[2]
    turn = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)
    return list(reversed(kept)) if turn < 0 else kept


def ellipse_vertices_m(width_pt: float, height_pt: float) -> list[tuple[float, float]]:
    """An ellipse's polygon (m, item frame), for w ≠ h."""
    return [(float(x), float(y)) for x, y in to_metres(ellipse_points_pt(width_pt, height_pt))]


def path_vertices_m(points_pt: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A path's polygon (m, item frame): its points (pt from the centre) in float32 first."""
    return [(float(x), float(y)) for x, y in to_metres([(F32(x), F32(y)) for x, y in points_pt])]


# ---------------------------------------------------------------------------------------
# Boundaries from a path (docs/scene-format.md, "Boundaries from a path"), written from the
# SVG path grammar and the flattening above, not from FeelLab's Swift code. The reference reads
# M, L, H, V, C, Q and Z (absolute and relative; a quadratic as its equal cubic, elevated in
# double), not S, T or arcs: its random scenes use none.
# ---------------------------------------------------------------------------------------

_PATH_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def parse_path_data(text: str) -> list[tuple]:
    """SVG path data as absolute pieces: ("M", p), ("L", p), ("C", c1, c2, p), ("Z",)."""
    import re

    tokens = re.findall(r"[MmLlHhVvCcQqZz]|" + _PATH_NUMBER, text)
    pieces: list[tuple] = []
    current = (0.0, 0.0)
    start = (0.0, 0.0)
    i = 0
    command = None
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                pieces.append(("Z",))
                current = start
                continue
        relative = command.islower()
        base = current if relative else (0.0, 0.0)

        def take(n):
            nonlocal i
            values = [float(v) for v in tokens[i:i + n]]
            if len(values) < n:
                raise ValueError(f"path data {text!r}: too few numbers after {command}")
            i += n
            return values

        upper = command.upper()
        if upper in "ML":
            x, y = take(2)
            p = (base[0] + x, base[1] + y)
            if upper == "M":
                pieces.append(("M", p))
                start = p
                command = "l" if relative else "L"  # a move's repeats are lines
            else:
                pieces.append(("L", p))
            current = p
        elif upper == "H":
            (x,) = take(1)
            current = (base[0] + x if relative else x, current[1])
            pieces.append(("L", current))
        elif upper == "V":
            (y,) = take(1)
            current = (current[0], base[1] + y if relative else y)
            pieces.append(("L", current))
        elif upper == "C":
            v = take(6)
            c1, c2, p = [(base[0] + v[k], base[1] + v[k + 1]) for k in (0, 2, 4)]
            pieces.append(("C", c1, c2, p))
            current = p
        elif upper == "Q":
            v = take(4)
            q, p = [(base[0] + v[k], base[1] + v[k + 1]) for k in (0, 2)]
            p0 = current
            c1 = (p0[0] + 2.0 / 3.0 * (q[0] - p0[0]), p0[1] + 2.0 / 3.0 * (q[1] - p0[1]))
            c2 = (p[0] + 2.0 / 3.0 * (q[0] - p[0]), p[1] + 2.0 / 3.0 * (q[1] - p[1]))
            pieces.append(("C", c1, c2, p))
            current = p
        else:
            raise ValueError(f"path data {text!r}: the reference reads M L H V C Q Z only")
    return pieces


def path_polyline_pt(pieces: list[tuple]) -> list[tuple[float, float]]:
    """The flattened polyline (pt): float32 points, cubics flattened as UIKit flattens curves,
    a close back to the start."""
    out: list[tuple] = []
    start = None
    for piece in pieces:
        kind = piece[0]
        if kind == "M":
            start = (F32(piece[1][0]), F32(piece[1][1]))
            out.append(start)
        elif kind == "L":
            out.append((F32(piece[1][0]), F32(piece[1][1])))
        elif kind == "C":
            p0 = out[-1]
            c1, c2, p = [(F32(q[0]), F32(q[1])) for q in piece[1:]]
            out += flatten_cubic(p0, c1, c2, p)
        elif kind == "Z" and out and out[-1] != start:
            out.append(start)
    return [(float(x), float(y)) for x, y in out]


def polyline_segments_pt(points: list[tuple[float, float]]) -> list[tuple[float, float, float, float]]:
    """Consecutive pairs of a polyline, a repeated point making no segment."""
    return [(*points[k - 1], *points[k]) for k in range(1, len(points)) if points[k - 1] != points[k]]
