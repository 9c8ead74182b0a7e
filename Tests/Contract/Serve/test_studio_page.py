"""The notebook's live panel at /notebook (docs/live-panel.md) in headless Chromium, served by feel-serve
(started by the test on a free loopback port, stopped by it, also when it fails):

- the served page has a live panel in each explorer, may connect to its server only, and loads
  without console errors;
- real pointer input (WebDriver actions, mouse and touch): the Castro bar dragged 80 pt and
  released, the dial flicked; the positions the page drew equal `feel run` of the scene the
  panel saved, number for number;
- a slider moved between grid values: the motion equals `feel run --set` of that value;
- a scene file edited on disk updates the page (`changed`);
- "Save as comp" changes the control file and nothing else in it;
- the "Report (feel export)" button shows `feel export` of the current motion;
- the wall offset slider (a `gap_to` constant) sets the walls' coordinates (closed form) and
  the motion equals `feel run --set` of them;
- two touch pointers at once drive a scene's two drags, each its own touch; a second pointer
  on a scene with one drag is ignored, not a restart;
- the re-sweep around the sliders' values: its request follows the span rule, its progress bar
  advances and ends full, its CSV equals `feel sweep --set --axis` of it, and its chart is the
  slice through the current values of that CSV (rows where the sweep has the value, the
  interpolation between the two around it where it has not), along the axis and for the
  metric chosen in the chart.

Selenium drives Debian's chromium through Debian's chromedriver, as the notebook's tests do
(the Makefile installs both, and selenium from Tests/Contract/Notebook/requirements.txt)."""

import csv
import io
import json
import math
import os
import re
import shutil
import tomllib
import time
import unittest

from serve_process import Server, ServeTestCase

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.mouse_button import MouseButton
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.support.ui import Select

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")

DRAG = "touch-drag-commit"        # Castro's drag: the bar follows the finger along x
RELEASE = "snap-damping-release"  # Castro's release: no finger, damping × distance
DIAL = "dial-count-radius"        # the tempo dial: a rotate drag
WALL = "wall-offset-damping"      # Castro's tap hint against a wall: the gap_to constant
TWO = "two-bars"                  # Tests/Contract/Serve/fixtures: scenes/two-finger-drag.toml's two bars
PICK = "pip-pick"                 # Tests/Contract/Serve/fixtures: pip-flick.toml, its corner picked at the release
EXPERIMENTS = [f"experiments/{name}.toml" for name in (DRAG, RELEASE, DIAL, WALL, TWO, PICK)]
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
# How long the page may take to show an explorer (the first load builds the notebook of the
# three experiments in the server, debug build on a loaded machine).
READY_TIMEOUT_S = 600


def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(READY_TIMEOUT_S)
    return driver


def read_text(path):
    with open(path) as f:
        return f.read()


def write_text(path, text):
    with open(path, "w") as f:
        f.write(text)


# The slice's interpolation, the page's against this test's (the same two printed rows, weighed
# in another order of operations): the last bits of a double.
SLICE_REL = 1e-12


def sweep_rows(csv_text):
    """`feel sweep`'s CSV: (header, rows as lists of cells), comment lines left out."""
    lines = [line for line in csv_text.split("\n") if line and not line.startswith("#")]
    return lines[0].split(","), [line.split(",") for line in lines[1:]]


def slice_at(header, rows, x, metric, at):
    """The slice rule of docs/studio.md, from the CSV alone: for each value of axis `x`, the
    metric at the other axes' values `at` (one other axis here): the row with that value, else
    the linear interpolation between the rows of the nearest swept values below and above it.
    A value of x whose needed rows have an empty metric has no point. [(x, metric)] by x."""
    (other, want), = at.items()
    xc, oc, mc = header.index(x), header.index(other), header.index(metric)
    values = sorted({float(r[oc]) for r in rows})
    if want in values:
        weights = {want: 1.0}
    else:
        lo = max(v for v in values if v < want)
        hi = min(v for v in values if v > want)
        t = (want - lo) / (hi - lo)
        weights = {lo: 1 - t, hi: t}
    cells = {(float(r[xc]), float(r[oc])): r[mc] for r in rows}
    out = []
    for xv in sorted({float(r[xc]) for r in rows}):
        needed = [cells[(xv, v)] for v in weights]
        if any(c == "" for c in needed):
            continue
        if len(weights) == 1:
            out.append((xv, float(needed[0])))
        else:
            (lo, wl), (hi, wh) = sorted(weights.items())
            a, b = float(cells[(xv, lo)]), float(cells[(xv, hi)])
            out.append((xv, a + wh * (b - a)))
    return out


def run_rows(csv_text, item):
    """{frame: (x, y, angle)} of `item` in `feel run`'s CSV."""
    rows = {}
    for row in csv.DictReader(io.StringIO(csv_text)):
        if row["item"] == item:
            rows[int(row["frame"])] = (float(row["x_pt"]), float(row["y_pt"]), float(row["angle_rad"]))
    return rows


class BrowserServeTestCase(ServeTestCase):
    """One feel-serve and one headless Chromium for a class of page tests; both are stopped when
    the class ends, also when its set-up fails half-way."""

    @classmethod
    def start(cls, args, before_browser=None, after_browser=None):
        cls.server = None
        cls.driver = None
        try:
            cls.server = Server(args, cwd=cls.root)
            if before_browser:
                before_browser()
            cls.driver = start_browser()
            if after_browser:
                after_browser()
        except BaseException:
            cls.tearDownClass()
            raise

    @classmethod
    def tearDownClass(cls):
        if cls.driver is not None:
            cls.driver.quit()
        if cls.server is not None:
            cls.server.stop()
        super().tearDownClass()

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)


class StudioPageTests(BrowserServeTestCase):
    # One server and one browser for the class (the server builds the page once, the first
    # time it is asked for); every test loads the page again, so each starts new sessions.
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # the several-finger fixture: an experiment on the committed two-finger scene
        shutil.copy(os.path.join(FIXTURES, "two-bars.toml"), os.path.join(cls.root, "experiments/two-bars.toml"))
        shutil.copy(os.path.join(FIXTURES, "pip-pick.toml"), os.path.join(cls.root, "experiments/pip-pick.toml"))

        def build_page():
            # the page is built the first time it is asked for: here, within the server's
            # request timeout, rather than within the browser's
            status, _, _ = cls.server.request("GET", "/notebook")
            assert status == 200, f"the page: status {status}"

        cls.start(["--quiet", *EXPERIMENTS, "--root", cls.root], before_browser=build_page)

    def setUp(self):
        self.driver.get(f"http://127.0.0.1:{self.server.port}/notebook?token={self.server.token}")

    # ---- helpers ------------------------------------------------------------------------------

    def ready(self, experiment):
        self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "feelNotebook.whenReady(arguments[0]).then(function () { done(true); });", experiment)
        self.js("document.querySelector('.explorer[data-experiment=\"' + arguments[0] + '\"] .live-canvas')"
                ".scrollIntoView({block: 'center'})", experiment)

    def panel(self, experiment, expression):
        return self.js("var p = FeelLab.live.panels()[arguments[0]]; return " + expression + ";", experiment)

    def wait(self, condition, what, timeout_s=60):
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            value = condition()
            if value:
                return value
            time.sleep(0.05)
        self.fail(f"timed out waiting for {what}")

    def wait_sweep_end(self, experiment):
        """Waits for the re-sweep of `experiment`'s panel to end; on a timeout, fails with what the
        panel showed: its status, sweep number and progress (a timeout was once seen on a fresh
        clone and not reproduced; they tell a sweep refused or superseded from one never sent)."""
        try:
            self.wait(lambda: self.panel(experiment, "!!p.sweepCSV"), "the sweep's end", timeout_s=300)
        except self.failureException:
            self.fail("timed out waiting for the sweep's end; the panel's status, sweep number and "
                      "progress: " + repr(self.panel(
                          experiment, "[p.sweepStatus.textContent, p.sweepSeq, p.progressSeen]")))

    def wait_opened(self, experiment):
        self.wait(lambda: self.panel(experiment, "p.fps && p.drawnFrames.length > 0"),
                  "the live session's frame 0, drawn")
        self.assertEqual(self.panel(experiment, "p.errors"), [])

    def wait_settled(self, experiment):
        self.wait(lambda: self.panel(experiment, "!p.looping && p.down === null"), "the session to settle",
                  timeout_s=120)
        time.sleep(0.5)

    def to_client(self, experiment, x, y):
        """Viewport CSS pixels of scene point (x, y) on the live canvas."""
        return self.js(
            "var p = FeelLab.live.panels()[arguments[0]], r = p.canvas.getBoundingClientRect(), v = p.view;"
            "return [r.left + (arguments[1] - v.xMin) * r.width / (v.xMax - v.xMin),"
            "        r.top + (arguments[2] - v.yMin) * r.height / (v.yMax - v.yMin)];", experiment, x, y)

    def drag(self, experiment, points, kind, step_ms):
        """Presses at points[0], moves through the others `step_ms` apart, lifts."""
        self.js("FeelLab.live.panels()[arguments[0]].canvas.scrollIntoView({block: 'center'})", experiment)
        mouse = PointerInput(kind, f"live-{kind}")
        actions = ActionBuilder(self.driver, mouse=mouse, duration=step_ms)
        x, y = self.to_client(experiment, *points[0])
        actions.pointer_action.move_to_location(int(round(x)), int(round(y)))
        actions.pointer_action.pointer_down()
        for point in points[1:]:
            x, y = self.to_client(experiment, *point)
            actions.pointer_action.move_to_location(int(round(x)), int(round(y)))
        actions.pointer_action.pointer_up()
        actions.perform()

    def save_scene(self, experiment, name):
        path = f"experiments/scenes/{name}.toml"
        self.js("var p = FeelLab.live.panels()[arguments[0]]; p.scenePath.value = arguments[1];"
                "window.confirm = function () { return true; }; p.saveScene(false);", experiment, path)
        self.wait(lambda: "Saved" in self.panel(experiment, "p.saveStatus.textContent"), f"{path} saved")
        return path

    def feel_run(self, *args):
        code, out, err = self.feel("run", *args)
        self.assertEqual(code, 0, err.decode())
        return out.decode()

    def assert_drawn_equal_run(self, experiment, csv_text, item_index=None):
        """Every frame the page drew (and every frame it holds) equals `feel run`'s row."""
        motion = self.panel(experiment, "{frames: p.motion.frames, items: p.motion.items.map(function (it) {"
                                         "return {x: it.x, y: it.y, angle: it.angle, measured: it.measured}; }),"
                                         "drawn: p.drawnFrames, ids: p.itemIds}")
        self.assertTrue(motion["drawn"])
        self.assertLess(max(motion["drawn"]), motion["frames"])
        for n, item in enumerate(motion["items"]):
            rows = run_rows(csv_text, motion["ids"][n])
            self.assertGreaterEqual(len(rows), motion["frames"])
            for k in range(motion["frames"]):
                self.assertEqual((item["x"][k], item["y"][k], item["angle"][k]), rows[k],
                                 f"{motion['ids'][n]} frame {k}")
        return motion

    # ---- the page -------------------------------------------------------------------------------

    def test_01_served_page_has_a_live_panel_and_connects_only_to_itself(self):
        self.ready(DRAG)
        policy = self.js("return document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
        self.assertIn("connect-src 'self'", policy)
        self.assertTrue(self.js("return !!document.querySelector('.explorer .live .live-canvas')"))
        self.assertFalse(self.js("return !!document.querySelector('.live-offline')"))
        # (Chromium asks every served page for /favicon.ico, which the studio does not have)
        severe = [e for e in self.driver.get_log("browser")
                  if e.get("level") == "SEVERE" and "favicon.ico" not in e.get("message", "")]
        self.assertEqual(severe, [])

    def test_02_save_as_comp_changes_the_control_file_and_nothing_else(self):
        self.ready(RELEASE)
        control = os.path.join(self.root, "experiments/controls/castro.toml")
        before = read_text(control)
        self.addCleanup(write_text, control, before)
        skip = ("experiments/controls/castro.toml", "experiments/controls")
        listing = [e for e in self.listing() if e[0] not in skip]
        self.js("var p = FeelLab.live.panels()[arguments[0]], s = p.sliderInputs.damping;"
                "s.value = '0.6125'; s.dispatchEvent(new Event('input'));"
                "p.compName.value = 'Felt in the studio'; window.confirm = function () { return true; };"
                "p.saveComp();", RELEASE)
        self.wait(lambda: "saved into" in self.panel(RELEASE, "p.saveStatus.textContent"), "the comp saved")
        after = read_text(control)
        # one block of added lines, every old line kept
        a, b = before.split("\n"), after.split("\n")
        p = 0
        while a[p] == b[p]:
            p += 1
        added = len(b) - len(a)
        self.assertEqual(b[p + added:], a[p:])
        block = [line for line in b[p:p + added] if line]
        self.assertEqual(block[:2], ["[[comp]]", 'name = "Felt in the studio"'])
        self.assertEqual(len(block), 4)
        added = tomllib.loads(after)["comp"][-1]
        values = self.panel(RELEASE, "p.values()")
        self.assertEqual(added["values"], values)
        self.assertEqual(added["values"]["damping"], 0.6125)
        self.assertEqual([e for e in self.listing() if e[0] not in skip], listing)

    # ---- live sessions --------------------------------------------------------------------------

    def check_drag(self, kind, name):
        self.ready(DRAG)
        self.wait_opened(DRAG)
        # the bar's centre is at x = 160; press 40 pt right of it and drag 80 pt to the right
        points = [(200 + 80 * i / 20, 25) for i in range(21)]
        self.drag(DRAG, points, kind, step_ms=25)
        self.wait_settled(DRAG)
        path = self.save_scene(DRAG, name)
        run = self.feel_run(path)
        motion = self.assert_drawn_equal_run(DRAG, run)
        self.assertGreater(len(motion["drawn"]), 10, "frames drawn as they came")
        bar = motion["items"][0]
        self.assertGreater(max(bar["x"]), 160 + 60, "the bar followed the finger")
        samples = self.panel(DRAG, "p.samples[p.touchId].length")
        self.assertGreater(samples, 10)

    def test_03_mouse_drag_of_the_castro_bar_equals_feel_run_of_the_saved_scene(self):
        self.check_drag(interaction.POINTER_MOUSE, "studio-mouse-drag")

    def test_04_touch_drag_of_the_castro_bar_equals_feel_run_of_the_saved_scene(self):
        self.check_drag(interaction.POINTER_TOUCH, "studio-touch-drag")

    def test_05_flick_of_the_dial_equals_feel_run_of_the_saved_scene(self):
        self.ready(DIAL)
        self.wait_opened(DIAL)
        m = self.panel(DIAL, "{x: p.base.x0, y: p.base.y0, w: p.base.w}")

        r = m["w"] * 0.35
        points = [(m["x"] + r * math.cos(a * math.pi / 16), m["y"] + r * math.sin(a * math.pi / 16))
                  for a in range(9)]
        self.drag(DIAL, points, interaction.POINTER_MOUSE, step_ms=12)
        self.wait_settled(DIAL)
        path = self.save_scene(DIAL, "studio-dial-flick")
        motion = self.assert_drawn_equal_run(DIAL, self.feel_run(path))
        angles = [a for it in motion["items"] if it["measured"] for a in it["angle"]]
        self.assertGreater(max(abs(a) for a in angles), 0.2, "the dial turned")

    def test_06_slider_between_grid_values_equals_feel_run_set(self):
        self.ready(RELEASE)
        self.wait_opened(RELEASE)
        self.js("FeelLab.live.panels()[arguments[0]].play()", RELEASE)
        self.wait_settled(RELEASE)
        grid = self.js("return FeelLab.explorers[arguments[0]].exp.axes.filter(function (a) {"
                       "return a.paths[0] === 'behavior.scrub-snap.damping'; })[0].numbers", RELEASE)
        value = 0.4137
        self.assertNotIn(value, grid)
        self.js("var s = FeelLab.live.panels()[arguments[0]].sliderInputs.damping;"
                "s.value = String(arguments[1]); s.dispatchEvent(new Event('input'));", RELEASE, value)
        self.wait(lambda: self.panel(RELEASE, "p.motion.frames") >= self.panel(RELEASE, "p.base.frames"),
                  "the re-run")
        path = self.save_scene(RELEASE, "studio-slider")
        opened = self.panel(RELEASE, "p.openedWith")
        values = dict(opened["set"], **{"behavior.scrub-snap.damping": value})
        run = self.feel_run(opened["scene"], *[a for k, v in sorted(values.items())
                                               for a in ("--set", f"{k}={json.dumps(v)}")])
        self.assert_drawn_equal_run(RELEASE, run)
        saved = tomllib.loads(read_text(os.path.join(self.root, path)))
        snap = [b for b in saved["behavior"] if b["id"] == "scrub-snap"][0]
        self.assertEqual(snap["damping"], value)

    def test_07_a_scene_edited_on_disk_updates_the_page(self):
        self.ready(RELEASE)
        self.wait_opened(RELEASE)
        scene = os.path.join(self.root, self.panel(RELEASE, "p.openedWith.scene"))
        text = read_text(scene)
        self.addCleanup(write_text, scene, text)
        self.assertEqual(self.panel(RELEASE, "p.motion.items[0].y[0]"), 25)
        # the bar 15 pt lower (the experiment's axes set its x, not its y)
        edited = text.replace("center = [200, 25]", "center = [200, 40]")
        self.assertNotEqual(edited, text)
        write_text(scene, edited)
        self.wait(lambda: "changed on disk" in self.panel(RELEASE, "p.notice.textContent"), "changed")
        self.wait(lambda: self.panel(RELEASE, "p.motion.frames > 0 && p.motion.items[0].y[0] === 40"),
                  "the re-opened session's frame 0 with the bar at y = 40")
        # an edit that breaks the file: its error with file and line, the last good motion kept
        write_text(scene, edited.replace("center = [200, 40]", "center = [200, \"low\"]"))
        self.wait(lambda: "has an error" in self.panel(RELEASE, "p.notice.textContent"), "the error")
        notice = self.panel(RELEASE, "p.notice.textContent")
        self.assertIn("castro-release-right-40.toml:", notice)
        self.assertEqual(self.panel(RELEASE, "p.motion.items[0].y[0]"), 40)

    # ---- the report, the wall offset, several fingers -------------------------------------------

    def feel_set_args(self, values):
        return [a for k, v in sorted(values.items()) for a in ("--set", f"{k}={json.dumps(v)}")]

    def test_08_report_button_shows_feel_export_of_the_current_motion(self):
        self.ready(RELEASE)
        self.wait_opened(RELEASE)
        value = 0.4137
        self.js("var s = FeelLab.live.panels()[arguments[0]].sliderInputs.damping;"
                "s.value = String(arguments[1]); s.dispatchEvent(new Event('input'));", RELEASE, value)
        self.js("FeelLab.live.panels()[arguments[0]].play()", RELEASE)
        self.wait_settled(RELEASE)
        # the button itself, clicked as a user does
        self.js("document.querySelector('.explorer[data-experiment=\"' + arguments[0] + '\"] .live-export')"
                ".scrollIntoView({block: 'center'})", RELEASE)
        self.driver.find_element(
            "css selector", f'.explorer[data-experiment="{RELEASE}"] .live-export').click()
        self.wait(lambda: self.panel(RELEASE, "p.report.textContent !== '' && "
                                              "p.report.textContent !== 'Fitting\u2026'"), "the report")
        shown = self.panel(RELEASE, "p.report.textContent")
        opened = self.panel(RELEASE, "p.openedWith")
        # feel export of the scene as the session runs it (the opened scene with its values and
        # the slider's), saved by the session
        path = self.save_scene(RELEASE, "studio-report")
        saved = tomllib.loads(read_text(os.path.join(self.root, path)))
        snap = [b for b in saved["behavior"] if b["id"] == "scrub-snap"][0]
        self.assertEqual(snap["damping"], value)
        code, saved_report, err = self.feel("export", path)
        self.assertEqual(code, 0, err.decode())

        def numbers(text):
            return re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?", text)

        # the scene's file name differs (the report names it, and the UIKit code's class after
        # it); every other byte is equal
        def named(text, scene_path):
            name = os.path.splitext(os.path.basename(scene_path))[0]
            camel = "".join(part[:1].upper() + part[1:] for part in name.split("-"))
            return text.replace(scene_path, "SCENE").replace(name, "SCENE").replace(camel, "SCENE")

        self.assertEqual(named(shown, opened["scene"]), named(saved_report.decode(), path))
        self.assertGreater(len(numbers(shown)), 5)

    def test_09_wall_offset_slider_moves_the_walls_and_equals_feel_run_set(self):
        self.ready(WALL)
        self.wait_opened(WALL)
        self.js("FeelLab.live.panels()[arguments[0]].play()", WALL)
        self.wait_settled(WALL)
        opened = self.panel(WALL, "p.openedWith")
        base = tomllib.loads(read_text(os.path.join(self.root, opened["scene"])))
        snap = [b for b in base["behavior"] if b["id"] == "scrub-snap"][0]
        bar = [i for i in base["item"] if i["id"] == "bar"][0]
        grid = self.js("return FeelLab.explorers[arguments[0]].exp.axes[0].numbers", WALL)
        gap = 13.37
        self.assertNotIn(gap, grid)
        before = self.panel(WALL, "p.motion.items[0].x.slice()")

        def move(name, value):
            self.js("var s = FeelLab.live.panels()[arguments[0]].sliderInputs[arguments[1]];"
                    "s.value = String(arguments[2]); s.dispatchEvent(new Event('input'));", WALL, name, value)

        def check(width, name):
            # the wall left of the bar: gap_pt beyond the bar's left edge at rest (the snap point)
            wall_x = (snap["point"][0] - width / 2) - gap
            paths = ("boundary.wall.from.0", "boundary.wall.to.0")
            self.wait(lambda: all(self.panel(WALL, f"p.set['{k}']") == wall_x for k in paths),
                      f"the walls set at x = {wall_x}")
            path = self.save_scene(WALL, name)
            values = dict(opened["set"], **self.panel(WALL, "p.set"))
            self.assertEqual([values[k] for k in paths], [wall_x, wall_x])
            run = self.feel_run(opened["scene"], *self.feel_set_args(values))
            self.assertEqual(run, self.feel_run(path))
            return self.assert_drawn_equal_run(WALL, run)

        move("wall", gap)
        motion = check(bar["size"][0], "studio-wall")
        self.assertNotEqual(motion["items"][0]["x"], before, "the wall moved the motion")
        self.assertNotIn("boundary.wall.from.0", grid)
        # a narrower bar keeps its wall offset: the walls move with its edge
        move("width", 300)
        check(300, "studio-wall-width")
        self.assertEqual(self.panel(WALL, "p.values().wall"), gap)
        # a re-sweep centres the wall offset axis on the slider's gap (the axis value is the gap
        # here: the bar's left edge rests at x = 0 and the axis puts the wall at -value)
        request = self.panel(WALL, "p.sweepRequest()")
        self.assertEqual(request["centres"]["wall_offset_pt"], gap)
        self.assertEqual(request["axes"]["wall_offset_pt"]["count"],
                         self.js("return FeelLab.explorers[arguments[0]].exp.axes[0].count", WALL))

    def multi_touch(self, experiment, fingers, step_ms):
        """Several touch pointers at once. `fingers`: per finger, (first tick, points): it comes
        down at points[0] on that tick, moves one point a tick, and lifts after its last."""
        self.js("FeelLab.live.panels()[arguments[0]].canvas.scrollIntoView({block: 'center'})", experiment)
        actions = ActionBuilder(self.driver, duration=step_ms)
        inputs = [actions.add_pointer_input(interaction.POINTER_TOUCH, f"live-finger-{n}")
                  for n in range(len(fingers))]
        ticks = max(first + len(points) + 1 for first, points in fingers)
        for tick in range(ticks):
            for source, (first, points) in zip(inputs, fingers):
                k = tick - first
                if 0 <= k < len(points):
                    x, y = self.to_client(experiment, *points[k])
                    source.create_pointer_move(duration=0 if k == 0 else step_ms, x=int(round(x)),
                                               y=int(round(y)), origin="viewport")
                    if k == 0:
                        source.create_pointer_down(button=MouseButton.LEFT)
                elif k == len(points):
                    source.create_pointer_up(button=MouseButton.LEFT)
                else:
                    source.create_pause(step_ms / 1000)
        actions.perform()

    def test_10_two_fingers_drag_two_bars_each_its_own_touch(self):
        # experiments/scenes/two-finger-drag.toml: the upper finger drags the top bar right, the
        # lower one (down later, lifted first) the bottom bar left
        self.ready(TWO)
        self.wait_opened(TWO)
        self.assertEqual(self.panel(TWO, "p.touchIds"), ["upper", "lower"])
        upper = [(120 + 90 * i / 16, 35) for i in range(17)]
        lower = [(200 - 70 * i / 8, 105) for i in range(9)]
        self.multi_touch(TWO, [(0, upper), (3, lower)], step_ms=25)
        self.wait_settled(TWO)
        self.assertEqual(self.panel(TWO, "p.errors"), [])
        self.assertEqual(self.panel(TWO, "p.ignoredPointers"), 0)
        path = self.save_scene(TWO, "studio-two-fingers")
        saved = tomllib.loads(read_text(os.path.join(self.root, path)))
        self.assertEqual([t["id"] for t in saved["touch"]], ["upper", "lower"])
        lifted = {t["id"]: t["samples"][-1][0] for t in saved["touch"]}
        self.assertLess(lifted["lower"], lifted["upper"], "the second finger lifted first")
        motion = self.assert_drawn_equal_run(TWO, self.feel_run(path))
        by_id = dict(zip(motion["ids"], motion["items"]))
        self.assertGreater(max(by_id["top"]["x"]), 100 + 60, "the top bar followed the upper finger")
        self.assertLess(min(by_id["bottom"]["x"]), 220 - 50, "the bottom bar followed the lower one")
        self.assertEqual(sorted(self.panel(TWO, "p.motion.fingers.map(function (f) { return f.id; })")),
                         ["lower", "upper"])

    def test_15_the_live_target_is_the_corner_the_release_picks(self):
        # the tile starts in the bottom-left corner; until a release picks, the target drawn is
        # the snap's point in the file (the top-right corner); a flick to the right picks the
        # bottom-right one, and the stage draws it there, as feel run of the saved scene says
        self.ready(PICK)
        self.wait_opened(PICK)
        self.assertEqual(self.panel(PICK, "[p.motion.tx, p.motion.ty]"), [294, 104])
        points = [(110 + 16 * i, 750) for i in range(11)]
        self.drag(PICK, points, interaction.POINTER_MOUSE, step_ms=12)
        self.wait_settled(PICK)
        self.assertEqual(self.panel(PICK, "p.errors"), [])
        path = self.save_scene(PICK, "studio-pip-pick")
        code, _, events = self.feel("run", path, "--events")
        self.assertEqual(code, 0, events.decode())
        picked = [line for line in events.decode().split("\n") if " snap corner-snap point " in line]
        self.assertTrue(picked, events.decode())
        x, y = (float(v) for v in picked[-1].split(" snap corner-snap point ")[1].split()[:2])
        self.assertEqual((x, y), (294, 740), "the flick to the right picks the bottom-right corner")
        self.assertEqual(self.panel(PICK, "[p.motion.tx, p.motion.ty]"), [x, y])
        self.assertIn([0, x, y], self.panel(PICK, "p.motion.snaps"), "the snap's cross moved there too")

    def test_11_a_second_finger_on_a_one_drag_scene_is_ignored_not_a_restart(self):
        self.ready(DRAG)
        self.wait_opened(DRAG)
        drag = [(200 + 80 * i / 16, 25) for i in range(17)]
        other = [(60, 25), (62, 25), (64, 25)]
        self.multi_touch(DRAG, [(0, drag), (4, other)], step_ms=25)
        self.wait_settled(DRAG)
        self.assertEqual(self.panel(DRAG, "p.ignoredPointers"), 1)
        self.assertIn("ignored", self.panel(DRAG, "p.fingerHint.textContent"))
        self.assertEqual(self.panel(DRAG, "p.errors"), [])
        path = self.save_scene(DRAG, "studio-second-finger")
        saved = tomllib.loads(read_text(os.path.join(self.root, path)))
        self.assertEqual([t["id"] for t in saved["touch"]], ["finger"])
        motion = self.assert_drawn_equal_run(DRAG, self.feel_run(path))
        # not restarted: the session holds the whole drag from frame 0
        self.assertGreater(max(motion["items"][0]["x"]), 160 + 60)

    # ---- the re-sweep around the current constants ---------------------------------------------

    def test_12_resweep_around_the_sliders_values_equals_feel_sweep_with_them(self):
        self.ready(RELEASE)
        self.wait_opened(RELEASE)
        damping = self.js("return FeelLab.explorers[arguments[0]].exp.axes.filter(function (a) {"
                          "return a.name === 'damping'; })[0]", RELEASE)
        width = max(damping["numbers"]) - min(damping["numbers"])

        def move(value):
            self.js("var s = FeelLab.live.panels()[arguments[0]].sliderInputs.damping;"
                    "s.value = String(arguments[1]); s.dispatchEvent(new Event('input'));", RELEASE, value)

        # the span rule (docs/studio.md): the grid's width and point count, centred on the
        # slider's value, shifted into the slider's span (Castro's damping: range = [0, 2])
        move(0.1)
        near_zero = self.panel(RELEASE, "p.sweepRequest().axes")
        self.assertEqual(near_zero, {"damping": {"from": 0, "to": width, "count": damping["count"]}})
        value = 0.9137
        move(value)
        self.assertNotIn(value, damping["numbers"])
        self.js("document.querySelector('.explorer[data-experiment=\"' + arguments[0] + '\"] .live-resweep')"
                ".scrollIntoView({block: 'center'})", RELEASE)
        self.driver.find_element(
            "css selector", f'.explorer[data-experiment="{RELEASE}"] .live-resweep').click()
        self.wait_sweep_end(RELEASE)
        sent = self.panel(RELEASE, "p.sweepSent")
        self.assertEqual(sent["axes"], {"damping": {"from": value - width / 2, "to": value + width / 2,
                                                    "count": damping["count"]}})
        self.assertEqual(sent["set"]["behavior.scrub-snap.damping"], value)
        # the progress bar advanced through the rows and ended full
        seen = self.panel(RELEASE, "p.progressSeen")
        self.assertEqual(seen, sorted(seen))
        self.assertGreater(len(set(seen)), 2, seen)
        self.assertEqual(seen[-1], 1)
        self.assertEqual(self.panel(RELEASE, "p.progress.value"), 1)
        # the same sweep on the command line
        axis = sent["axes"]["damping"]
        args = ["sweep", sent["experiment"], "-o", "-", *self.feel_set_args(sent["set"]),
                "--axis", f"damping={{ from = {axis['from']!r}, to = {axis['to']!r}, count = {axis['count']} }}"]
        code, out, err = self.feel(*args)
        self.assertEqual(code, 0, err.decode())
        self.assertEqual(self.panel(RELEASE, "p.sweepCSV"), out.decode())
        header, rows = sweep_rows(out.decode())
        self.assertEqual(len(rows), self.js("return FeelLab.explorers[arguments[0]].exp.data.gridPoints", RELEASE))
        # the chart: the slice along damping (the first axis) at the selected point's release
        # distance, a value the sweep has: those rows as they are
        metric = self.js("return FeelLab.explorers[arguments[0]].exp.data.metrics[0].name", RELEASE)
        self.assertEqual(self.panel(RELEASE, "[p.sweepSlice.x, p.sweepSlice.metric]"), ["damping", metric])
        release = self.selected_value(RELEASE, "release_pt")
        self.assertIn(release, {float(r[header.index("release_pt")]) for r in rows})
        expected = [[x, y] for x, y in slice_at(header, rows, "damping", metric, {"release_pt": release})]
        self.assertEqual(len(expected), damping["count"])
        self.assertEqual(self.panel(RELEASE, "p.sweepPoints"), expected)
        self.assertEqual(self.panel(RELEASE, "p.sweepMark.x"), value)

    def selected_value(self, experiment, axis):
        """The explorer's selected grid point's value of `axis`."""
        return self.js("var p = FeelLab.live.panels()[arguments[0]], e = p.exp;"
                       "var a = e.axes.map(function (x) { return x.name; }).indexOf(arguments[1]);"
                       "return e.axes[a].numbers[e.positionsOf(p.point)[a]];", experiment, axis)

    def choose(self, experiment, which, value):
        """Picks `value` in the re-sweep chart's select `which` (metric, axis), as a user does."""
        element = self.driver.find_element(
            "css selector", f'.explorer[data-experiment="{experiment}"] .live-sweep-{which}')
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        Select(element).select_by_value(value)

    def test_13_resweep_chart_is_the_slice_through_the_current_values(self):
        self.ready(RELEASE)
        self.wait_opened(RELEASE)
        damping = self.js("return FeelLab.explorers[arguments[0]].exp.axes.filter(function (a) {"
                          "return a.name === 'damping'; })[0]", RELEASE)
        # near 0 the re-centred damping axis starts at 0 (the span rule): its values are
        # 0, 0.025, … (the grid's step), and 0.11 falls between 0.1 and 0.125
        value = 0.11
        self.js("var s = FeelLab.live.panels()[arguments[0]].sliderInputs.damping;"
                "s.value = String(arguments[1]); s.dispatchEvent(new Event('input'));", RELEASE, value)
        self.js("FeelLab.live.panels()[arguments[0]].resweep()", RELEASE)
        self.wait_sweep_end(RELEASE)
        sent = self.panel(RELEASE, "p.sweepSent")
        axis = sent["axes"]["damping"]
        self.assertEqual(axis["from"], 0)
        code, out, err = self.feel(
            "sweep", sent["experiment"], "-o", "-", *self.feel_set_args(sent["set"]),
            "--axis", f"damping={{ from = {axis['from']!r}, to = {axis['to']!r}, count = {axis['count']} }}")
        self.assertEqual(code, 0, err.decode())
        self.assertEqual(self.panel(RELEASE, "p.sweepCSV"), out.decode())
        header, rows = sweep_rows(out.decode())
        swept = sorted({float(r[header.index("damping")]) for r in rows})
        self.assertNotIn(value, swept)
        self.assertEqual(len(swept), damping["count"])
        release = self.selected_value(RELEASE, "release_pt")
        # along the release distance, at damping 0.11: between the rows of the two swept
        # dampings around it, for every metric chosen in the chart
        self.choose(RELEASE, "axis", "release_pt")
        for metric in ("overshoot_pt", "settle_time_s"):
            self.choose(RELEASE, "metric", metric)
            self.assertEqual(self.panel(RELEASE, "[p.sweepSlice.x, p.sweepSlice.metric]"), ["release_pt", metric])
            expected = slice_at(header, rows, "release_pt", metric, {"damping": value})
            drawn = self.panel(RELEASE, "p.sweepPoints")
            self.assertGreater(len(expected), 10)
            self.assertEqual([p[0] for p in drawn], [p[0] for p in expected], metric)
            for (x, y), (ex, ey) in zip(drawn, expected):
                self.assertLessEqual(abs(y - ey), SLICE_REL * max(1.0, abs(ey)), f"{metric} at {x}")
            self.assertEqual(self.panel(RELEASE, "p.sweepMark.x"), release)
        # the interpolation is not a row: the drawn curve lies between the two rows' curves
        below = slice_at(header, rows, "release_pt", "overshoot_pt", {"damping": max(d for d in swept if d < value)})
        above = slice_at(header, rows, "release_pt", "overshoot_pt", {"damping": min(d for d in swept if d > value)})
        self.choose(RELEASE, "metric", "overshoot_pt")
        drawn = dict(map(tuple, self.panel(RELEASE, "p.sweepPoints")))
        differ = [x for x, y in below if dict(above)[x] != y]
        self.assertGreater(len(differ), 10)
        for x in differ:
            lo, hi = sorted((dict(below)[x], dict(above)[x]))
            self.assertTrue(lo < drawn[x] < hi, (x, lo, drawn[x], hi))
        # back along damping, at the selected release distance: rows as they are
        self.choose(RELEASE, "axis", "damping")
        expected = slice_at(header, rows, "damping", "overshoot_pt", {"release_pt": release})
        self.assertEqual(self.panel(RELEASE, "p.sweepPoints"), [list(p) for p in expected])
        self.assertEqual(self.panel(RELEASE, "p.sweepMark.x"), value)

    def test_14_slice_rule_on_three_axes_and_a_string_axis(self):
        # The page's slice (FeelLab.live.slice) on a made-up CSV whose metric is 2a + b·c, plus
        # 100 on the "ios7" rows: multilinear interpolation reproduces a function linear in
        # each axis, so the slice along a at b = 0.37, c = 1.3 (neither swept) and "ios7" is
        # 2a + 0.37 × 1.3 + 100 by closed form. A row not arrived yet, or an empty metric in a
        # row that weighs in, leaves its x without a point; a value outside the swept ones, none.
        self.ready(RELEASE)
        a_values, b_values, c_values = [0, 1, 2, 3], [0, 0.25, 0.5], [1, 1.5]
        lines = ["a,b,c,profile,m"]
        for a in a_values:
            for b in b_values:
                for c in c_values:
                    for profile in ("modern", "ios7"):
                        m = 2 * a + b * c + (100 if profile == "ios7" else 0)
                        cell = "" if (a == 2 and b == 0.5 and c == 1.5 and profile == "ios7") else repr(m)
                        lines.append(f"{a},{b},{c},{profile},{cell}")
        axes = [{"name": "a", "current": 1}, {"name": "b", "current": 0.37},
                {"name": "c", "current": 1.3}, {"name": "profile", "current": "ios7"}]

        def sliced(rows, at=axes):
            return self.js("return FeelLab.live.slice(arguments[0], arguments[1], 'a', 'm')", rows, at)

        drawn = sliced(lines)
        # a = 2: one of its eight weighed rows has an empty metric
        self.assertEqual([p[0] for p in drawn], [0, 1, 3])
        for x, y in drawn:
            self.assertLessEqual(abs(y - (2 * x + 0.37 * 1.3 + 100)), SLICE_REL * 100, x)
        # rows streamed so far: the a = 3 block not complete yet
        self.assertEqual([p[0] for p in sliced(lines[:-5])], [0, 1])
        # swept values: the rows as they are (a = 2's empty row, b = 0.5, weighs nothing here)
        exact = [dict(axis, current=0.25) if axis["name"] == "b" else
                 dict(axis, current=1.5) if axis["name"] == "c" else axis for axis in axes]
        self.assertEqual(sliced(lines, exact), [[a, 2 * a + 0.25 * 1.5 + 100] for a in a_values])
        # outside the swept values of b: no point
        outside = [dict(axis, current=0.6) if axis["name"] == "b" else axis for axis in axes]
        self.assertEqual(sliced(lines, outside), [])


if __name__ == "__main__":
    unittest.main()
