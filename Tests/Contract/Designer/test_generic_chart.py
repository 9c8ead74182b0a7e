"""A chart for every experiment (issue 26.1): an experiment with no plots/NAME.gp of its own
gets plots/generic.gp's chart from `make generic-charts` (the rule `make plots` runs), which
names the script that drew it; one with its own script is left to it. And the two messages
of issue 26.6: a scene file given to `feel sweep`, `axis = "xy"`."""

import re
import shutil
import tempfile
import unittest
from pathlib import Path

from designer_support import FEEL, ROOT, run

# A new experiment of the tile's scene, as a designer would add it: no [[chart]], two axes, so
# the notebook's default choice (the first two metrics over the two axes) is drawn.
NEW_EXPERIMENT = """title = "Tile: snap damping × corner (a new experiment)"
scene = "{scene}"
metrics = ["settle_time_s", "deviation_pt", "excursion_pt"]

[[axis]]
name = "damping"
path = "behavior.corner-snap.damping"
values = [0.3, 0.5, 0.7]

[[axis]]
name = "flick_s"
path = "touch.finger.drag.duration"
values = [0.15, 0.25]
"""


class GenericChartTest(unittest.TestCase):
    def test_an_experiment_without_a_script_gets_the_generic_chart(self):
        with tempfile.TemporaryDirectory() as folder:
            folder = Path(folder)
            (folder / "experiments").mkdir()
            new = folder / "experiments/tile-corner-new.toml"
            new.write_text(NEW_EXPERIMENT.format(scene=ROOT / "experiments/scenes/pip-flick.toml"))
            own = ROOT / "experiments/pip-damping-flick.toml"
            out = folder / "out"
            (out / "data").mkdir(parents=True)
            run([str(FEEL), "sweep", str(new), "-o", str(out / "data/tile-corner-new.csv"),
                 "--quiet"])
            _, stdout, _ = run([
                "make", "--no-print-directory", "-o", "release", "generic-charts",
                f"RELEASE={FEEL}", f"OUT={out}", f"EXPERIMENTS={new} {own}"])
            self.assertEqual(
                stdout.strip().splitlines(),
                [f"gnuplot: plots/generic.gp ({out}/data/tile-corner-new.chart.gp) -> "
                 f"{out}/plots/tile-corner-new.png, .svg"],
                "one line naming the generic script, none for the experiment with its own")
            png = (out / "plots/tile-corner-new.png").read_bytes()
            self.assertEqual(png[:8], b"\x89PNG\r\n\x1a\n")
            svg = (out / "plots/tile-corner-new.svg").read_text()
            self.assertIn("Tile: snap damping", svg)
            # Both default charts, side by side, with the metrics' labels and units.
            self.assertIn("settle time (s)", svg)
            self.assertIn("sideways swing (pt)", svg)
            self.assertFalse((out / "plots/pip-damping-flick.png").exists())
            spec = (out / "data/tile-corner-new.chart.gp").read_text()
            self.assertIn("charts = 2\n", spec)
            self.assertIn("metric1 = 'settle_time_s'\n", spec)
            self.assertIn("x1 = 'damping'\ny1 = 'flick_s'\n", spec)
            # The spec holds values only: every line a comment or NAME = VALUE.
            for line in spec.splitlines():
                self.assertRegex(line, r"^(#.*|[a-z]+[0-9]* = ('([^']|'')*'|-?[0-9.e+-]+|NaN))$")

    def test_the_generic_script_is_not_an_experiment_chart(self):
        _, listing, _ = run(["make", "-n", "-o", "release", "-o", "gnuplot", "plots"])
        # Two drawing loops: the experiments' own scripts, then generic-charts'.
        draws = [line for line in listing.splitlines() if "gnuplot -e" in line]
        self.assertEqual(len(draws), 2, listing)
        own, generic = draws
        self.assertIn(" pip-damping-flick ", own)
        self.assertIn("gp=plots/$n.gp;", own)
        self.assertNotIn("generic", own)
        self.assertIn("gp=plots/generic.gp;", generic)
        self.assertNotIn("pip-damping-flick", generic)


class MessagesTest(unittest.TestCase):
    def test_a_scene_file_given_to_feel_sweep(self):
        status, out, err = run(
            [str(FEEL), "sweep", "experiments/scenes/pip-flick.toml", "-o", "-"], check=False)
        self.assertEqual(status, 2)
        self.assertEqual(out, "")
        self.assertIn("experiments/scenes/pip-flick.toml:15: key 'profile'", err)
        self.assertIn("this is a scene file, not an experiment", err)
        self.assertNotIn("unknown key", err)

    def test_xy_suggests_both(self):
        text = (ROOT / "experiments/scenes/pip-flick.toml").read_text()
        edited = text.replace('mode = "follow"', 'mode = "follow"\naxis = "xy"', 1)
        self.assertNotEqual(edited, text)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "tile.toml"
            path.write_text(edited)
            status, _, err = run([str(FEEL), "run", str(path)], check=False)
        self.assertEqual(status, 2)
        self.assertIn("got \"xy\"; did you mean 'both'?", err)


if __name__ == "__main__":
    unittest.main()
