"""The generic skin's field drawing (`[skin] fields = true`, docs/controls.md) in headless
Chromium, on StickyCorners' experiments (see test_notebook.py for the environment).

Expected values never come from the notebook: the fields' origins and regions are read here from
the experiment's scene file (experiments/scenes/sticky-*.toml, its `type = "field"` behaviors in
file order). What the page drew is read back twice: from the skin (feelNotebook.drawn: the
origins it drew, in pt), and from the canvas's pixels through its transform from points to
pixels (feelNotebook.glyphsDrawn): each origin's ring and cross are drawn where the scene puts
the field (the pixel at the origin differs from the pixels around it, outside the ring), and each
quadrant of the screen is tinted by the region that holds it, so that points held by different
fields' regions are drawn in different colours and points held by the same region alike.
"""

import tomllib
import unittest

from test_notebook import (ROOT, NotebookPageCase, severe)

# StickyCorners' experiments, whose control sets `fields = true`.
EXPERIMENTS = ["sticky-strength-resistance", "sticky-throw-speed-aim"]
# The ring around an origin is 5 px in radius: these pixels are outside it (px from the origin).
AROUND_PX = [(12, 0), (-12, 0), (0, 12), (0, -12)]
# Two pixels "differ" when some channel is this many levels apart (the region's tint is 12 %
# of a saturated colour: tens of levels between two fields' tints).
DIFFERENT_LEVELS = 6

READ_PIXEL_JS = """
var canvas = arguments[0], x = arguments[1], y = arguments[2];
var d = canvas.getContext("2d").getImageData(Math.round(x), Math.round(y), 1, 1).data;
return [d[0], d[1], d[2], d[3]];
"""


def scene_fields(experiment):
    """(origin, region) of each field behavior of the experiment's scene, in file order."""
    exp = tomllib.loads((ROOT / "experiments" / f"{experiment}.toml").read_text())
    scene = tomllib.loads((ROOT / "experiments" / exp["scene"]).read_text())
    return [(tuple(b["position"]), b.get("region", {})) for b in scene["behavior"] if b["type"] == "field"]


def holds(origin, region, point):
    """Whether a rect region (docs/fields.md: |x| < w/2 and |y| < h/2) holds the point (pt)."""
    assert region.get("shape") == "rect", "StickyCorners' regions are rectangles"
    w, h = region["size"]
    return abs(point[0] - origin[0]) < w / 2 and abs(point[1] - origin[1]) < h / 2


def differ(a, b):
    return max(abs(p - q) for p, q in zip(a, b)) >= DIFFERENT_LEVELS


class FieldDrawing(NotebookPageCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ids = cls.shown_and_ready(EXPERIMENTS)


    def canvas(self, experiment):
        return self.driver.find_element(
            "css selector", f'.explorer[data-experiment="{experiment}"] canvas.control-canvas')

    def pixel(self, experiment, transform, x, y, dx=0, dy=0):
        a, b, c, d, e, f = transform
        return self.driver.execute_script(
            READ_PIXEL_JS, self.canvas(experiment), a * x + c * y + e + dx, b * x + d * y + f + dy)

    def test_a_origins_drawn_where_the_scene_puts_the_fields(self):
        self.assertEqual(self.ids, EXPERIMENTS)
        for experiment in self.ids:
            self.assertEqual(self.api("skin", experiment), "generic")
            self.api("reset", experiment)
            drawn = self.api("drawn", experiment, 0, 0)
            fields = scene_fields(experiment)
            self.assertEqual(len(fields), 4)
            self.assertEqual([(o["x"], o["y"]) for o in drawn["fields"]], [f[0] for f in fields], experiment)
            transform = self.api("glyphsDrawn", experiment, 0)["transform"]
            for origin, _ in fields:
                at = self.pixel(experiment, transform, *origin)
                for dx, dy in AROUND_PX:
                    with self.subTest(experiment=experiment, origin=origin, dx=dx, dy=dy):
                        self.assertTrue(differ(at, self.pixel(experiment, transform, *origin, dx, dy)),
                                        f"{experiment}: nothing drawn at the origin {origin}: {at}")
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    def test_b_each_region_tints_its_quadrant(self):
        for experiment in self.ids:
            self.api("reset", experiment)
            self.api("drawn", experiment, 0, 0)
            transform = self.api("glyphsDrawn", experiment, 0)["transform"]
            fields = scene_fields(experiment)
            # Points on the 375 × 667 pt screen away from the tile at its start (66, 80), the
            # origins and the regions' edges: two per quadrant.
            points = [(150, 200), (120, 300), (150, 450), (100, 600), (250, 450), (330, 620),
                      (250, 200), (340, 300)]
            held = {p: [n for n, (o, r) in enumerate(fields) if holds(o, r, p)] for p in points}
            colours = {p: self.pixel(experiment, transform, *p) for p in points}
            for p in points:
                self.assertEqual(len(held[p]), 1, f"{p} is held by exactly one region")
            for p in points:
                for q in points:
                    if p < q:
                        with self.subTest(experiment=experiment, p=p, q=q):
                            same = held[p] == held[q]
                            self.assertEqual(not differ(colours[p], colours[q]), same,
                                             f"{experiment}: {p} {colours[p]} and {q} {colours[q]}, "
                                             f"held by fields {held[p]} and {held[q]}")


if __name__ == "__main__":
    unittest.main()
