"""Each glyph rendered by headless Chromium two ways, compared pixel by pixel.

Reference: the glyph's SVG file as an image (what an <img> shows), its root width and height
set to the box so that the browser maps the view box itself (xMidYMid meet), drawn onto a
canvas. Candidate: the canvas data of `feel svg --to canvas` drawn by glyph.js
(Sources/FeelNotebook/Resources/js/glyph.js) into the same box, once fitted by glyph.js and once
by `--fit W,H`. Both on transparent canvases; pixels compared premultiplied (colour × alpha).

Where they may differ: anti-aliased edges only. An edge pixel is one whose 3 × 3 neighbourhood
is not flat in either rendering (its alpha is partial, or a neighbour's premultiplied level
differs from its own by more than INTERIOR_LEVELS: a boundary between the shape and the
background, or between a fill and a stroke). Thresholds, in 8-bit levels (0-255):
- elsewhere, INTERIOR_LEVELS = 2 (rounding): measured 0 for every glyph;
- on edge pixels, EDGE_LEVELS = 96, about 3/8 of a pixel's coverage: Skia flattens curves to
  about 1/4 px in device space, and the <img> (transform applied while rasterising) and the
  canvas (control points already transformed) subdivide the same curve differently, so a
  boundary pixel's coverage differs by up to 87 levels measured (0 for straight edges); a
  shape misplaced by half a pixel differs by ~128;
- the total coverage (sum of alpha, in pixels) apart by at most MEAN_OFFSET_PX = 0.02 px per
  edge pixel (the outlines' mean distance).

Saves out/svg/render.png (both renderings side by side) for a person to look at.
Environment: FEEL (default .build/debug/feel), CHROMIUM, CHROMEDRIVER (as the notebook test).
"""

import base64
import json
import os
import re
import subprocess
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Notebook"))
from test_notebook import start_browser  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
FEEL = Path(os.environ.get("FEEL", ROOT / ".build/debug/feel"))
GLYPHS = sorted((ROOT / "experiments/glyphs").glob("*.svg"))
GLYPH_JS = ROOT / "Sources/FeelNotebook/Resources/js/glyph.js"
OUT = ROOT / "out/svg"

EDGE_LEVELS = 96
INTERIOR_LEVELS = 2
# The total coverage difference (sum of alpha, in pixels) per edge pixel: how far the outlines
# are apart on average. A missing hole or a wrong fill rule changes it by far more (the dial's
# 3 pt hub hole alone: 0.16 px).
MEAN_OFFSET_PX = 0.02
# Boxes (px): square, tall and odd, wide.
BOXES = [(96, 96), (61, 137), (150, 70)]

# What both pixel comparisons (this one and Tests/Contract/Notebook/test_notebook_glyphs.py) call an
# edge: JavaScript pasted into their scripts, where w, h and FLAT are defined. `level` is a
# pixel's channel premultiplied by its alpha (0-255); a pixel is on an edge when it is partly
# transparent or a neighbour differs from it by more than FLAT levels in some channel.
PIXEL_HELPERS_JS = """
  function level(p, i, c) { return c === 3 ? p[i + 3] : p[i + c] * p[i + 3] / 255; }
  function isEdge(p, x, y) {
    var own = 4 * (y * w + x);
    if (p[own + 3] > 0 && p[own + 3] < 255) return true;
    for (var dy = -1; dy <= 1; dy++) for (var dx = -1; dx <= 1; dx++) {
      var xx = x + dx, yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
      var j = 4 * (yy * w + xx);
      for (var c = 0; c < 4; c++) if (Math.abs(level(p, j, c) - level(p, own, c)) > FLAT) return true;
    }
    return false;
  }
"""

COMPARE_JS = """
var ref = arguments[0], data = arguments[1], fitted = arguments[2], w = arguments[3], h = arguments[4];
var done = arguments[arguments.length - 1];
var FLAT = arguments[5];
function canvas() {
  var c = document.createElement("canvas"); c.width = w; c.height = h; document.body.appendChild(c); return c;
}
var a = canvas(), b = canvas();
var img = new Image();
img.onload = function () {
  a.getContext("2d").drawImage(img, 0, 0, w, h);
  var d = JSON.parse(data);
  FeelLab.glyph.draw(b.getContext("2d"), d, 0, 0, w, h);
  var pa = a.getContext("2d").getImageData(0, 0, w, h).data;
  var pb = b.getContext("2d").getImageData(0, 0, w, h).data;
  var edgeMax = 0, interiorMax = 0, edges = 0, covered = 0, worst = null, alphaA = 0, alphaB = 0;
""" + PIXEL_HELPERS_JS + """  for (var y = 0; y < h; y++) for (var x = 0; x < w; x++) {
    var i = 4 * (y * w + x), diff = 0;
    for (var c = 0; c < 3; c++) diff = Math.max(diff, Math.abs(pa[i + c] * pa[i + 3] - pb[i + c] * pb[i + 3]) / 255);
    diff = Math.max(diff, Math.abs(pa[i + 3] - pb[i + 3]));
    if (pa[i + 3] > 0) covered++;
    alphaA += pa[i + 3];
    alphaB += pb[i + 3];
    if (isEdge(pa, x, y) || isEdge(pb, x, y)) {
      edges++;
      edgeMax = Math.max(edgeMax, diff);
    } else if (diff > interiorMax) {
      interiorMax = diff;
      worst = [x, y, pa[i], pa[i + 1], pa[i + 2], pa[i + 3], pb[i], pb[i + 1], pb[i + 2], pb[i + 3]];
    }
  }
  done({ edgeMax: edgeMax, interiorMax: interiorMax, edges: edges, covered: covered, worst: worst, alphaA: alphaA, alphaB: alphaB });
};
img.onerror = function () { done({ error: "the SVG did not load as an image" }); };
img.src = ref;
"""


def feel_canvas(glyph, *arguments):
    result = subprocess.run(
        [str(FEEL), "svg", str(glyph), "--to", "canvas", *arguments], capture_output=True, text=True
    )
    if result.returncode != 0 or result.stderr:
        raise AssertionError(result.stderr)
    return result.stdout


def sized(svg_text, width, height):
    """The SVG with its root width and height set to the box."""
    def root(match):
        tag = re.sub(r'\s(width|height)="[^"]*"', "", match.group(0))
        return tag[:-1] + f' width="{width}" height="{height}">'

    return re.sub(r"<svg\b[^>]*>", root, svg_text, count=1)


class GlyphRendering(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.driver = start_browser(1200, 900)
        cls.driver.get("data:text/html,<html><body style='background:%23333'></body></html>")
        cls.driver.execute_script(GLYPH_JS.read_text())

    @classmethod
    def tearDownClass(cls):
        OUT.mkdir(parents=True, exist_ok=True)
        cls.driver.save_screenshot(str(OUT / "render.png"))
        cls.driver.quit()

    def test_every_glyph_image_equals_canvas(self):
        self.assertEqual(len(GLYPHS), 7)
        report = []
        for glyph in GLYPHS:
            plain = feel_canvas(glyph)
            for width, height in BOXES:
                svg = sized(glyph.read_text(), width, height)
                url = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
                for how, data in (("glyph.js fit", plain), ("--fit", feel_canvas(glyph, "--fit", f"{width},{height}"))):
                    result = self.driver.execute_async_script(COMPARE_JS, url, data, how, width, height, INTERIOR_LEVELS)
                    what = f"{glyph.name} {width}×{height} ({how})"
                    self.assertNotIn("error", result, what)
                    self.assertGreater(result["covered"], 0, f"{what}: nothing drawn")
                    self.assertLessEqual(result["interiorMax"], INTERIOR_LEVELS, f"{what}: {result}")
                    self.assertLessEqual(result["edgeMax"], EDGE_LEVELS, f"{what}: {result}")
                    coverage = abs(result["alphaA"] - result["alphaB"]) / 255 / result["edges"]
                    self.assertLessEqual(coverage, MEAN_OFFSET_PX, f"{what}: {result}")
                    report.append((what, result["edgeMax"], result["interiorMax"], coverage))
        worst_edge = max(r[1] for r in report)
        worst_interior = max(r[2] for r in report)
        worst_coverage = max(r[3] for r in report)
        print(
            f"\n  {len(report)} renderings: worst edge difference {worst_edge:.0f} levels, "
            f"worst elsewhere {worst_interior:.0f} levels, coverage apart by at most "
            f"{worst_coverage:.4f} px per edge pixel",
            end="",
        )


if __name__ == "__main__":
    unittest.main()
