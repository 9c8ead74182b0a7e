"""The controls' glyphs in the notebook (docs/svg.md, "The glyphs"), in headless Chromium.

The Castro skin draws its buttons and grab handles from the control file's [skin.glyphs]: the
SVG files of experiments/glyphs/, converted by `feel notebook` with FeelSVG to canvas data and
drawn by glyph.js. Here the replay canvas itself is read back and compared, glyph by glyph,
with Chromium's own rendering of the SVG file (an <img> of the file, its root width and height
set to the box, as Tests/Contract/SVG/test_render.py renders them), composited over the bar's own
background at the very pixel box where the skin says it drew the glyph. Nothing expected comes
from FeelSVG: the reference is the browser's SVG renderer.

Thresholds are test_render.py's, in 8-bit levels: INTERIOR_LEVELS away from anti-aliased edges
(measured 0), EDGE_LEVELS on edge pixels (3 × 3 neighbourhood not flat in either rendering: Skia
flattens the transformed and the untransformed curves differently), and the coverage apart by at
most MEAN_OFFSET_PX per edge pixel. The same comparison against the wrong glyph (pause where play
is drawn) must fail, so the check cannot pass vacuously.

Environment: NOTEBOOK (default out/notebook), CHROMIUM, CHROMEDRIVER (as test_notebook.py).
"""

import base64
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "SVG"))
from test_notebook import (ROOT, NotebookPageCase, severe, wait_ready)  # noqa: E402
from test_render import EDGE_LEVELS, INTERIOR_LEVELS, MEAN_OFFSET_PX, PIXEL_HELPERS_JS, sized  # noqa: E402

# The glyph each role of Castro's [skin.glyphs] must be drawn from (docs/controls.md).
CASTRO_GLYPHS = {
    "rewind": "rewind.svg", "play": "play.svg", "pause": "pause.svg", "forward": "forward.svg",
    "grab": "grab-handle.svg",
}

# Reads the panel's pixels around a drawn glyph's box and the reference: each row's background
# (the panel's pixel one column left of the box: the bar, uniform along a row) with the SVG file
# drawn over it as an image at the same pixel box. Then test_render.py's comparison.
COMPARE_JS = """
var canvas = arguments[0], box = arguments[1], url = arguments[2], FLAT = arguments[3];
var done = arguments[arguments.length - 1];
var x0 = Math.floor(box.x) - 1, y0 = Math.floor(box.y) - 1;
var w = Math.ceil(box.x + box.w) + 1 - x0, h = Math.ceil(box.y + box.h) + 1 - y0;
var pa = canvas.getContext("2d").getImageData(x0, y0, w, h).data;
var ref = document.createElement("canvas");
ref.width = w; ref.height = h;
var rc = ref.getContext("2d");
var rows = canvas.getContext("2d").getImageData(x0 - 1, y0, 1, h).data;
for (var y = 0; y < h; y++) {
  rc.fillStyle = "rgba(" + rows[4 * y] + "," + rows[4 * y + 1] + "," + rows[4 * y + 2] + "," + rows[4 * y + 3] / 255 + ")";
  rc.fillRect(0, y, w, 1);
}
var img = new Image();
img.onload = function () {
  rc.drawImage(img, box.x - x0, box.y - y0, box.w, box.h);
  var pb = rc.getImageData(0, 0, w, h).data;
""" + PIXEL_HELPERS_JS + """  var edgeMax = 0, interiorMax = 0, edges = 0, lumA = 0, lumB = 0, lit = 0;
  for (var y = 0; y < h; y++) for (var x = 0; x < w; x++) {
    var i = 4 * (y * w + x), diff = 0;
    for (var c = 0; c < 4; c++) diff = Math.max(diff, Math.abs(level(pa, i, c) - level(pb, i, c)));
    lumA += level(pa, i, 0); lumB += level(pb, i, 0);
    if (level(pb, i, 0) > 128) lit++;
    if (isEdge(pa, x, y) || isEdge(pb, x, y)) { edges++; edgeMax = Math.max(edgeMax, diff); }
    else interiorMax = Math.max(interiorMax, diff);
  }
  done({ edgeMax: edgeMax, interiorMax: interiorMax, edges: edges, lumA: lumA, lumB: lumB, lit: lit, w: w, h: h });
};
img.onerror = function () { done({ error: "the SVG did not load as an image" }); };
img.src = url;
"""


def svg_url(name, width, height):
    text = sized((ROOT / "experiments/glyphs" / name).read_text(), width, height)
    return "data:image/svg+xml;base64," + base64.b64encode(text.encode()).decode()


class CastroGlyphs(NotebookPageCase):
    """The Castro replay canvas draws its buttons and handles from experiments/glyphs/."""

    WINDOW = (1200, 1000)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        ids = cls.driver.execute_script("return feelNotebook.experiments()")
        for i in ids:
            wait_ready(cls.driver, i)
        castro = [i for i in ids if cls.driver.execute_script("return feelNotebook.control(arguments[0])", i) == "castro"]
        if not castro:
            raise AssertionError("no experiment of the notebook tunes the castro control")
        # a release: no finger over the bar, which comes to rest at home, on the screen
        release = [i for i in castro if "release" in i]
        cls.id = (release or castro)[0]


    def drawn_at_rest(self):
        """Shows the base point's last frame (the bar at rest); the glyphs drawn and the transform."""
        self.api("reset", self.id)
        self.api("showFrame", self.id, 100000)
        return self.api("glyphsDrawn", self.id)

    def pixel_box(self, glyph, transform):
        a, b, c, d, e, f = transform
        self.assertEqual((b, c), (0, 0))
        self.assertEqual(glyph["angle"], 0, "the Castro bar does not rotate")
        x, y = glyph["cx"] + glyph["x"], glyph["cy"] + glyph["y"]
        return {"x": a * x + e, "y": d * y + f, "w": a * glyph["w"], "h": d * glyph["h"]}

    def compare(self, box, svg_name):
        canvas = self.driver.find_element(
            "css selector", f'.explorer[data-experiment="{self.id}"] canvas.control-canvas')
        url = svg_url(svg_name, round(box["w"]), round(box["h"]))
        result = self.driver.execute_async_script(COMPARE_JS, canvas, box, url, INTERIOR_LEVELS)
        self.assertNotIn("error", result)
        return result

    def assert_matches(self, result, what):
        self.assertGreater(result["lit"], 0, f"{what}: the reference draws nothing")
        self.assertLessEqual(result["interiorMax"], INTERIOR_LEVELS, f"{what}: {result}")
        self.assertLessEqual(result["edgeMax"], EDGE_LEVELS, f"{what}: {result}")
        offset = abs(result["lumA"] - result["lumB"]) / 255 / max(1, result["edges"])
        self.assertLessEqual(offset, MEAN_OFFSET_PX, f"{what}: {result}")
        return offset

    def test_the_control_names_the_glyph_files(self):
        control = self.driver.execute_script("return FEEL_NOTEBOOK.controls.castro")
        self.assertEqual(sorted(control["glyphs"]), sorted(CASTRO_GLYPHS))
        for role, text in control["glyphs"].items():
            self.assertTrue(text.startswith("[1,["), role)

    def test_replay_canvas_shows_each_glyph_as_chromium_renders_its_file(self):
        drawn = self.drawn_at_rest()
        roles = [g["role"] for g in drawn["glyphs"]]
        # paused episode (the control file's playing = false): the middle button is play
        self.assertEqual(roles, ["rewind", "play", "forward", "grab", "grab"])
        report = []
        for glyph in drawn["glyphs"]:
            box = self.pixel_box(glyph, drawn["transform"])
            result = self.compare(box, CASTRO_GLYPHS[glyph["role"]])
            offset = self.assert_matches(result, glyph["role"])
            report.append((glyph["role"], result["edgeMax"], result["interiorMax"], offset))
        print("\n  " + "; ".join(f"{r}: edge {e:.0f}, elsewhere {i:.0f} levels, {o:.4f} px" for r, e, i, o in report),
              file=sys.stderr, end="")
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    def test_the_play_glyph_is_not_the_pause_glyph(self):
        # The comparison can fail: where play is drawn, pause's rendering is far off.
        drawn = self.drawn_at_rest()
        play = next(g for g in drawn["glyphs"] if g["role"] == "play")
        result = self.compare(self.pixel_box(play, drawn["transform"]), "pause.svg")
        self.assertGreater(result["interiorMax"], 128, result)


if __name__ == "__main__":
    unittest.main()
