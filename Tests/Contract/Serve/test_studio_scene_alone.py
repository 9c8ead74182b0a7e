"""`feel serve CONTROL SCENE`: a control file and a scene of one's own, no experiment
(docs/studio.md, "Usage"), shown live by the studio at `/` in headless Chromium with real pointer
events. The root holds the repository's experiments/ and a copy of Tests/Controls/bottom-sheet
(a control, its scene) in a folder of its own, the two files given: the studio opens the scene
given first, under its control's group; the sheet is flicked with the
mouse in one session; the live plot draws, the metrics come after the release, the sliders are
the control file's three (its gap one asked through the control file); there is no re-sweep
and the page says why; every frame drawn is `feel run` of the scene the page saves."""

import os
import shutil
import unittest

from serve_process import REPO
from test_studio_instrument import StudioDriving
from test_studio_page import BrowserServeTestCase

FOLDER = "my-sheet"
CONTROL = f"{FOLDER}/controls/bottom-sheet.toml"
SCENE = f"{FOLDER}/scenes/bottom-sheet.toml"


class StudioSceneAloneTests(StudioDriving, BrowserServeTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        shutil.copytree(os.path.join(REPO, "Tests/Controls/bottom-sheet"), os.path.join(cls.root, FOLDER))
        cls.start(["--quiet", CONTROL, SCENE, "--root", cls.root],
                  after_browser=lambda: cls.driver.set_window_size(1280, 1100))

    def test_a_control_and_its_scene_alone_are_shown_live(self):
        # the URL names no scene: the page opens the one given (the committed controls' groups
        # come first in the list)
        self.driver.get(f"http://127.0.0.1:{self.server.port}/?token={self.server.token}")
        self.wait(lambda: self.js("return !!FeelStudio.opened && FeelStudio.drawn.length > 0"), "frame 0 drawn")
        self.assertNotEqual(self.js("return FeelStudio.catalog.groups[0].control"), CONTROL)
        self.assertEqual(self.js("return FeelStudio.info.scene"), SCENE)
        self.assertEqual(self.js("return FeelStudio.group.control"), CONTROL)
        self.assertIn(f"scene={SCENE.replace('/', '%2F')}", self.driver.current_url)
        sliders = self.js("return Array.from(document.querySelectorAll('.slider'))"
                          ".map(function (s) { return s.dataset.constant; })")
        self.assertEqual(sliders, ["damping", "stop", "projection"])
        # no experiment: no re-sweep, and a word why
        self.assertFalse(self.driver.find_element("id", "sweep-box").is_displayed())
        self.assertTrue(self.driver.find_element("id", "sweep-none").is_displayed())
        # the gap slider is answered through the control file: the stop's boundary moves
        self.js("var s = document.querySelector('.slider[data-constant=\"stop\"] input');"
                "s.value = String((Number(s.min) + Number(s.max)) / 2); s.dispatchEvent(new Event('input'));")
        self.wait(lambda: self.js("return FeelStudio.set['boundary.top-stop.from.1'] !== undefined"),
                  "the stop's boundary set")
        self.wait(lambda: self.js("return FeelStudio.opened && FeelStudio.drawn.length > 0"), "replayed")
        # the scene's drag names its finger: the first pointer takes that id; flick the sheet up
        waiting = self.js("return FeelStudio.opened.waiting_touches")
        self.assertEqual(len(waiting), 1)
        start = self.js("return FeelStudio.info.items.filter(function (i) {"
                        " return i.id === FeelStudio.info.measured; })[0]")
        x, y = start["center"]
        top = y - start["size"][1] / 2
        self.drag([(x, top + 30 - 25 * i) for i in range(12)])
        self.wait(lambda: self.js("return FeelStudio.metrics !== null"), "the metrics after the release")
        self.assertEqual(self.js("return FeelStudio.used"), waiting)
        self.assertGreater(self.js("return FeelStudio.plotDrawn"), 0)
        self.assertGreater(self.js("return document.querySelectorAll('#metrics tr').length"), 3)
        # every frame drawn since the last replay is feel run of the saved scene (drawn before the
        # save: the session goes on after it)
        drawn = self.js("return FeelStudio.drawn")
        self.js("document.getElementById('save-path').value = 'my-sheet/scenes/flicked.toml';"
                "document.getElementById('save').click();")
        self.wait(lambda: "Saved" in self.js("return document.getElementById('save-status').textContent"),
                  "the scene saved")
        code, out, err = self.feel("run", "my-sheet/scenes/flicked.toml")
        self.assertEqual(code, 0, err.decode())
        item = start["id"]
        rows = {}
        for line in out.decode().splitlines()[1:]:
            cells = line.split(",")
            if cells[2] == item:
                rows[int(cells[0])] = [float(c) for c in cells[3:6]]
        last_start = max(i for i, d in enumerate(drawn) if i == 0 or d[0] < drawn[i - 1][0])
        after = drawn[last_start:]
        self.assertGreater(len(after), 30)
        for k, dx, dy, angle in after:
            self.assertEqual(rows[k], [dx, dy, angle], f"frame {k}")
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 1280)
        self.assertEqual(self.js("return FeelStudio.errors"), [])


if __name__ == "__main__":
    unittest.main()
