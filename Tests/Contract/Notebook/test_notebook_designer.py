"""The notebook for a designer's 2-D control (issue 26.4), in headless Chromium: the
picture-in-picture tile (experiments/pip-damping-flick.toml) with both coordinates in the
readout against `feel run`, y(t) beside x(t), the generic skin scaled to fit its panel,
metrics by label and unit, line labels kept apart; and, on the hanging card of Tests/Controls
(a control with comps), the compare-comp fix and the saved comps as control-file TOML.

Environment: as test_notebook.py (FEEL, CHROMIUM, CHROMEDRIVER). Each class writes its own
notebook with `feel notebook` into a temporary folder.
"""

import csv
import io
import json
import re
import subprocess
import tempfile
import tomllib
import unittest
from pathlib import Path

from selenium.webdriver.common.by import By

from test_notebook import FEEL, ROOT, severe, start_browser, wait_ready

# The generic skin's tallest canvas (skin-generic.js, maxHeight), in CSS pixels.
GENERIC_MAX_HEIGHT = 480


def build(experiment, folder):
    out = Path(folder) / "notebook"
    run = subprocess.run([str(FEEL), "notebook", str(experiment), "--output", str(out), "--quiet"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise AssertionError(run.stderr)
    return out / "index.html"


class ExperimentNotebook(unittest.TestCase):
    """A notebook of one experiment (EXPERIMENT), built into a temporary folder and opened in a
    headless browser window of WINDOW (width, height) px; `api` calls the page's feelNotebook."""

    EXPERIMENT: Path
    WINDOW = (1280, 1000)

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        index = build(cls.EXPERIMENT, cls.folder.name)
        cls.driver = start_browser(*cls.WINDOW)
        cls.driver.get(index.as_uri())
        cls.id = cls.driver.execute_script("return feelNotebook.experiments()[0]")
        wait_ready(cls.driver, cls.id)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.folder.cleanup()

    def api(self, name, *args):
        return self.driver.execute_script(f"return feelNotebook.{name}.apply(null, arguments)", *args)

    def root(self):
        return self.driver.find_element(By.CSS_SELECTOR, f'.explorer[data-experiment="{self.id}"]')


class TileNotebook(ExperimentNotebook):
    EXPERIMENT = ROOT / "experiments/pip-damping-flick.toml"
    SCENE = ROOT / "experiments/scenes/pip-flick.toml"

    def test_both_coordinates_in_the_readout_as_feel_run_moves_the_tile(self):
        # The first selection is the base scene's values (damping 0.5, a 0.25 s flick): the
        # scene file itself, run here.
        self.assertEqual(self.api("selection", self.id), {"damping": "0.5", "flick_s": "0.25"})
        rows = list(csv.DictReader(io.StringIO(subprocess.run(
            [str(FEEL), "run", str(self.SCENE)], check=True, capture_output=True, text=True).stdout)))
        status = self.root().find_element(By.CSS_SELECTOR, '.panel[data-panel="0"] .panel-status')
        for frame in [0, 20, 40, 70]:
            self.api("showFrame", self.id, frame)
            row = [r for r in rows if int(r["frame"]) == frame and r["item"] == "tile"][0]
            found = re.match(r"^x = (-?[0-9.]+) pt, y = (-?[0-9.]+) pt · ", status.text)
            self.assertIsNotNone(found, status.text)
            self.assertAlmostEqual(float(found.group(1)), float(row["x_pt"]), delta=0.0051)
            self.assertAlmostEqual(float(found.group(2)), float(row["y_pt"]), delta=0.0051)

    def test_y_of_t_beside_x_of_t(self):
        curves = self.root().find_elements(By.CSS_SELECTOR, ".curves canvas.curve")
        self.assertEqual(len(curves), 2)
        x, y = curves
        self.assertTrue(y.is_displayed())
        self.assertEqual(y.get_attribute("aria-label")[:4], "y(t)")
        self.assertEqual(x.rect["y"], y.rect["y"], "side by side")
        self.assertLess(x.rect["x"] + x.rect["width"], y.rect["x"] + 1)

    def test_the_generic_skin_fits_its_panel(self):
        canvas = self.root().find_element(By.CSS_SELECTOR, '.panel[data-panel="0"] canvas.control-canvas')
        wrap = self.root().find_element(By.CSS_SELECTOR, '.panel[data-panel="0"] .canvas-wrap')
        height, width = canvas.rect["height"], canvas.rect["width"]
        self.assertLessEqual(height, GENERIC_MAX_HEIGHT)
        self.assertLessEqual(width, wrap.rect["width"] + 0.5)
        # The whole 390 × 844 pt screen is drawn, at one scale on both axes: taller than wide.
        self.assertGreater(height / width, 844 / (390 + 2 * 0.04 * 390 + 60))
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    def test_metrics_by_label_and_unit(self):
        heads = [th.text for th in self.root().find_elements(By.CSS_SELECTOR, "table.metrics th[scope=row]")]
        self.assertIn("settle time (s)", heads)
        self.assertIn("sideways swing (pt)", heads)
        for column in ["deviation_pt", "excursion_pt", "settle_time_s", "release_velocity_pt_s"]:
            self.assertNotIn(column, heads)

    def test_targets_for_every_flick_as_feel_solve_for_all(self):
        spec = {"where": [{"metric": "deviation_pt", "op": "<=", "bound": 20}],
                "objective": {"metric": "settle_time_s", "direction": "minimize"},
                "fixed": {}, "forAll": ["flick_s"]}
        result = self.api("setTargets", self.id, spec)
        answer = json.loads(subprocess.run(
            [str(FEEL), "solve", str(self.EXPERIMENT), "--where", "deviation_pt <= 20",
             "--minimize", "settle_time_s", "--for-all", "flick_s", "--json", "--quiet"],
            check=True, capture_output=True, text=True).stdout)
        self.assertEqual(result["points"], answer["grid_points"])
        self.assertEqual(result["feasible"], answer["feasible_points"])
        self.assertEqual(float(result["best"]["damping"]), answer["best"]["axes"]["damping"])
        self.assertEqual(self.api("targets", self.id)["forAll"], ["flick_s"])
        hold = self.root().find_element(By.CSS_SELECTOR, 'select.target-hold[data-axis="flick_s"]')
        self.assertEqual(hold.get_property("value"), "all")
        self.assertIn("at every value of flick_s", self.root().find_element(
            By.CSS_SELECTOR, ".target-result").text)
        self.api("setTargets", self.id, {"where": [], "objective": None, "fixed": {}})

    def test_line_labels_kept_apart(self):
        spread = self.driver.execute_script(
            "var labels = [10, 10.5, 11, 11.2, 40].map(function (y, i) { return {text: String(i), y: y}; });"
            "FeelLab.GridChart.spreadLabels(labels, 12, 0, 200); return labels.map(function (l) { return l.y; });")
        self.assertEqual(len(spread), 5)
        gaps = [b - a for a, b in zip(spread, spread[1:])]
        self.assertTrue(all(g >= 12 - 1e-9 for g in gaps), spread)
        self.assertEqual(spread[0], 10, "the first stays at its line's end")


class CompareComps(ExperimentNotebook):
    """The hanging card of Tests/Controls: a control with two comps, drawn by the generic skin."""

    EXPERIMENT = ROOT / "Tests/Controls/experiments/hanging-card-spring.toml"

    WINDOW = (1200, 1400)

    def menu(self, panel):
        return [o.get_attribute("value") for o in self.root().find_elements(
            By.CSS_SELECTOR, f'.panel[data-panel="{panel}"] select.stack-add option')]

    def test_compare_asks_which_comp_and_never_stacks_one_twice(self):
        self.api("reset", self.id)
        self.root().find_element(By.CSS_SELECTOR, "button.add-panel").click()
        panels = self.api("panels", self.id)
        self.assertEqual(len(panels), 2)
        self.assertEqual(panels[1]["stack"], [], "no comp stacked without asking")
        self.assertEqual(self.menu(1), ["", "Soft card", "Stiff card"])
        self.root().find_element(
            By.CSS_SELECTOR, '.panel[data-panel="1"] select.stack-add option[value="Stiff card"]').click()
        self.assertEqual(self.api("panels", self.id)[1]["stack"], ["Stiff card"])
        # the comp already in the stack is no longer offered
        self.assertEqual(self.menu(1), ["", "Soft card"])
        # a stack twice: the same comp in one stack, the same stack in a second panel
        self.api("setStack", self.id, 1, ["Stiff card", "Stiff card"])
        self.assertEqual(self.api("panels", self.id)[1]["stack"], ["Stiff card"])
        self.api("addPanel", self.id, ["Stiff card"])
        self.assertEqual(len(self.api("panels", self.id)), 2)
        self.api("addPanel", self.id, ["Soft card"])
        self.assertEqual([p["stack"] for p in self.api("panels", self.id)], [[], ["Stiff card"], ["Soft card"]])
        self.api("reset", self.id)

    def test_saved_comps_as_control_file_toml(self):
        self.api("saveComp", "Heavy \"test\" card", {"frequency": 3, "damping": 0.6}, "hanging-card")
        try:
            self.root().find_element(By.CSS_SELECTOR, "button.comps-toml-show").click()
            box = self.root().find_element(By.CSS_SELECTOR, "textarea.comps-toml")
            self.assertTrue(box.is_displayed())
            parsed = tomllib.loads(box.get_property("value"))
            self.assertEqual(parsed["comp"], [{
                "name": "Heavy \"test\" card", "note": "", "values": {"frequency": 3, "damping": 0.6},
            }])
        finally:
            self.api("deleteComp", "Heavy \"test\" card", "hanging-card")


if __name__ == "__main__":
    unittest.main()
