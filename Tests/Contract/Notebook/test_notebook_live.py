"""The notebook opened from disk (no server): every explorer's live panel says how to start the
studio (docs/live-panel.md), and the page ships none of the studio's live scripts
(the server adds them to the page it serves)."""

import unittest

from test_notebook import NOTEBOOK, open_notebook, wait_ready


class LivePanelFromDisk(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.driver = open_notebook()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def test_each_explorer_says_how_to_start_the_studio(self):
        driver = self.driver
        ids = driver.execute_script(
            "return FeelLab.page.experiments.filter(function (e) { return !e.summary; })"
            ".map(function (e) { return e.id; })")
        self.assertGreater(len(ids), 3)
        for experiment in ids[:4]:
            wait_ready(driver, experiment)
            text = driver.execute_script(
                "var p = document.querySelector('.explorer[data-experiment=\"' + arguments[0] + '\"] "
                ".live .live-offline'); return p && p.textContent;", experiment)
            self.assertIsNotNone(text, experiment)
            self.assertIn("make studio", text)
            self.assertIn("feel serve", text)
        self.assertFalse(driver.execute_script("return !!FeelLab.livePanel || !!FeelLab.live"))
        self.assertFalse((NOTEBOOK / "live").exists())
        self.assertFalse(driver.execute_script("return !!document.querySelector('.live-canvas')"))


if __name__ == "__main__":
    unittest.main()
