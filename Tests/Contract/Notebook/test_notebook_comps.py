"""Comps whose constants the experiment does not sweep (issue 35), in headless Chromium: the
bottom sheet of Tests/Controls/bottom-sheet sweeps its detent damping and its stop, not the
projection rate its drag-ended rule picks the detent with. Its built-in comp "Short throw"
(projection 0.9: the flick stays at the middle detent) shows the exact motion `feel notebook`
computed, the same as `feel run --set rule.2.projection=0.9` of the point's scene; away from the
first selection, where no motion is stored for it, the panel says which constant is missing.
The drawn target is the detent the release picked, not the file's snap point.

Environment: as test_notebook.py (FEEL, CHROMIUM, CHROMEDRIVER).
"""

import csv
import io
import subprocess
import unittest

from test_notebook import FEEL, POSITION_TOLERANCE_PT, ROOT, severe
from test_notebook_designer import ExperimentNotebook

FOLDER = ROOT / "Tests/Controls/bottom-sheet"
EXPERIMENT = FOLDER / "bottom-sheet-stop.toml"
SCENE = FOLDER / "scenes/bottom-sheet.toml"


def feel_run(*args):
    """The sheet's rows of `feel run SCENE ARGS`: {frame: (x, y)}, and the events' lines."""
    run = subprocess.run([str(FEEL), "run", str(SCENE), "--events", *args], capture_output=True,
                         text=True, check=True)
    rows = {}
    for row in csv.DictReader(io.StringIO(run.stdout)):
        if row["item"] == "sheet":
            rows[int(row["frame"])] = (float(row["x_pt"]), float(row["y_pt"]))
    return rows, run.stderr.split("\n")


class CompsNotSwept(ExperimentNotebook):
    EXPERIMENT = EXPERIMENT
    WINDOW = (1200, 1400)

    def setUp(self):
        self.api("reset", self.id)

    def test_a_comp_not_swept_shows_feel_run_set(self):
        # the first selection is the base scene's values: damping 0.3, stop at 100
        self.assertEqual(self.api("selection", self.id), {"damping": "0.3", "stop_y": "100"})
        self.api("addPanel", self.id, ["Short throw"])
        panel = self.api("panels", self.id)[1]
        self.assertIsNotNone(panel["exact"], panel)
        self.assertEqual(panel["constants"]["projection"], 0.9)
        self.assertIn("exact motion", " ".join(panel["notes"]))
        rows, events = feel_run("--set", "rule.2.projection=0.9")
        base, _ = feel_run()
        self.assertTrue(any("point 187.5 720" in e for e in events), "0.9 keeps the middle detent")
        self.assertGreater(abs(rows[60][1] - base[60][1]), 100, "the comp's motion is another")
        for frame in (0, 12, 13, 20, 40, 80, 140):
            items = self.api("itemsAt", self.id, panel["exact"], frame)
            want = rows[min(frame, max(rows))]
            with self.subTest(frame=frame):
                self.assertLessEqual(abs(items[0]["x"] - want[0]), POSITION_TOLERANCE_PT)
                self.assertLessEqual(abs(items[0]["y"] - want[1]), POSITION_TOLERANCE_PT)
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    def test_elsewhere_the_panel_names_the_missing_constant(self):
        self.api("select", self.id, {"damping": "0.5", "stop_y": "100"})
        self.api("addPanel", self.id, ["Short throw"])
        panel = self.api("panels", self.id)[1]
        self.assertIsNone(panel["exact"])
        notes = " ".join(panel["notes"])
        self.assertIn("projection rate 0.9 is missing here", notes)
        self.assertIn("feel run --set rule.2.projection=0.9", notes)

    def test_the_target_drawn_is_the_picked_detent(self):
        # the point data the stage draws from (tx, ty: the target; the candidates; the file's point)
        data = self.driver.execute_script(
            "var d = window.FEEL_NOTEBOOK_DATA[arguments[0]].points;"
            "return {ty: d.ty, candidates: d.candidates, unpicked: d.unpicked};", self.id)
        _, events = feel_run()
        picked = [e for e in events if "drag-ended" in e and "snap detent-snap point" in e]
        y = float(picked[0].split("snap detent-snap point ")[1].split()[1])
        ty = data["ty"]["all"] if isinstance(data["ty"], dict) else data["ty"][0]
        self.assertEqual(ty, y)
        self.assertNotEqual(ty, 720, "not the file's snap point")
        unpicked = data["unpicked"]["all"] if isinstance(data["unpicked"], dict) else data["unpicked"][0]
        self.assertEqual(unpicked, [187.5, 720])


if __name__ == "__main__":
    unittest.main()
