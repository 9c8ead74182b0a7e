"""The studio page at `/` (docs/studio.md, "The studio page") in headless Chromium with real
pointer events (WebDriver actions), served by feel-serve (started by the test on a free loopback
port, stopped by it, also when it fails), on the bottom sheet (experiments/scenes/sheet-detents.toml):

- grab the sheet at its middle detent and fling it up; grab it again where it stopped (the top
  detent) and throw it down: one session, no re-open, the frame numbers keep counting;
- a pointer that goes down on the empty screen above the sheet moves nothing;
- the live plot draws the moving coordinate (y) with the target as it was at each time (the
  middle detent, then the top one the release picked: a step), the metrics table fills after a
  release;
- the stage draws with the control's skin at 1 pt = 1 px (the sheet with the generic skin and
  its detent candidates, the Castro bar with its glyphs and the timeline above it);
- the page's state: the URL's `set.PATH=VALUE` reopens a slider's value and follows a slider;
  the status line gives t, the frame and the coordinates that moved; the metrics table is
  marked stale while a finger is down; near the frame limit the page re-opens and says so;
- the re-sweep of the experiment whose base scene is shown (the pull-up), around a slider's value:
  the request re-centred as the live panel's, its CSV `feel sweep` with the same values and
  axes, its chart the slice through the current values with numbered ticks on both axes;
- every frame the page drew equals `feel run` of the scene the page saved;
- the springy list (`StudioListTests`): the list skin draws the screen's window at the scroll's
  offset, a drag on the list scrolls it, and every window drawn is `feel run`'s of the saved scene;
- the lag of the drawn frame behind the display clock, in display frames (p50, p95, p99), and
  the frames per second drawn while a finger drags with the live plot on, are measured and
  printed: benchmark figures (docs/studio.md), not assertions on time."""

import math
import os
import re
import time
import tomllib
import unittest


from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

from selenium.webdriver.support.ui import Select

from test_studio_page import BrowserServeTestCase, slice_at, sweep_rows

SCENE = "experiments/scenes/sheet-detents.toml"
PULL = "experiments/scenes/sheet-pull-up.toml"  # sheet-rubber-band.toml's base scene
GROUP = "sheet-rubber-band"


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


class StudioDriving:
    """Waiting for the studio page and driving its stage with a mouse (real pointer events)."""

    def wait(self, condition, what, timeout_s=120):
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            value = condition()
            if value:
                return value
            time.sleep(0.05)
        self.fail(f"timed out waiting for {what}; page errors: {self.js('return FeelStudio.errors')}")

    def drag(self, points, step_ms=16):
        """A mouse pressed at points[0] (scene points), moved through the others, released."""
        mouse = PointerInput(interaction.POINTER_MOUSE, "studio-mouse")
        actions = ActionBuilder(self.driver, mouse=mouse, duration=step_ms)
        for n, (x, y) in enumerate(points):
            cx, cy = self.js("var r = document.getElementById('stage').getBoundingClientRect(), v = FeelStudio.view;"
                             "return [r.left + (arguments[0] - v.x0) * FeelStudio.scale,"
                             "        r.top + (arguments[1] - v.y0) * FeelStudio.scale];", x, y)
            actions.pointer_action.move_to_location(int(round(cx)), int(round(cy)))
            if n == 0:
                actions.pointer_action.pointer_down()
        actions.pointer_action.pointer_up()
        actions.perform()


class StudioInstrumentTests(StudioDriving, BrowserServeTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # a window in which the 812 pt phone screen fits at 1 pt = 1 px, 1280 px wide
        cls.start(["--quiet", "experiments/sheet-rubber-band.toml", "--root", cls.root],
                  after_browser=lambda: cls.driver.set_window_size(1280, 1100))

    def y(self):
        """The sheet's centre y in the frame the page drew last."""
        return self.js("var d = FeelStudio.drawn; return d.length ? [d[d.length - 1][0], d[d.length - 1][2]] : null")

    def wait_rest(self, near):
        """Waits until the drawn sheet rests within 0.5 pt of `near` for 0.3 s; returns its frame."""
        def resting():
            first = self.y()
            if abs(first[1] - near) > 0.5:
                return False
            time.sleep(0.3)
            second = self.y()
            return abs(second[1] - near) <= 0.5 and second[0] > first[0] and second
        return self.wait(resting, f"the sheet at rest at y = {near}")

    def test_grab_fling_grab_again_in_one_session(self):
        self.driver.get(f"http://127.0.0.1:{self.server.port}/?token={self.server.token}"
                        f"&group={GROUP}&scene={SCENE}")
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.drawn.length > 0"), "frame 0 drawn")
        self.assertEqual(self.js("return FeelStudio.scale"), 1,
                         self.js("return [window.innerHeight, document.getElementById('stage-box')"
                                 ".getBoundingClientRect().top]"))
        opened = self.js("return FeelStudio.opened")
        self.assertEqual(opened["waiting_touches"], [])
        self.wait_rest(700)
        # 1. grab the sheet 30 pt below its top edge, pull it up past its top limit and fling it
        self.drag([(187.5, 430 - 20 * i) for i in range(15)])
        first_end = self.wait_rest(400)
        # the plot's target as it was: the middle detent until the release picked the top one
        goals = [g[3] for g in self.js("return FeelStudio.plotGoal") if g[0] == "y"]
        self.assertEqual(goals[-2:], [700, 400], self.js("return FeelStudio.plotGoal"))
        # 2. a pointer on the empty screen above the sheet (its top edge is at y = 100): nothing moves
        self.drag([(187.5, 60 + 10 * i) for i in range(5)], step_ms=30)
        time.sleep(0.5)
        self.assertAlmostEqual(self.y()[1], 400, delta=0.5)
        # 3. grab it again where it stopped and throw it down
        self.drag([(187.5, 130 + 25 * i) for i in range(13)])
        second_end = self.wait_rest(1000)
        drawn = self.js("return FeelStudio.drawn")
        frames = [d[0] for d in drawn]
        self.assertEqual(frames, sorted(frames), "a frame older than one drawn was drawn")
        self.assertGreater(second_end[0], first_end[0])
        self.assertEqual(self.js("return FeelStudio.restarts"), 0)
        self.assertIs(self.js("return FeelStudio.opened === FeelStudio.opened"), True)
        self.assertEqual(self.js("return FeelStudio.opened.frame_limit"), opened["frame_limit"])
        self.assertEqual(self.js("return FeelStudio.used"), ["p1", "p2", "p3"])
        # the live plot drew the moving coordinate; the metrics came after the release
        self.assertGreater(self.js("return FeelStudio.plotDrawn"), 0)
        self.assertEqual(self.js("var r = FeelStudio.range; return [r.x[1] - r.x[0] > 0.5, r.y[1] - r.y[0] > 0.5]"),
                         [False, True])
        blue = self.js("var c = document.getElementById('plot'), d = c.getContext('2d')"
                       ".getImageData(0, 0, c.width, c.height).data, n = 0;"
                       "for (var i = 0; i < d.length; i += 4) if (d[i + 2] > 200 && d[i] < 60 && d[i + 3] > 0) n++;"
                       "return n;")
        self.assertGreater(blue, 100)
        self.wait(lambda: self.js("return FeelStudio.metrics && FeelStudio.metrics.target_pt[1] === 1000"),
                  "the metrics of the throw down")
        # every frame drawn equals feel run of the saved scene
        self.js("document.getElementById('save-path').value = 'experiments/scenes/sheet-live.toml';"
                "document.getElementById('save').click();")
        self.wait(lambda: "Saved" in self.js("return document.getElementById('save-status').textContent"),
                  "the scene saved")
        code, out, err = self.feel("run", "experiments/scenes/sheet-live.toml")
        self.assertEqual(code, 0, err.decode())
        # the export report of the session: feel export of the saved scene (its summary: the
        # approach, the best spring, its error), UIKit code and fits, with no sideways scroll
        self.js("document.getElementById('export').click()")
        report = self.wait(lambda: (lambda t: "== uikit ==" in t and t)(
            self.js("return document.getElementById('report').textContent")), "the export report")
        # the saved scene up to the frame the page's request reached
        duration = self.js("return FeelStudio.requested.set.duration")
        with open(os.path.join(self.root, "experiments/scenes/sheet-live.toml")) as f:
            lines = [f"duration = {duration!r}" if line.startswith("duration = ") else line
                     for line in f.read().split("\n")]
        with open(os.path.join(self.root, "experiments/scenes/sheet-export.toml"), "w") as f:
            f.write("\n".join(lines))
        code, exported, err = self.feel("export", "experiments/scenes/sheet-export.toml")
        self.assertEqual(code, 0, err.decode())
        summary = lambda text: text.split("\n== ")[0].split("\n")[1:]
        self.assertEqual(summary(report), summary(exported.decode()))
        self.assertIn("== swiftui ==", report)
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 1280)
        rows = {}
        for line in out.decode().splitlines()[1:]:
            cells = line.split(",")
            if cells[2] == "sheet":
                rows[int(cells[0])] = [float(c) for c in cells[3:6]]
        self.assertGreater(len(drawn), 100)
        for k, x, y, angle in drawn:
            self.assertEqual(rows[k], [x, y, angle], f"frame {k}")
        # a slow drag of the sheet up and down, 1.5 s long, for the frame rate while dragging
        # (its bottom detent leaves its top edge at y = 700)
        ticks_before = len(self.js("return FeelStudio.dragTicks"))
        self.drag([(187.5, 740 - 200 * abs(math.sin(math.pi * i / 90))) for i in range(91)])
        ticks = self.js("return FeelStudio.dragTicks")[ticks_before:]
        # the lag of the drawn frame behind the display clock (benchmark figure, printed)
        lags = self.js("return FeelStudio.lags")
        print(f"\nstudio lag behind the display clock, display frames over {len(lags)} refreshes: "
              f"p50 {percentile(lags, 50):.2f}, p95 {percentile(lags, 95):.2f}, "
              f"p99 {percentile(lags, 99):.2f}", flush=True)
        span_s = (ticks[-1][0] - ticks[0][0]) / 1000
        intervals = [b[0] - a[0] for a, b in zip(ticks, ticks[1:])]
        print(f"studio while dragging with the live plot on, over {span_s:.2f} s: "
              f"{(len(ticks) - 1) / span_s:.1f} refreshes/s, {sum(t[1] for t in ticks[1:]) / span_s:.1f} new frames "
              f"drawn/s; refresh interval p50 {percentile(intervals, 50):.1f} ms, "
              f"p95 {percentile(intervals, 95):.1f} ms, p99 {percentile(intervals, 99):.1f} ms; drawing a "
              f"refresh p50 {percentile([t[2] for t in ticks], 50):.2f} ms, "
              f"p99 {percentile([t[2] for t in ticks], 99):.2f} ms", flush=True)
        self.assertEqual(self.js("return FeelStudio.errors"), [])

    def stage_pixel(self, x, y):
        """The stage canvas's RGBA at scene point (x, y)."""
        return self.js("var c = document.getElementById('stage'), v = FeelStudio.view,"
                       " r = c.width / (v.x1 - v.x0);"
                       "return Array.from(c.getContext('2d').getImageData(Math.round((arguments[0] - v.x0) * r),"
                       " Math.round((arguments[1] - v.y0) * r), 1, 1).data);", x, y)

    def test_the_stage_draws_with_the_control_skin(self):
        self.driver.get(f"http://127.0.0.1:{self.server.port}/?token={self.server.token}"
                        f"&group={GROUP}&scene={SCENE}")
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.drawn.length > 0"), "frame 0 drawn")
        # the sheet has no control: the generic skin's measured item, dark grey, at 1 pt = 1 px
        self.assertEqual(self.js("return FeelStudio.info.stage.control"), None)
        self.assertEqual(self.js("return FeelStudio.scale"), 1)
        r, g, b, a = self.stage_pixel(100, 800)
        self.assertTrue(r < 80 and abs(r - b) < 8 and a == 255, (r, g, b, a))
        drawn = self.js("return [FeelStudio.skinDrawn.frame, FeelStudio.drawnFrame]")
        self.assertEqual(drawn[0], drawn[1])
        # the detents a release picks from: a yellow ring (6 pt) round each one on the screen,
        # looked at on its diagonal (the target's red cross covers its axes)
        candidates = self.js("return FeelStudio.info.candidates")
        shown = [p for p in candidates if 0 <= p[1] <= 812]
        self.assertGreaterEqual(len(shown), 2, candidates)
        for x, y in shown:
            r, g, b, a = self.stage_pixel(x + 6 * math.sqrt(0.5), y + 6 * math.sqrt(0.5))
            self.assertTrue(r > b + 60 and g > b + 50, (x, y, r, g, b, a))  # yellow, over white or the sheet
        # Castro's bar: its skin's glyphs (the buttons) and the timeline room above the bar
        self.driver.get(f"http://127.0.0.1:{self.server.port}/?token={self.server.token}"
                        f"&group=castro&scene=experiments/scenes/castro-release-right-80.toml")
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.drawn.length > 0"
                                  " && FeelStudio.info.scene.indexOf('castro') >= 0"), "Castro drawn")
        self.assertEqual(self.js("return FeelStudio.info.stage.control.skin"), "castro")
        self.assertEqual(self.js("return FeelStudio.scale"), 1)
        roles = self.js("return FeelStudio.skinDrawn.glyphs.map(function (g) { return g.role; })")
        self.assertGreaterEqual(len(roles), 3, roles)
        self.assertLess(self.js("return FeelStudio.view.y0"), 0)
        self.assertEqual(self.js("return document.getElementById('stage').style.width"), "320px")

    def test_save_as_comp_writes_the_sliders_into_the_control_file(self):
        control = os.path.join(self.root, "experiments/controls/castro.toml")
        with open(control) as f:
            before = f.read()

        def restore():
            with open(control, "w") as f:
                f.write(before)
        self.addCleanup(restore)
        self.driver.get(f"http://127.0.0.1:{self.server.port}/?token={self.server.token}"
                        f"&group=castro&scene=experiments/scenes/castro-release-right-80.toml")
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.drawn.length > 0"
                                  " && FeelStudio.info.scene.indexOf('castro') >= 0"), "Castro drawn")
        self.js("var s = document.querySelector('.slider[data-constant=\"damping\"] input');"
                "s.value = '0.6125'; s.dispatchEvent(new Event('input'));"
                "document.getElementById('comp-name').value = 'Felt on the stage';"
                "window.confirm = function () { return true; };"
                "document.getElementById('save-comp').click();")
        self.wait(lambda: "saved into" in self.js("return document.getElementById('comp-status').textContent"),
                  "the comp saved")
        with open(control, "rb") as f:
            comps = tomllib.load(f)["comp"]
        self.assertEqual(comps[-1]["name"], "Felt on the stage")
        damping = float(self.js("return document.querySelector('.slider[data-constant=\"damping\"] input').value"))
        self.assertAlmostEqual(damping, 0.6125, delta=0.002)
        self.assertEqual(comps[-1]["values"], {"damping": damping, "width": 320})
        # one block of lines added, every old line kept
        with open(control) as f:
            a, b = before.split("\n"), f.read().split("\n")
        p = 0
        while a[p] == b[p]:
            p += 1
        self.assertEqual(b[p + len(b) - len(a):], a[p:])

    def test_url_state_status_line_stale_metrics_and_the_frame_limit(self):
        path = "behavior.sheet-drag.rubber_band"
        self.driver.get(f"http://127.0.0.1:{self.server.port}/?token={self.server.token}"
                        f"&group={GROUP}&scene={SCENE}&set.{path}=0.3")
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.drawn.length > 0"), "frame 0 drawn")
        # the URL's value is the slider's and the session's
        self.assertEqual(self.js("return FeelStudio.set"), {path: 0.3})
        self.assertEqual(self.js("return FeelStudio.request().set[arguments[0]]", path), 0.3)
        row = "document.querySelector('.slider[data-constant=\"rubber_band\"] .value').textContent"
        self.assertEqual(self.js(f"return {row}"), "0.3")
        # the status line at rest: t, the frame drawn, x and y (nothing has moved yet)
        status = self.js("return [document.getElementById('status').textContent, FeelStudio.drawnFrame]")
        match = re.match(r"^t (\d+\.\d{3}) s · frame (\d+) · x (-?\d+\.\d) pt · y (-?\d+\.\d) pt", status[0])
        self.assertIsNotNone(match, status[0])
        self.assertEqual(match.group(3, 4), ("187.5", "700.0"))
        # a slider moved: the URL follows it
        moved = self.js("var s = document.querySelector('.slider[data-constant=\"rubber_band\"] input');"
                        "s.value = '0.45'; s.dispatchEvent(new Event('input')); return Number(s.value);")
        self.wait(lambda: f"set.{path}={moved}" in self.driver.current_url, "the URL following the slider")
        # a finger down on the sheet: the metrics table is the previous gesture's, marked stale
        self.wait(lambda: self.js("return FeelStudio.drawn.length > 0 && FeelStudio.opened"), "replayed")
        self.js("FeelStudio.metrics = null")
        cx, cy = self.js("var r = document.getElementById('stage').getBoundingClientRect(), v = FeelStudio.view;"
                         "return [r.left + (187.5 - v.x0) * FeelStudio.scale, r.top + (430 - v.y0) * FeelStudio.scale];")
        mouse = PointerInput(interaction.POINTER_MOUSE, "studio-mouse")
        down = ActionBuilder(self.driver, mouse=mouse, duration=16)
        down.pointer_action.move_to_location(int(cx), int(cy))
        down.pointer_action.pointer_down()
        for i in range(1, 8):
            down.pointer_action.move_to_location(int(cx), int(cy) - 15 * i)
        down.perform()
        self.assertIn("stale", self.js("return document.getElementById('metrics').className"))
        up = ActionBuilder(self.driver, mouse=mouse, duration=16)
        up.pointer_action.pointer_up()
        up.perform()
        self.wait(lambda: self.js("return FeelStudio.metrics !== null"), "the release's metrics")
        self.assertNotIn("stale", self.js("return document.getElementById('metrics').className"))
        # the sheet moved along y only: the status line names y alone
        self.wait(lambda: self.js("return FeelStudio.range.y[1] - FeelStudio.range.y[0] > 0.5"), "the sheet moved")
        status = self.js("return document.getElementById('status').textContent")
        self.assertRegex(status, r"^t \d+\.\d{3} s · frame \d+ · y -?\d+\.\d pt$")
        # near the frame limit (600 frames before it) the page opens the scene again, and says so
        self.js("FeelStudio.opened.frame_limit = Math.ceil(FeelStudio.advanced * FeelStudio.rate) + 630")
        self.wait(lambda: self.js("return FeelStudio.restarts === 1"), "the re-open near the frame limit")
        self.assertIn("opened again at frame 0", self.js("return document.getElementById('notice').textContent"))
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.drawnFrame >= 0"), "re-opened")

    def test_resweep_around_a_slider_with_numbered_axes(self):
        # the sheet-detents scene is no experiment's base scene: no re-sweep, a word why
        self.driver.get(f"http://127.0.0.1:{self.server.port}/?token={self.server.token}"
                        f"&group={GROUP}&scene={SCENE}")
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.info.scene === arguments[0]", SCENE),
                  "the detents scene opened")
        self.assertFalse(self.driver.find_element("id", "sweep-none").get_attribute("hidden"))
        self.assertFalse(self.driver.find_element("id", "sweep-box").is_displayed())
        self.driver.get(f"http://127.0.0.1:{self.server.port}/?token={self.server.token}"
                        f"&group={GROUP}&scene={PULL}")
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.info.scene === arguments[0]", PULL),
                  "the pull-up scene opened")
        self.assertTrue(self.driver.find_element("id", "sweep-box").is_displayed())
        # the rubber band's slider (span 0.275 to 1.1 around the scene's 0.55) moved to about 0.63
        value = self.js("var s = document.querySelector('.slider[data-constant=\"rubber_band\"] input');"
                        "s.value = '0.63'; s.dispatchEvent(new Event('input')); return Number(s.value);")
        button = self.driver.find_element("id", "resweep")
        self.js("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.wait(lambda: self.js("return FeelStudio.sweep.sweepCSV !== undefined"), "the re-sweep's end")
        sent = self.js("return FeelStudio.sweep.sweepSent")
        # the live panel's rule: the grid's width (1) and count (11) centred on the slider's value
        # (its span is narrower than the width: centred, not shifted); past_pt as the file has it
        axis = sent["axes"]["rubber_band"]
        self.assertEqual(sorted(sent["axes"]), ["rubber_band"])
        self.assertEqual(axis["count"], 11)
        self.assertAlmostEqual(axis["from"], value - 0.5, delta=1e-12)
        self.assertAlmostEqual(axis["to"], value + 0.5, delta=1e-12)
        self.assertEqual(sent["set"], {"behavior.sheet-drag.rubber_band": value})
        self.assertEqual(self.js("return FeelStudio.sweep.progress.value"), 1)
        code, out, err = self.feel(
            "sweep", sent["experiment"], "-o", "-", "--set", f"behavior.sheet-drag.rubber_band={value!r}",
            "--axis", f"rubber_band={{ from = {axis['from']!r}, to = {axis['to']!r}, count = 11 }}")
        self.assertEqual(code, 0, err.decode())
        self.assertEqual(self.js("return FeelStudio.sweep.sweepCSV"), out.decode())
        header, rows = sweep_rows(out.decode())
        self.assertEqual(len(rows), 55)
        # the chart: the first metric along the first axis, past_pt at the middle of its values
        # (the studio's scene has no touch for its path: the finger is the page's)
        self.assertEqual(self.js("var s = FeelStudio.sweep.sweepSlice; return [s.x, s.metric]"),
                         ["rubber_band", "travel_pt"])
        expected = slice_at(header, rows, "rubber_band", "travel_pt", {"past_pt": 60.0})
        self.assertEqual(self.js("return FeelStudio.sweep.sweepPoints"), [list(p) for p in expected])
        self.assertEqual(self.js("return FeelStudio.sweep.sweepMark.x"), value)
        # numbered ticks on both axes: round values inside the drawn ranges, labels drawn
        ticks = self.js("return FeelStudio.sweep.sweepTicks")
        xs, ys = [p[0] for p in expected], [p[1] for p in expected]
        self.assertGreaterEqual(len(ticks["x"]), 3)
        self.assertGreaterEqual(len(ticks["y"]), 3)
        for values, lo, hi in ((ticks["x"], min(xs), max(xs)), (ticks["y"], min(ys), max(ys))):
            step = values[1] - values[0]
            self.assertTrue(all(lo - 1e-9 <= v <= hi + 1e-9 for v in values), (values, lo, hi))
            mantissa = step / 10 ** math.floor(math.log10(step))
            self.assertTrue(any(abs(mantissa - m) < 1e-6 for m in (1, 2, 5)), values)
        ink = self.js("var c = document.getElementById('sweep-chart'), d = c.getContext('2d')"
                      ".getImageData(0, c.height - 30, c.width, 30).data, n = 0;"
                      "for (var i = 0; i < d.length; i += 4) if (d[i] < 160 && d[i + 2] < 160) n++; return n;")
        self.assertGreater(ink, 50, "no tick values or axis name under the chart")
        # along past_pt, at the slider's value (the middle of the re-centred axis: its rows)
        Select(self.driver.find_element("id", "sweep-axis")).select_by_value("past_pt")
        along = self.js("return FeelStudio.sweep.sweepPoints")
        self.assertEqual([p[0] for p in along], [0, 30, 60, 120, 240])
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 1280)
        self.assertEqual(self.js("return FeelStudio.errors"), [])

    def test_page_fits_1280_and_the_notebook_moved(self):
        self.driver.get(f"http://127.0.0.1:{self.server.port}/?token={self.server.token}"
                        f"&group={GROUP}&scene={SCENE}")
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.drawn.length > 0"), "frame 0 drawn")
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 1280)
        label = self.js("var r = document.querySelector('.slider .label').getBoundingClientRect(),"
                        " v = document.querySelector('.slider .value').getBoundingClientRect();"
                        "return [r.right, v.left];")
        self.assertLess(label[0], label[1])
        self.assertIn("group=sheet-rubber-band", self.driver.current_url)
        status, _, page = self.server.request("GET", "/notebook")
        self.assertEqual(status, 200)
        self.assertIn(b"<title>FeelLab notebook</title>", page)


if __name__ == "__main__":
    unittest.main()


class StudioListTests(StudioDriving, BrowserServeTestCase):
    """The springy list (docs/springy-list.md) on the studio's stage: the list skin draws the
    screen's window onto the content at the scroll's offset, and a drag on it scrolls it. Every
    window the page drew is `feel run`'s of the scene the page saved: the offset its latest
    `scroll:scroll` row gives (0 before the first), every bubble whose bounding box (its
    rectangle, turned) meets the screen drawn at its centre minus the offset, no other."""

    SCENE = "experiments/scenes/list-fast-flick.toml"
    SCREEN_PT = (375, 812)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.start(["--quiet", "experiments/list-resistance-flick.toml", "--root", cls.root],
                  after_browser=lambda: cls.driver.set_window_size(1280, 1100))

    def offset(self):
        """The content offset (y) of the window the page drew last."""
        return self.js("var w = FeelStudio.windows; return w.length ? w[w.length - 1][1][1] : null")

    def test_a_drag_on_the_list_scrolls_the_window_drawn(self):
        self.driver.get(f"http://127.0.0.1:{self.server.port}/?token={self.server.token}"
                        f"&group=springy-list&scene={self.SCENE}")
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.windows.length > 0"), "frame 0 drawn")
        self.assertEqual(self.js("return FeelStudio.info.stage.control.skin"), "list")
        self.assertEqual(self.js("return FeelStudio.scale"), 1)
        # whatever the scene's own finger does, wait until the scroll has stopped
        def still():
            first = self.offset()
            time.sleep(0.5)
            return self.offset() == first and not self.js("return FeelStudio.pointers.size")
        self.wait(still, "the list at rest", timeout_s=60)
        before = self.offset()
        # drag the content up the screen: it follows the pointer, then decelerates
        self.drag([(187.5, 700 - 16 * i) for i in range(26)])
        self.wait(lambda: abs(self.offset() - before) > 200, "the list scrolled by the drag")
        self.wait(still, "the list at rest after the drag", timeout_s=60)
        windows = self.js("return FeelStudio.windows")
        self.js("document.getElementById('save-path').value = 'experiments/scenes/list-live.toml';"
                "document.getElementById('save').click();")
        self.wait(lambda: "Saved" in self.js("return document.getElementById('save-status').textContent"),
                  "the scene saved")
        code, out, err = self.feel("run", "experiments/scenes/list-live.toml")
        self.assertEqual(code, 0, err.decode())
        with open(os.path.join(self.root, "experiments/scenes/list-live.toml"), "rb") as f:
            items = tomllib.load(f)["item"]
        rows, scroll = {}, {}
        for line in out.decode().splitlines()[1:]:
            cells = line.split(",")
            k, item = int(cells[0]), cells[2]
            if item == "scroll:scroll":
                scroll[k] = (float(cells[3]), float(cells[4]))
            elif not item.startswith("touch:"):
                rows[(item, k)] = (float(cells[3]), float(cells[4]), float(cells[5]))
        last = max(k for _, k in rows)
        offsets, offset = [], (0.0, 0.0)
        for k in range(last + 1):
            offset = scroll.get(k, offset)
            offsets.append(offset)
        # the windows since the page last (re)started its frames
        start = max(i for i, w in enumerate(windows) if i == 0 or w[0] < windows[i - 1][0])
        windows = windows[start:]
        self.assertGreater(len(windows), 100)
        self.assertGreater(max(abs(w[1][1]) for w in windows), 200)
        for k, drawn_offset, visible in windows:
            want = offsets[k]
            with self.subTest(frame=k):
                self.assertEqual(tuple(drawn_offset), want)
                expected = []
                for n, item in enumerate(items):
                    x, y, angle = rows[(item["id"], k)]
                    (w, h), c, s = item["size"], abs(math.cos(angle)), abs(math.sin(angle))
                    hw, hh = (w * c + h * s) / 2, (w * s + h * c) / 2
                    sx, sy = x - want[0], y - want[1]
                    if -hw <= sx <= self.SCREEN_PT[0] + hw and -hh <= sy <= self.SCREEN_PT[1] + hh:
                        expected.append((n, sx, sy))
                self.assertEqual([(v["index"], v["x"], v["y"]) for v in visible], expected)
                self.assertLess(len(expected), len(items))
        self.assertEqual(self.js("return FeelStudio.errors"), [])
