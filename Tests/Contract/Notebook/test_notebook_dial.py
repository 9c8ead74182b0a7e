"""The tempo dial's drawing (js/skin-dial.js) in headless Chromium (see test_notebook.py).

Expected values never come from the notebook: the disc's centre and angle are `feel run`'s rows
of the point's scene, made here from the experiment file (test_notebook.point_scene); the
labels' rim points come from the seed's layout in closed form (label k's text on the rim at the
disc's angle + 2πk/N + π, turned by the orientation comp), with N, the disc's radius and the
detent's phase read from that scene and the comps' turns and lights from the control file
(experiments/controls/tempo-dial.toml). What the page drew is read back from the skin (each
label's point and rotation from the canvas transform it drew with: feelNotebook.drawn).

Environment: as test_notebook.py (FEEL, NOTEBOOK, CHROMIUM, CHROMEDRIVER).
"""

import math
import subprocess
import tomllib
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_notebook import (FEEL, NOTEBOOK, POSITION_TOLERANCE_PT, ROOT, NotebookPageCase, feel_run,
                           point_scene, severe, toml_text)

# The replay tolerances: 0.01 pt, 1e-4 rad.
REPLAY_ANGLE_TOLERANCE_RAD = 1e-4
# A label drawn upright: its text's rotation on screen (read from the canvas transform) within
# this of 0.
UPRIGHT_TOLERANCE_RAD = 1e-6
# The comps' light on screen, from the top (90°), within a few roundings of a degree.
LIGHT_TOLERANCE_DEG = 1e-6
# The glyph boxes the skin reports are the settings' sums and halves in doubles: equal to the
# closed form up to rounding (pt, rad).
BOX_ROUNDING = 1e-9
# The pointer's tip reaches this far inside the rim (pt, skin-dial.js's POINTER_OVERLAP_PT).
POINTER_OVERLAP_PT = 2

CONTROL = tomllib.loads((ROOT / "experiments/controls/tempo-dial.toml").read_text())
SKIN = CONTROL["skin"]
# The dial's experiments in the default notebook: a detent with 12 labels, N × radius with a
# finger, and a coast without a detent.
EXPERIMENTS = ["dial-detent-strength", "dial-count-radius", "dial-decay-flick"]


def wrap(angle):
    """An angle in (−π, π]."""
    return math.atan2(math.sin(angle), math.cos(angle))


def dial_geometry(scene):
    """(N, radius in pt, pointer screen angle in rad) of the scene's disc, from the scene itself:
    the detent's count and phase + π, else the skin's value_labels and pointer_deg."""
    item = scene["item"][0]
    radius = item["size"][0] / 2
    for behavior in scene.get("behavior", []):
        if behavior.get("type") == "detent":
            return int(behavior["count"]), radius, behavior.get("phase", 0.0) + math.pi
    return SKIN["value_labels"], radius, math.radians(SKIN["pointer_deg"])


def label_text(k, n):
    lo, hi = SKIN["value_range"]
    # JavaScript's Math.round: halves up
    return str(math.floor(lo + (hi - lo) * k / (n - 1) + 0.5)) if n > 1 else str(math.floor(lo + 0.5))


class DialSkin(NotebookPageCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ids = cls.shown_and_ready(EXPERIMENTS)


    def scene_of(self, experiment):
        """The scene of the explorer's selection (made here) and feel run's rows of it."""
        file = ROOT / self.driver.execute_script("return FEEL_NOTEBOOK_DATA[arguments[0]].file", experiment)
        scene = point_scene(file, self.api("selection", experiment))
        return scene, feel_run(toml_text(scene))

    def orientation_menu(self, experiment):
        root = self.driver.find_element(By.CSS_SELECTOR, f'.explorer[data-experiment="{experiment}"]')
        return Select(root.find_element(By.CSS_SELECTOR, "select.orientation"))

    def frames(self, rows):
        last = max(rows)
        return sorted({min(f, last) for f in (0, 1, 12, 30, 75, 150, last)})

    def assert_disc_replays(self, drawn, want, turn_deg, what):
        self.assertLessEqual(abs(drawn["center"]["x"] - want[0]), POSITION_TOLERANCE_PT, what)
        self.assertLessEqual(abs(drawn["center"]["y"] - want[1]), POSITION_TOLERANCE_PT, what)
        self.assertLessEqual(abs(drawn["angle"] - want[2]), REPLAY_ANGLE_TOLERANCE_RAD, what)
        # the disc as drawn: turned by its angle and the comp's turn (read from the transform)
        self.assertLessEqual(abs(wrap(drawn["disc_rotation"] - want[2] - math.radians(turn_deg))),
                             REPLAY_ANGLE_TOLERANCE_RAD, what)

    def test_a_drawn_by_the_dial_skin_replaying_feel_run(self):
        self.assertEqual(self.ids, EXPERIMENTS)
        for experiment in self.ids:
            self.assertEqual(self.api("skin", experiment), "dial")
            for pick in (0, 0.5, 1):
                axes = self.driver.execute_script("return FEEL_NOTEBOOK_DATA[arguments[0]].axes", experiment)
                self.api("select", experiment, {
                    a["name"]: a["labels"][round(pick * (len(a["labels"]) - 1))] for a in axes})
                _, rows = self.scene_of(experiment)
                for frame in self.frames(rows):
                    drawn = self.api("drawn", experiment, frame, 0)
                    with self.subTest(experiment=experiment, pick=pick, frame=frame):
                        self.assert_disc_replays(drawn, rows[frame], 0, (experiment, pick, frame))
            self.api("reset", experiment)
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    def test_b_orientation_comps_keep_labels_upright_on_the_closed_form_rim(self):
        turns, lights = SKIN["orientation_turn_deg"], SKIN["orientation_light_deg"]
        self.assertEqual(sorted(t % 360 for t in turns), [0, 90, 180, 270])
        checked = 0
        for experiment in self.ids:
            self.api("reset", experiment)
            scene, rows = self.scene_of(experiment)
            n, radius, pointer = dial_geometry(scene)
            menu = self.orientation_menu(experiment)
            self.assertEqual([o.text for o in menu.options], SKIN["orientations"])
            for comp, (turn_deg, light_deg) in enumerate(zip(turns, lights)):
                menu.select_by_index(comp)
                psi = math.radians(turn_deg)
                for frame in self.frames(rows):
                    drawn = self.api("drawn", experiment, frame, 0)
                    x, y, theta = rows[frame]
                    what = (experiment, comp, frame)
                    self.assertEqual(drawn["orientation"], comp, what)
                    self.assertEqual(drawn["turn_deg"], turn_deg, what)
                    # the layer comp's light comes from the top of the screen
                    self.assertLessEqual(abs(drawn["light_screen_deg"] - 90), LIGHT_TOLERANCE_DEG, what)
                    self.assertLessEqual(abs((light_deg - turn_deg) % 360 - 90), 1e-9, what)
                    self.assertLessEqual(abs(wrap(drawn["pointer"] - pointer - psi)), 1e-9, what)
                    labels = drawn["labels"]
                    self.assertEqual([label["k"] for label in labels], list(range(n)), what)
                    nearest = None
                    for label in labels:
                        k = label["k"]
                        at = theta + psi + 2 * math.pi * k / n + math.pi
                        with self.subTest(experiment=experiment, comp=comp, frame=frame, label=k):
                            self.assertEqual(label["text"], label_text(k, n))
                            self.assertLessEqual(abs(label["rotation"]), UPRIGHT_TOLERANCE_RAD)
                            self.assertLessEqual(abs(label["rim"]["x"] - (x + radius * math.cos(at))),
                                                 POSITION_TOLERANCE_PT)
                            self.assertLessEqual(abs(label["rim"]["y"] - (y + radius * math.sin(at))),
                                                 POSITION_TOLERANCE_PT)
                            inner = radius - SKIN["text_inset_pt"]
                            self.assertLessEqual(abs(label["anchor"]["x"] - (x + inner * math.cos(at))),
                                                 POSITION_TOLERANCE_PT)
                            self.assertLessEqual(abs(label["anchor"]["y"] - (y + inner * math.sin(at))),
                                                 POSITION_TOLERANCE_PT)
                        off = abs(wrap(at - pointer - psi))
                        if nearest is None or off < nearest[0]:
                            nearest = (off, k)
                        checked += 1
                    # the label under the pointer is the one highlighted
                    self.assertEqual(drawn["highlighted"], nearest[1], what)
            menu.select_by_index(0)
        self.assertGreater(checked, 1000)
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    def test_c_switching_comps_leaves_the_physics_alone(self):
        for experiment in self.ids:
            self.api("reset", experiment)
            _, rows = self.scene_of(experiment)
            frames = self.frames(rows)
            menu = self.orientation_menu(experiment)
            before = [self.api("positionAt", experiment, self.api("selection", experiment), f) for f in frames]
            for comp, turn_deg in enumerate(SKIN["orientation_turn_deg"]):
                menu.select_by_index(comp)
                for frame, position in zip(frames, before):
                    drawn = self.api("drawn", experiment, frame, 0)
                    what = (experiment, comp, frame)
                    self.assertEqual(self.api("positionAt", experiment, self.api("selection", experiment), frame),
                                     position, what)
                    self.assertEqual([drawn["center"]["x"], drawn["center"]["y"], drawn["angle"]],
                                     [position["x"], position["y"], position["angle"]], what)
                    self.assert_disc_replays(drawn, rows[frame], turn_deg, what)
            menu.select_by_index(0)

    def test_d_pointer_and_rest_are_the_control_files_glyphs(self):
        # the page's glyph data is `feel svg FILE --to canvas` of each file the control names
        glyphs = self.driver.execute_script('return FEEL_NOTEBOOK.controls["tempo-dial"].glyphs')
        files = CONTROL["skin"]["glyphs"]
        self.assertEqual(sorted(glyphs), ["pointer", "rest"])
        for role, path in files.items():
            svg = (ROOT / "experiments/controls" / path).resolve()
            canvas = subprocess.run([str(FEEL), "svg", str(svg), "--to", "canvas"], check=True,
                                    capture_output=True, text=True).stdout
            self.assertEqual(glyphs[role], canvas.rstrip("\n"), role)
        # drawn: the pointer on the rim, tip towards the centre, in every comp; the rest upright
        # on the hub
        height = SKIN["pointer_glyph_pt"]
        for experiment in self.ids:
            self.api("reset", experiment)
            scene, rows = self.scene_of(experiment)
            _, radius, pointer = dial_geometry(scene)
            menu = self.orientation_menu(experiment)
            for comp, turn_deg in enumerate(SKIN["orientation_turn_deg"]):
                menu.select_by_index(comp)
                drawn = self.api("drawn", experiment, 0, 0)
                what = (experiment, comp)
                self.assertEqual([g["role"] for g in drawn["glyphs"]], ["pointer", "rest"], what)
                tip, rest = drawn["glyphs"]
                at = pointer + math.radians(turn_deg)
                # the box's up (−y) points out along the pointer's screen angle
                self.assertLessEqual(abs(wrap(tip["rotation"] - at - math.pi / 2)), BOX_ROUNDING, what)
                # its bottom edge (the tip) POINTER_OVERLAP_PT inside the rim, its top the glyph's height out
                self.assertAlmostEqual(tip["y"] + tip["h"], -radius + POINTER_OVERLAP_PT, delta=BOX_ROUNDING, msg=what)
                self.assertAlmostEqual(tip["h"], height, delta=BOX_ROUNDING, msg=what)
                self.assertAlmostEqual(tip["x"] + tip["w"] / 2, 0, delta=BOX_ROUNDING, msg=what)
                self.assertEqual(rest["rotation"], 0, what)
                self.assertAlmostEqual(rest["x"] + rest["w"] / 2, 0, delta=BOX_ROUNDING, msg=what)
                self.assertAlmostEqual(rest["y"] + rest["h"] / 2, 0, delta=BOX_ROUNDING, msg=what)
            menu.select_by_index(0)
        self.assertEqual(severe(self.driver.get_log("browser")), [])

    def test_z_screenshot(self):
        experiment = "dial-detent-strength"
        self.api("reset", experiment)
        self.orientation_menu(experiment).select_by_index(1)
        self.api("showFrame", experiment, 40)
        root = self.driver.find_element(By.CSS_SELECTOR, f'.explorer[data-experiment="{experiment}"]')
        canvas = root.find_element(By.CSS_SELECTOR, "canvas.control-canvas")
        self.driver.execute_script("arguments[0].scrollIntoView()", canvas)
        canvas.screenshot(str(NOTEBOOK / "screenshot-dial.png"))
        self.orientation_menu(experiment).select_by_index(0)


if __name__ == "__main__":
    unittest.main()
