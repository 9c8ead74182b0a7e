"""The list skin (docs/springy-list.md, "In the notebook and the studio") in headless Chromium, on
the springy list's experiments (see test_notebook.py for the environment).

Expected values never come from the notebook: each drawn point's scene is made here from the
experiment file (test_notebook.point_scene) and run through `feel run`. At frames before, during
and after the flick, the window the skin drew is `feel run`'s: its offset is the latest
`scroll:scroll` row's (0 before the first), every bubble it drew is on the screen at its centre
minus that offset, and every bubble whose bounding box (its rectangle, turned) meets the screen
is drawn and counted, the others not (clipped away). The canvas shows it: the pixel at a drawn bubble's centre is the bubble's colour,
and the content beyond the window is not drawn below the screen.
"""

import math
import unittest

from test_notebook import (NotebookPageCase, POSITION_TOLERANCE_PT, ROOT, feel_run_rows, point_scene,
                           severe, toml_text)

EXPERIMENTS = ["list-resistance-flick", "list-damping-frequency"]
SCREEN_PT = (375, 812)
SCROLL_ROW = "scroll:scroll"

READ_PIXEL_JS = """
var canvas = arguments[0], x = arguments[1], y = arguments[2];
var d = canvas.getContext("2d").getImageData(Math.round(x), Math.round(y), 1, 1).data;
return [d[0], d[1], d[2], d[3]];
"""


def offsets_by_frame(rows, last):
    """The content offset (x, y) at frames 0 … last: the latest scroll row at or before each."""
    out, offset = [], (0.0, 0.0)
    scroll = rows.get(SCROLL_ROW, {})
    for k in range(last + 1):
        if k in scroll:
            offset = scroll[k][:2]
        out.append(offset)
    return out


def on_screen(x, y, angle, w, h, offset):
    """Whether the bounding box of a bubble turned by `angle` meets the screen at `offset`."""
    c, s = abs(math.cos(angle)), abs(math.sin(angle))
    hw, hh = (w * c + h * s) / 2, (w * s + h * c) / 2
    sx, sy = x - offset[0], y - offset[1]
    return -hw <= sx <= SCREEN_PT[0] + hw and -hh <= sy <= SCREEN_PT[1] + hh


class ListSkin(NotebookPageCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ids = cls.shown_and_ready(EXPERIMENTS)

    def test_a_the_window_drawn_is_feel_runs(self):
        self.assertEqual(self.ids, EXPERIMENTS)
        for experiment in self.ids:
            self.assertEqual(self.api("skin", experiment), "list")
            self.api("reset", experiment)
            selection = self.api("selection", experiment)
            scene = point_scene(ROOT / "experiments" / f"{experiment}.toml", selection)
            rows, _ = feel_run_rows(toml_text(scene))
            ids = [item["id"] for item in scene["item"]]
            sizes = [item["size"] for item in scene["item"]]
            last = max(rows[ids[0]])
            offsets = offsets_by_frame(rows, last)
            self.assertGreater(abs(offsets[-1][1]), 100, f"{experiment}: the list scrolls")
            moved = [k for k in range(1, last + 1) if offsets[k] != offsets[k - 1]]
            frames = [0, moved[0], moved[len(moved) // 2], moved[-1], last]
            for frame in frames:
                drawn = self.api("drawn", experiment, frame)
                with self.subTest(experiment=experiment, frame=frame):
                    self.assertEqual(drawn["frame"], frame)
                    want = offsets[frame]
                    self.assertLessEqual(abs(drawn["offset"][0] - want[0]), POSITION_TOLERANCE_PT)
                    self.assertLessEqual(abs(drawn["offset"][1] - want[1]), POSITION_TOLERANCE_PT)
                    expected = [n for n, i in enumerate(ids)
                                if on_screen(*rows[i][min(frame, max(rows[i]))], *sizes[n], want)]
                    self.assertEqual([v["index"] for v in drawn["visible"]], expected)
                    self.assertLess(len(expected), len(ids), "the window holds some of the bubbles")
                    for v in drawn["visible"]:
                        x, y, _ = rows[ids[v["index"]]][min(frame, max(rows[ids[v["index"]]]))]
                        self.assertLessEqual(abs(v["x"] - (x - want[0])), 2 * POSITION_TOLERANCE_PT)
                        self.assertLessEqual(abs(v["y"] - (y - want[1])), 2 * POSITION_TOLERANCE_PT)
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    def test_b_the_canvas_shows_the_window(self):
        experiment = EXPERIMENTS[0]
        self.api("reset", experiment)
        canvas = self.driver.find_element(
            "css selector", f'.explorer[data-experiment="{experiment}"] canvas.control-canvas')
        frame = 60  # 1 s: the flick has lifted and the list decelerates
        drawn = self.api("drawn", experiment, frame)
        a, b, c, d, e, f = self.api("glyphsDrawn", experiment, 0)["transform"]

        def pixel(x, y):
            return self.driver.execute_script(READ_PIXEL_JS, canvas, a * x + c * y + e, b * x + d * y + f)
        # a bubble drawn wholly inside the screen: its centre is the bubble's fill (a left one
        # light grey, a right one blue), not the screen's white
        inside = [v for v in drawn["visible"] if 60 < v["y"] < SCREEN_PT[1] - 60]
        self.assertGreater(len(inside), 5)
        for v in inside:
            r, g, b_, _ = pixel(v["x"], v["y"])
            with self.subTest(bubble=v["index"]):
                self.assertNotEqual((r, g, b_), (255, 255, 255), v)
                if v["x"] > SCREEN_PT[0] / 2:
                    self.assertGreater(b_, r + 100, (v, r, g, b_))
        # below the screen the content goes on (the list is 2,496 pt tall) but nothing is drawn
        below = [pixel(x, SCREEN_PT[1] + 6) for x in (100, 190, 280)]
        self.assertEqual(len({tuple(p) for p in below}), 1, below)


if __name__ == "__main__":
    unittest.main()
