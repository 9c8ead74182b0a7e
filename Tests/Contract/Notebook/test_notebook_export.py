"""The export panel's feel export targets in headless Chromium, against `feel export` run here.

The notebook was written by `make test-notebook` (`feel notebook`), which computes feel export's
report for each experiment's stored points up to --max-export-points (docs/notebook.md,
"Export"). For a grid point, this file makes the point's scene itself from the experiment file
(test_notebook.point_scene), runs `feel export` on it, and checks that selecting the panel and
a target's tab shows that code, that the note under the box gives its error and says when a
single spring cannot match, and that a scene with nothing to fit shows feel export's message.
"""

import subprocess
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_notebook import (FEEL, ROOT, NotebookPageCase, point_scene, severe, toml_text, wait_ready)


def feel_export(scene_text, target):
    """`feel export SCENE --to TARGET` of a scene: (exit status, standard output, standard error)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "point.toml"
        path.write_text(scene_text)
        run = subprocess.run([str(FEEL), "export", str(path), "--to", target], capture_output=True, text=True)
    return run.returncode, run.stdout, run.stderr


def section(report, target):
    """The code and the error line of `target`'s section of feel export's text report."""
    body = report.split(f"\n== {target} ==\n", 1)[1]
    code, rest = body.split("\n-- error: ", 1)
    return code, rest.split("\n", 1)[0]


class ExportTargets(NotebookPageCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()


    def ready(self, experiment):
        wait_ready(self.driver, experiment)

    def show(self, experiment, selection, target):
        """Selects the grid point, the Selection panel in the export's menu and `target`'s tab; returns
        the box's text and the note under it, and the point's scene file as the test makes it."""
        self.ready(experiment)
        if selection:
            self.api("select", experiment, selection)
        else:
            self.api("reset", experiment)
        root = self.driver.find_element(By.CSS_SELECTOR, f'.explorer[data-experiment="{experiment}"]')
        Select(root.find_element(By.CSS_SELECTOR, "select.export-panel")).select_by_value("0")
        tab = root.find_element(By.CSS_SELECTOR, f'button[data-kind="{target}"]')
        self.driver.execute_script("arguments[0].scrollIntoView()", tab)
        tab.click()
        self.assertEqual(tab.get_attribute("aria-selected"), "true")
        box = root.find_element(By.CSS_SELECTOR, "textarea.export-text").get_property("value")
        note = root.find_element(By.CSS_SELECTOR, ".export-note")
        self.assertTrue(note.is_displayed())
        data_file = self.driver.execute_script("return FEEL_NOTEBOOK_DATA[arguments[0]].file", experiment)
        scene = toml_text(point_scene(ROOT / data_file, self.api("selection", experiment)))
        return box, note.get_property("textContent"), scene

    def test_swiftui_tab_shows_feel_exports_code(self):
        # the base scene's values (always among the points with a report): a release, the tap
        # hint's snap phase (added by a rule), a dial's detent (degrees); and Castro's snap at a
        # 160 pt release, which one spring cannot match (docs/export.md)
        cases = [("snap-damping-release", {}), ("tap-hint-push-gravity", {}), ("dial-detent-strength", {}),
                 ("snap-damping-release", {"damping": "0.35", "release_pt": "160"})]
        verdicts = set()
        for experiment, selection in cases:
            with self.subTest(experiment=experiment, selection=selection):
                box, note, scene = self.show(experiment, selection, "swiftui")
                status, report, error = feel_export(scene, "swiftui")
                self.assertEqual(status, 0, error)
                code, error_line = section(report, "swiftui")
                self.assertEqual(box, code + "\n")
                self.assertIn("let spring = Spring(response: ", box)
                self.assertIn("SwiftUI error: " + error_line + "\n", note)
                cannot = "A SINGLE SPRING CANNOT MATCH" in report
                self.assertEqual("A SINGLE SPRING CANNOT MATCH" in note, cannot)
                verdicts.add(cannot)
                if experiment == "dial-detent-strength":
                    self.assertIn("°", error_line)
        self.assertEqual(verdicts, {True, False}, "expected a point one spring matches and one it cannot")

    def test_other_targets_show_their_code(self):
        for target in ("caspring", "compose", "css"):
            with self.subTest(target=target):
                box, note, scene = self.show("tap-hint-push-gravity", {}, target)
                status, report, error = feel_export(scene, target)
                self.assertEqual(status, 0, error)
                code, error_line = section(report, target)
                self.assertEqual(box, code + "\n")
                self.assertIn(" error: " + error_line + "\n", note)

    def test_nothing_to_fit_shows_feel_exports_message(self):
        # the author's coast has no snap, attachment spring or detent
        box, note, scene = self.show("dial-decay-flick", {}, "swiftui")
        status, _, error = feel_export(scene, "swiftui")
        self.assertEqual(status, 2)
        message = error.strip().split(".toml: ", 1)[1]
        self.assertTrue(message.startswith("no motion towards a target"), error)
        self.assertEqual(box, "// feel export: " + message + "\n")
        self.assertEqual(note, "feel export: " + message)

    def test_a_point_without_a_report_says_so(self):
        self.ready("snap-damping-release")
        labels = self.driver.execute_script(
            "return FEEL_NOTEBOOK_DATA['snap-damping-release'].axes.map(function (a) { return a.labels; })")
        box, note, _ = self.show("snap-damping-release", {"damping": labels[0][1], "release_pt": labels[1][1]},
                                 "swiftui")
        self.assertIn("No precomputed feel export for this point", note)
        self.assertIn("feel export", box)
        self.assertEqual(severe(self.driver.get_log("browser")), [])
