"""`feel svg` against an independent SVG library: svgelements 1.9.6 (PyPI, tests only).

Path data: the corpus of real-world icon paths (corpus/bootstrap-icons.tsv, MIT) and the
glyphs' own paths go through `feel svg --to json`; every line, quadratic and cubic Bézier must
give the same points as svgelements' segments at the same parameters within 1e-6 pt, and every
arc's cubics must stay within 0.01 pt of svgelements' exact elliptical arc (its `point(t)`).
Run at the view box's scale and at ×12.5 (the icons' 8 pt radii become 100 pt), so that the
arc tolerance is exercised where it matters.

Documents: each glyph and each Feather icon (corpus/feather, MIT) read by svgelements with its
transforms applied (reify) and by `feel svg`: the same shapes in the same order, the same fill
and stroke colours, stroke widths and fill rules, and outlines within 0.01 pt of each other
(both sampled densely; distance from each sample to the other's polyline).

Environment: FEEL (the feel executable, default .build/debug/feel).
"""

import json
import math
import os
import subprocess
import tempfile
import unittest
from pathlib import Path as FilePath

import numpy as np
from svgelements import SVG, Arc, Close, CubicBezier, Line, Matrix, Move, Path, QuadraticBezier, Shape

ROOT = FilePath(__file__).resolve().parents[3]
FEEL = FilePath(os.environ.get("FEEL", ROOT / ".build/debug/feel"))
CORPUS = FilePath(__file__).resolve().parent / "corpus"
GLYPHS = sorted((ROOT / "experiments/glyphs").glob("*.svg"))
FEATHER = sorted((CORPUS / "feather").glob("*.svg"))

# The tolerances: lines and Béziers to 1e-6 pt, arcs to 0.01 pt.
POINT_TOLERANCE_PT = 1e-6
ARC_TOLERANCE_PT = 0.01
# Point-to-polyline distances on a reference arc sampled this densely are within 1.3e-4 pt of
# the distance to the true arc for radii up to 100 pt (sagitta r·(1 − cos(π/N))).
ARC_SAMPLES = 2000
SAMPLE_TS = [i / 16 for i in range(17)]


def feel_svg(svg_text, *arguments):
    """`feel svg` on `svg_text`: the parsed JSON (the process must succeed, quietly)."""
    with tempfile.TemporaryDirectory() as folder:
        path = FilePath(folder) / "input.svg"
        path.write_text(svg_text)
        result = subprocess.run(
            [str(FEEL), "svg", str(path), "--to", "json", *arguments], capture_output=True, text=True
        )
    if result.returncode != 0:
        raise AssertionError(result.stderr)
    return json.loads(result.stdout), result.stderr


def scaled(d, scale):
    """svgelements' segments of `d`, scaled (reify applies the transform to the segments)."""
    path = Path(d) * Matrix.scale(scale)
    path.reify()
    return path


def corpus_paths():
    rows = []
    for line in (CORPUS / "bootstrap-icons.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        icon, number, d = line.split("\t")
        rows.append((f"{icon} #{number}", d))
    return rows


def cubic(p0, c1, c2, p3, t):
    m = 1 - t
    return (
        m * m * m * p0[0] + 3 * m * m * t * c1[0] + 3 * m * t * t * c2[0] + t * t * t * p3[0],
        m * m * m * p0[1] + 3 * m * m * t * c1[1] + 3 * m * t * t * c2[1] + t * t * t * p3[1],
    )


def point_to_polyline(points, polyline, stride=16):
    """Distances from each of `points` (k×2) to the polyline (n×2): the three nearest of
    every `stride`-th vertex first (a closed outline ends where it starts), then the segments
    within two strides of each. (If another part of the polyline were nearer, the distance
    returned is larger: a failure, never a pass.)"""
    points = np.asarray(points, dtype=float)
    # Repeated vertices (a segment's first sample is the previous one's last) would crowd the
    # coarse candidates into one spot.
    keep = np.concatenate([[True], np.abs(np.diff(polyline, axis=0)).sum(axis=1) > 0])
    polyline = polyline[keep]
    coarse = polyline[::stride]
    d2 = ((points[:, None, :] - coarse[None, :, :]) ** 2).sum(axis=2)
    candidates = np.argsort(d2, axis=1)[:, :3] * stride
    out = np.empty(len(points))
    for k, p in enumerate(points):
        best = math.inf
        for c in candidates[k]:
            window = polyline[max(0, c - 2 * stride) : min(len(polyline), c + 2 * stride + 1)]
            if len(window) == 1:
                best = min(best, math.hypot(*(window[0] - p)))
                continue
            a = window[:-1]
            ab = window[1:] - a
            t = np.clip(((p - a) * ab).sum(axis=1) / np.maximum((ab * ab).sum(axis=1), 1e-300), 0.0, 1.0)
            best = min(best, float(np.sqrt(((a + ab * t[:, None] - p) ** 2).sum(axis=1)).min()))
        out[k] = best
    return out


def arc_polyline(arc):
    return np.asarray(arc.npoint(np.linspace(0.0, 1.0, ARC_SAMPLES + 1)), dtype=float)


class PathWalk:
    """Walks our normalised commands alongside svgelements' segments of the same path."""

    def __init__(self, test, name, ours, reference):
        self.test = test
        self.name = name
        self.ours = ours
        self.reference = reference
        self.i = 0
        self.current = None
        self.worst_point = 0.0
        self.worst_arc = 0.0
        self.arcs = 0

    def take(self, letter):
        self.test.assertLess(self.i, len(self.ours), f"{self.name}: ours ended early")
        command = self.ours[self.i]
        self.test.assertEqual(command[0], letter, f"{self.name}: command {self.i}: {command}")
        self.i += 1
        return command[1:]

    def close(self, a, b, what):
        error = math.hypot(a[0] - b[0], a[1] - b[1])
        self.worst_point = max(self.worst_point, error)
        self.test.assertLessEqual(error, POINT_TOLERANCE_PT, f"{self.name}: {what}: {a} vs {b}")

    def run(self):
        segments = list(self.reference)
        for k, seg in enumerate(segments):
            if isinstance(seg, Move):
                n = self.take("M")
                self.close((n[0], n[1]), (seg.end.x, seg.end.y), "move")
                self.current = (n[0], n[1])
                self.start = self.current
            elif isinstance(seg, Close):
                self.take("Z")
                self.current = self.start
                # After Z, ours starts the next drawing command with an explicit move.
                following = segments[k + 1] if k + 1 < len(segments) else None
                if following is not None and not isinstance(following, Move):
                    n = self.take("M")
                    self.close((n[0], n[1]), self.start, "move after close")
            elif isinstance(seg, Line):
                n = self.take("L")
                for t in SAMPLE_TS:
                    ours = (self.current[0] + t * (n[0] - self.current[0]), self.current[1] + t * (n[1] - self.current[1]))
                    ref = seg.point(t)
                    self.close(ours, (ref.x, ref.y), f"line at t={t}")
                self.current = (n[0], n[1])
            elif isinstance(seg, (CubicBezier, QuadraticBezier)):
                n = self.take("C")
                for t in SAMPLE_TS:
                    ours = cubic(self.current, n[0:2], n[2:4], n[4:6], t)
                    ref = seg.point(t)
                    self.close(ours, (ref.x, ref.y), f"{type(seg).__name__} at t={t}")
                self.current = (n[4], n[5])
            elif isinstance(seg, Arc):
                self.arc(seg)
            else:
                self.test.fail(f"{self.name}: unexpected segment {seg!r}")
        self.test.assertEqual(self.i, len(self.ours), f"{self.name}: ours has more commands")

    def arc(self, seg):
        if abs(seg.start.x - seg.end.x) + abs(seg.start.y - seg.end.y) == 0:
            return  # identical end points: omitted (F.6.2)
        if seg.rx == 0 or seg.ry == 0:
            n = self.take("L")
            self.close((n[0], n[1]), (seg.end.x, seg.end.y), "zero-radius arc")
            self.current = (n[0], n[1])
            return
        self.arcs += 1
        polyline = arc_polyline(seg)
        samples = []
        while True:
            n = self.take("C")
            samples += [cubic(self.current, n[0:2], n[2:4], n[4:6], t) for t in SAMPLE_TS]
            self.current = (n[4], n[5])
            if math.hypot(n[4] - seg.end.x, n[5] - seg.end.y) <= POINT_TOLERANCE_PT:
                break
            self.test.assertLess(self.i, len(self.ours), f"{self.name}: arc never reaches its end")
        distances = point_to_polyline(np.array(samples), polyline)
        self.worst_arc = max(self.worst_arc, float(distances.max()))
        self.test.assertLessEqual(
            float(distances.max()), ARC_TOLERANCE_PT, f"{self.name}: arc {seg} off by {distances.max()} pt"
        )


class CorpusPaths(unittest.TestCase):
    """The icon corpus, path by path, against svgelements' segments."""

    def check(self, scale):
        rows = corpus_paths()
        self.assertGreater(len(rows), 250)
        body = "\n".join(f'<path d="{d}"/>' for _, d in rows)
        document, warnings = feel_svg(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">{body}</svg>',
            "--scale",
            repr(scale),
        )
        self.assertEqual(warnings, "")
        self.assertEqual(len(document["paths"]), len(rows))
        worst_point = worst_arc = 0.0
        arcs = 0
        for (name, d), path in zip(rows, document["paths"]):
            reference = scaled(d, scale)
            walk = PathWalk(self, f"{name} ×{scale}", path["commands"], reference)
            walk.run()
            worst_point = max(worst_point, walk.worst_point)
            worst_arc = max(worst_arc, walk.worst_arc)
            arcs += walk.arcs
        self.assertGreater(arcs, 500)
        print(
            f"\n  corpus ×{scale}: {len(rows)} paths, {arcs} arcs; worst point {worst_point:.2e} pt, "
            f"worst arc {worst_arc:.2e} pt",
            end="",
        )

    def test_view_box_scale(self):
        self.check(1.0)

    def test_radii_up_to_100_pt(self):
        self.check(12.5)


class GlyphPaths(unittest.TestCase):
    """The glyphs' own path data (arcs at ×4, radii up to 30 pt)."""

    def test_glyph_path_data(self):
        import re

        for glyph in GLYPHS:
            for d in re.findall(r'\sd="([^"]*)"', glyph.read_text()):
                document, _ = feel_svg(
                    f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="{d}"/></svg>', "--scale", "4"
                )
                PathWalk(self, glyph.name, document["paths"][0]["commands"], scaled(d, 4)).run()


def sampled_outline(commands, ts=SAMPLE_TS):
    """Samples of our commands at `ts` on each (numpy array)."""
    points = []
    current = start = None
    for c in commands:
        if c[0] == "M":
            current = start = (c[1], c[2])
            points.append(current)
        elif c[0] == "L":
            points += [(current[0] + t * (c[1] - current[0]), current[1] + t * (c[2] - current[1])) for t in ts]
            current = (c[1], c[2])
        elif c[0] == "C":
            points += [cubic(current, c[1:3], c[3:5], c[5:7], t) for t in ts]
            current = (c[5], c[6])
        elif c[0] == "Z":
            points += [(current[0] + t * (start[0] - current[0]), current[1] + t * (start[1] - current[1])) for t in ts]
            current = start
    return np.array(points)


def reference_outline(path):
    """svgelements' segments sampled densely, as one polyline per subpath."""
    polylines = []
    current = []
    for seg in path:
        if isinstance(seg, Move):
            if len(current) > 1:
                polylines.append(np.array(current))
            current = [(seg.end.x, seg.end.y)]
            continue
        n = 256 if isinstance(seg, Arc) else 32
        current += [tuple(p) for p in np.asarray(seg.npoint(np.linspace(0, 1, n + 1)[1:]), dtype=float)]
    if len(current) > 1:
        polylines.append(np.array(current))
    return polylines


def hex_of(color):
    if color is None or color.value is None or color.alpha == 0:
        return None
    return "#%02x%02x%02x" % (color.red, color.green, color.blue)


class Documents(unittest.TestCase):
    """Whole files: shapes, transforms and styles against svgelements' reading."""

    def check(self, file):
        document, _ = feel_svg(file.read_text())
        svg = SVG.parse(str(file), reify=True)
        shapes = [e for e in svg.elements() if isinstance(e, Shape)]
        ours = document["paths"]
        self.assertEqual(len(ours), len(shapes), file.name)
        for k, (path, shape) in enumerate(zip(ours, shapes)):
            what = f"{file.name} shape {k + 1}"
            fill = hex_of(shape.fill)
            stroke = hex_of(shape.stroke)
            # svgelements keeps currentColor's colour as black, as a browser's initial color.
            self.assertEqual(path["fill"], fill, what)
            self.assertEqual(path["stroke"], stroke, what)
            if stroke is not None:
                self.assertAlmostEqual(path["stroke_width"], shape.stroke_width, 9, what)
                self.assertAlmostEqual(path["stroke_opacity"], shape.stroke.opacity, delta=1 / 255, msg=what)
            rule = shape.values.get("fill-rule")
            if rule is not None:
                self.assertEqual(path["fill_rule"], rule, what)
            ours_points = sampled_outline(path["commands"])
            polylines = reference_outline(Path(shape))
            reference_points = np.concatenate(polylines)
            ours_polyline_distance = np.min(
                [point_to_polyline(ours_points, line) for line in polylines], axis=0
            )
            self.assertLessEqual(float(ours_polyline_distance.max()), ARC_TOLERANCE_PT, what)
            # And the other way: the reference within tolerance of our outline.
            # (Our outline as a polyline of 129 samples per segment: its chords are within
            # 3e-4 pt of the curves at these sizes.)
            dense = sampled_outline(path["commands"], [i / 128 for i in range(129)])
            back = point_to_polyline(reference_points, dense)
            self.assertLessEqual(float(back.max()), ARC_TOLERANCE_PT, what)

    def test_glyphs(self):
        self.assertEqual(len(GLYPHS), 7)
        for glyph in GLYPHS:
            self.check(glyph)

    def test_feather_icons(self):
        self.assertGreaterEqual(len(FEATHER), 20)
        for icon in FEATHER:
            self.check(icon)


if __name__ == "__main__":
    unittest.main()
