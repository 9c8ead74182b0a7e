"""The notebook's clickable charts and targets panel in headless Chromium (see test_notebook.py).

Expected values never come from the notebook:
- the value under the pointer is compared with `feel sweep`'s CSV of the experiment, run here;
- a clicked point's motion is compared with `feel run` of that point's scene, made here from
  the experiment file (test_notebook.point_scene);
- the targets panel's feasible count, Pareto front and best point are compared with
  `feel solve --json` run here with --where/--minimize/--maximize/--fix built from what the
  panel's controls were set to; so are the Swift answers `feel notebook --solve` stored for the
  Makefile's SOLVES.

Environment: as test_notebook.py (FEEL, NOTEBOOK, CHROMIUM, CHROMEDRIVER).
"""

import csv
import io
import json
import re
import subprocess
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from test_notebook import (ANGLE_TOLERANCE_RAD, FEEL, POSITION_TOLERANCE_PT, ROOT, NotebookPageCase,
                           feel_run, point_scene, severe, toml_text, wait_ready)

# The targets panel's settings checked against feel solve: (experiment, bounds, objective, held axes).
# They cover both relations, both objectives and none (the depth decides), empty values (the tap
# hint's untouched points), held axes (a number, a profile) and a question nothing meets.
SETTINGS = [
    ("snap-damping-release", [("overshoot_pt", "<=", 3), ("settle_time_s", "<=", 0.35)],
     ("settle_time_s", "minimize"), {}),
    ("snap-damping-release", [("overshoot_pct", "<=", 5)], ("peak_speed_pt_s", "maximize"), {"release_pt": "80"}),
    ("snap-damping-release", [("settle_time_s", ">=", 0.3), ("oscillations", "<=", 1)], None, {}),
    ("snap-damping-release", [("overshoot_pt", "<=", -1)], None, {}),
    ("tap-hint-push-gravity", [("hop_pt", ">=", 12)], ("hint_total_s", "minimize"), {}),
    ("tap-hint-push-gravity", [("contact_time_s", "<=", 0.5), ("hop_pt", ">=", 10)],
     ("overshoot_pt", "minimize"), {}),
    ("wall-offset-damping", [("overshoot_pt", "<=", 1)], ("hint_total_s", "minimize"), {"wall_offset_pt": "10"}),
    ("phone-width-push", [("hop_pt", ">=", 12)], ("hint_total_s", "minimize"), {"width_pt": "375"}),
    ("profile-modern-ios7", [("settle_time_s", "<=", 0.4)], ("overshoot_pt", "minimize"), {"profile": "ios7"}),
]


def sweep_csv(experiment_file):
    """feel sweep's CSV of an experiment: {axis labels: row}, and the axis names."""
    out = subprocess.run([str(FEEL), "sweep", str(experiment_file), "--output", "-", "--quiet"],
                         check=True, capture_output=True, text=True).stdout
    lines = [line for line in out.splitlines() if not line.startswith("#")]
    reader = csv.DictReader(io.StringIO("\n".join(lines)))
    axes = [name for name in reader.fieldnames if name != "flags"]
    rows = list(reader)
    return rows, axes


def feel_solve(experiment_file, spec):
    """feel solve --json for the panel's targets {where, objective, fixed}: (JSON, exit status)."""
    args = [str(FEEL), "solve", str(experiment_file), "--json", "--quiet"]
    for c in spec["where"]:
        args += ["--where", f"{c['metric']} {c['op']} {c['bound']!r}"]
    if spec["objective"]:
        args += [f"--{spec['objective']['direction']}", spec["objective"]["metric"]]
    for axis, label in spec["fixed"].items():
        args += ["--fix", f"{axis}={label}"]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise AssertionError(f"{args}: {run.stderr}")
    return json.loads(run.stdout), run.returncode


def same_axes(labels, values):
    """Page labels ({axis: text}) against feel solve's JSON axes ({axis: number or name})."""
    if labels.keys() != values.keys():
        return False
    for name, label in labels.items():
        value = values[name]
        if isinstance(value, str) or isinstance(value, bool):
            if label != (value if isinstance(value, str) else str(value).lower()):
                return False
        elif float(label) != float(value):
            return False
    return True


class ChartsAndTargets(NotebookPageCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ids = cls.driver.execute_script("return feelNotebook.experiments()")
        cls.summaries = cls.driver.execute_script("return feelNotebook.summaries()")
        for experiment in cls.ids + cls.summaries:
            wait_ready(cls.driver, experiment)
        cls.csvs = {}


    def data(self, experiment, key):
        return self.driver.execute_script("return FEEL_NOTEBOOK_DATA[arguments[0]][arguments[1]]", experiment, key)

    def root(self, experiment):
        """The experiment's explorer, or its grid explorer (an experiment shown as a summary)."""
        return self.driver.find_element(
            By.CSS_SELECTOR,
            f'.explorer[data-experiment="{experiment}"], .grid-explorer[data-experiment="{experiment}"]')

    def experiment_file(self, experiment):
        return ROOT / self.data(experiment, "file")

    def csv_of(self, experiment):
        if experiment not in self.csvs:
            self.csvs[experiment] = sweep_csv(self.experiment_file(experiment))
        return self.csvs[experiment]

    def csv_row(self, experiment, axes):
        rows, names = self.csv_of(experiment)
        axis_names = [a["name"] for a in self.data(experiment, "axes")]
        found = [r for r in rows if all(r[n] == axes[n] for n in axis_names)]
        self.assertEqual(len(found), 1, axes)
        return found[0]

    def pointer(self, experiment, chart, point, click=False):
        """Moves the real pointer to grid point `point` of chart `chart` (and clicks)."""
        place = self.api("chartPlace", experiment, chart, point)
        self.assertIsNotNone(place, f"point {point} is not drawn in chart {chart}")
        canvas = self.root(experiment).find_elements(By.CSS_SELECTOR, "canvas.grid-chart")[chart]
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", canvas)
        actions = ActionChains(self.driver).move_to_element_with_offset(
            canvas, round(place["x"] - place["width"] / 2), round(place["y"] - place["height"] / 2))
        if click:
            actions = actions.click()
        actions.perform()

    def assert_replays_feel_run(self, experiment, selection, frames=(1, 17, 60)):
        rows = feel_run(toml_text(point_scene(self.experiment_file(experiment), selection)))
        for frame in frames:
            frame = min(frame, max(rows))
            got = self.api("positionAt", experiment, selection, frame)
            want = rows[frame]
            with self.subTest(experiment=experiment, selection=selection, frame=frame):
                self.assertLessEqual(abs(got["x"] - want[0]), POSITION_TOLERANCE_PT, (got, want))
                self.assertLessEqual(abs(got["y"] - want[1]), POSITION_TOLERANCE_PT, (got, want))
                self.assertLessEqual(abs(got["angle"] - want[2]), ANGLE_TOLERANCE_RAD, (got, want))

    def nearest_stored(self, experiment, axes):
        """The stored point nearest to grid values `axes`, by each axis's number (ties: the lower)."""
        out = {}
        for axis in self.data(experiment, "axes"):
            labels, numbers = axis["labels"], axis["numbers"]
            label = axes[axis["name"]]
            if label in labels or numbers[0] is None:
                out[axis["name"]] = label
                continue
            distance = [abs(n - float(label)) for n in numbers]
            out[axis["name"]] = labels[distance.index(min(distance))]
        return out

    # ---- the value under the pointer ------------------------------------------------------------

    def test_01_readout_equals_feel_sweep_csv(self):
        cases = {
            "snap-damping-release": [{"damping": "0.05", "release_pt": "10"}, {"damping": "0.6", "release_pt": "120"},
                                     {"damping": "1.5", "release_pt": "160"}],
            "tap-hint-push-gravity": [{"push": "0.5", "gravity": "0.25"}, {"push": "4", "gravity": "2"},
                                      {"push": "8", "gravity": "0.25"}],
            # (where the lines are apart: at small pushes every width hops about 0)
            "phone-width-push": [{"width_pt": "375", "push": "6"}, {"width_pt": "430", "push": "8"}],
            # the grid holds every release; motion is stored for every 2nd (12.5 is not)
            "profile-modern-ios7": [{"release_pt": "12.5", "damping": "0.5"}, {"release_pt": "160", "damping": "1.5"}],
        }
        empties = 0
        for experiment, picks in cases.items():
            self.assertIn(experiment, self.ids)
            self.api("reset", experiment)
            charts = self.api("charts", experiment)
            self.assertGreaterEqual(len(charts), 1)
            for c, chart in enumerate(charts):
                for axes in picks:
                    point = self.api("gridPoint", experiment, axes)
                    if self.api("chartPlace", experiment, c, point) is None:
                        continue  # a line chart draws no empty value
                    self.pointer(experiment, c, point)
                    readout = self.api("chartReadout", experiment, c)
                    full = self.api("gridAxes", experiment, point)
                    row = self.csv_row(experiment, full)
                    with self.subTest(experiment=experiment, chart=chart["metric"], axes=full):
                        self.assertEqual(readout["point"], point)
                        for name, label in full.items():
                            self.assertIn(f"{name} = {label}", readout["text"])
                        cell = row[chart["metric"]]
                        if cell == "":
                            empties += 1
                            self.assertIn(f"{chart['metric']} empty (", readout["text"])
                            self.assertTrue(any(flag in readout["text"] for flag in row["flags"].split(";")),
                                            (readout["text"], row["flags"]))
                        else:
                            shown = re.search(re.escape(chart["metric"]) + r" (\S+)", readout["text"]).group(1)
                            self.assertEqual(float(shown), float(cell), readout["text"])
                        if experiment == "profile-modern-ios7" and full["release_pt"] == "12.5":
                            self.assertIn("no motion stored here", readout["text"])
        # the tap hint's weak gravity never brings the bar back: its contact time is empty
        self.assertGreater(empties, 0)

    # ---- a click selects the point --------------------------------------------------------------

    def test_02_click_selects_that_point(self):
        cases = [
            ("snap-damping-release", 0, {"damping": "0.6", "release_pt": "120"}),
            ("snap-damping-release", 1, {"damping": "0.25", "release_pt": "17.5"}),
            ("tap-hint-push-gravity", 2, {"push": "6", "gravity": "1.5"}),
            ("phone-width-push", 0, {"width_pt": "375", "push": "6"}),
            # not stored: the click selects the nearest stored point
            ("profile-modern-ios7", 0, {"release_pt": "12.5", "damping": "0.5", "profile": "ios7"}),
        ]
        for experiment, chart, axes in cases:
            self.api("reset", experiment)
            if "profile" in axes:
                self.api("select", experiment, {"profile": axes["profile"]})
            point = self.api("gridPoint", experiment, axes)
            self.pointer(experiment, chart, point, click=True)
            selection = self.api("selection", experiment)
            with self.subTest(experiment=experiment, axes=axes):
                self.assertEqual(selection, self.nearest_stored(experiment, axes))
                if experiment == "profile-modern-ios7":
                    self.assertNotEqual(selection["release_pt"], axes["release_pt"])
                    hint = self.root(experiment).find_element(By.CSS_SELECTOR, ".grid-charts").find_element(
                        By.XPATH, "..").text
                    self.assertIn("a click selects the nearest stored point", hint)
            self.assert_replays_feel_run(experiment, selection)
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    # ---- the targets panel against feel solve ---------------------------------------------------

    def set_targets_with_controls(self, experiment, where, objective, fixed):
        root = self.root(experiment)
        root.find_element(By.CSS_SELECTOR, "button.clear-targets").click()
        for metric, op, bound in where:
            Select(root.find_element(By.CSS_SELECTOR, f'select.target-op[data-metric="{metric}"]')).select_by_value(op)
            box = root.find_element(By.CSS_SELECTOR, f'input.target-value[data-metric="{metric}"]')
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
            box.clear()
            box.send_keys(str(bound))
        names = [m["name"] for m in self.data(experiment, "metrics")]
        if objective:
            Select(root.find_element(By.CSS_SELECTOR, "select.target-objective")).select_by_value(
                f"{objective[1]}:{names.index(objective[0])}")
        for axis, label in fixed.items():
            hold = root.find_element(By.CSS_SELECTOR, f'select.target-hold[data-axis="{axis}"]')
            Select(hold).select_by_visible_text(label)

    def test_03_targets_match_feel_solve(self):
        for n, (experiment, where, objective, fixed) in enumerate(SETTINGS):
            self.assertIn(experiment, self.ids)
            self.api("reset", experiment)
            self.set_targets_with_controls(experiment, where, objective, fixed)
            if n == 1:
                # move the first slider with the keyboard, as a designer would
                slider = self.root(experiment).find_element(
                    By.CSS_SELECTOR, f'input.target-slider[data-metric="{where[0][0]}"]')
                slider.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
            spec = self.api("targets", experiment)
            page = self.api("solveResult", experiment)
            if n == 1:
                self.assertLess(spec["where"][0]["bound"], where[0][2])
            else:
                self.assertEqual(sorted((c["metric"], c["op"], c["bound"]) for c in spec["where"]), sorted(where))
            self.assertEqual(spec["fixed"], fixed)
            answer, status = feel_solve(self.experiment_file(experiment), spec)
            with self.subTest(experiment=experiment, targets=spec):
                self.assertEqual(page["points"], answer["grid_points"])
                self.assertEqual(page["feasible"], answer["feasible_points"])
                self.assertEqual(page["front"], len(answer["pareto"]["points"]))
                if answer["best"] is None:
                    self.assertEqual(status, 1)
                    self.assertIsNone(page["best"])
                    self.assertTrue(self.root(experiment).find_element(By.CSS_SELECTOR, "button.jump-best")
                                    .get_property("disabled"))
                    continue
                self.assertTrue(same_axes(page["best"], answer["best"]["axes"]), (page["best"], answer["best"]))
                # jump: the explorer selects the best point (its nearest stored point)
                button = self.root(experiment).find_element(By.CSS_SELECTOR, "button.jump-best")
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
                button.click()
                selection = self.api("selection", experiment)
                self.assertEqual(selection, self.nearest_stored(experiment, page["best"]))
                if n in (0, 4, 8):
                    self.assert_replays_feel_run(experiment, selection)
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    # ---- an experiment shown as a summary: the grid explorer -----------------------------------

    def test_05_recognizer_grid_explorer(self):
        # The recognizer experiment moves nothing: its grid explorer has the clickable charts
        # (pointing reads feel sweep's CSV, a click selects the point and its metrics are shown
        # as the CSV has them) and the targets panel (feel solve's answer).
        experiment = "recognizer-slop-hold"
        self.assertIn(experiment, self.summaries)
        self.assertNotIn(experiment, self.ids)
        self.api("reset", experiment)
        # the first selection is UIKit's defaults, the base scene's values
        self.assertEqual(self.api("selection", experiment), {"slop_pt": "10", "hold_s": "0.5"})
        charts = self.api("charts", experiment)
        self.assertEqual([c["metric"] for c in charts],
                         ["tap_as_drag_rate", "drag_as_tap_rate", "hold_missed_rate", "false_hold_rate",
                          "misread_rate"])
        picks = [{"slop_pt": "0", "hold_s": "0.1"}, {"slop_pt": "4", "hold_s": "0.35"},
                 {"slop_pt": "25", "hold_s": "1.5"}]
        for c, chart in enumerate(charts):
            self.assertEqual((chart["x"], chart["y"]), ("slop_pt", "hold_s"))
            for axes in picks:
                point = self.api("gridPoint", experiment, axes)
                self.pointer(experiment, c, point)
                readout = self.api("chartReadout", experiment, c)
                row = self.csv_row(experiment, axes)
                with self.subTest(chart=chart["metric"], axes=axes):
                    self.assertEqual(readout["point"], point)
                    shown = re.search(re.escape(chart["metric"]) + r" (\S+)", readout["text"]).group(1)
                    self.assertEqual(float(shown), float(row[chart["metric"]]), readout["text"])
        # a click selects the point: the selection table shows every metric of its CSV row
        axes = {"slop_pt": "18", "hold_s": "0.8"}
        self.pointer(experiment, 4, self.api("gridPoint", experiment, axes), click=True)
        self.assertEqual(self.api("selection", experiment), axes)
        row = self.csv_row(experiment, axes)
        table = self.root(experiment).find_element(By.CSS_SELECTOR, "table.grid-selection")
        for metric in self.data(experiment, "metrics"):
            name = metric["name"]
            cell = table.find_element(By.CSS_SELECTOR, f'td[data-metric="{name}"]')
            with self.subTest(metric=metric["name"]):
                self.assertAlmostEqual(float(cell.text), float(row[metric["name"]]), places=4)
        # the targets panel finds feel solve's best point, and the jump selects it
        self.set_targets_with_controls(experiment, [("false_hold_rate", "<=", 0.04)], ("misread_rate", "minimize"), {})
        spec = self.api("targets", experiment)
        page = self.api("solveResult", experiment)
        answer, _ = feel_solve(self.experiment_file(experiment), spec)
        self.assertEqual(page["points"], answer["grid_points"])
        self.assertEqual(page["feasible"], answer["feasible_points"])
        self.assertEqual(page["front"], len(answer["pareto"]["points"]))
        self.assertTrue(same_axes(page["best"], answer["best"]["axes"]), (page["best"], answer["best"]))
        self.assertNotEqual(page["best"], axes)
        button = self.root(experiment).find_element(By.CSS_SELECTOR, "button.jump-best")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.assertEqual(self.api("selection", experiment), page["best"])
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    def test_04_committed_questions_show_feel_solves_answer(self):
        makefile = (ROOT / "Makefile").read_text()
        solves = re.search(r"^SOLVES := (.*)$", makefile, re.M).group(1).split()
        self.assertGreaterEqual(len(solves), 1)
        shown = 0
        for experiment in self.ids:
            questions = self.api("questions", experiment)
            for n, q in enumerate(questions):
                shown += 1
                spec = {"where": q["where"], "objective": q["objective"], "fixed": q["fixed"]}
                answer, _ = feel_solve(self.experiment_file(experiment), spec)
                axis_names = [a["name"] for a in self.data(experiment, "axes")]
                metric_names = [m["name"] for m in self.data(experiment, "metrics")]
                with self.subTest(experiment=experiment, question=q["text"]):
                    self.assertEqual(q["gridPoints"], answer["grid_points"])
                    self.assertEqual(q["feasiblePoints"], answer["feasible_points"])
                    self.assertEqual(q["frontPoints"], len(answer["pareto"]["points"]))
                    self.assertTrue(same_axes(dict(zip(axis_names, q["best"]["labels"])), answer["best"]["axes"]))
                    self.assertTrue(same_axes(dict(zip(axis_names, q["refined"]["labels"])), answer["refined"]["axes"]))
                    for name, value in zip(metric_names, q["refined"]["metrics"]):
                        self.assertEqual(value, answer["refined"]["metrics"][name], name)
                    # the page shows the question, and its targets load into the panel, which
                    # finds the same best point on the grid
                    block = self.root(experiment).find_element(By.CSS_SELECTOR, f'.question[data-question="{n}"]')
                    self.assertIn(q["text"], block.text)
                    load = block.find_element(By.CSS_SELECTOR, "button.load-question")
                    self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", load)
                    load.click()
                    page = self.api("solveResult", experiment)
                    self.assertEqual(page["feasible"], q["feasiblePoints"])
                    self.assertEqual(page["points"], q["gridPoints"])
                    self.assertEqual(page["best"], dict(zip(axis_names, q["best"]["labels"])))
        self.assertEqual(shown, len(solves))


if __name__ == "__main__":
    unittest.main(verbosity=2)
