"""POST /api/gap (docs/http-api.md): the boundary coordinates a `gap_to` constant's value stands
for (Castro's wall offset). Expected coordinates from the closed form (the wall `gap` beyond the
bar's edge at rest: its snap point ∓ half its width), never from the server; the run with those
values set equals `feel run --set`. In a scene with neither a snap nor a target (a bar that
falls onto its wall), the walls /api/gap places for a gap read back as that gap in `feel
notebook`'s data (the one rest rule, ControlConstant.gapRest_pt). Bad bodies: 400 naming the
key; a path out of the root: 403."""

import json
import tomllib
import os
import shutil
import unittest

from serve_process import ServeTestCase

EXPERIMENT = "experiments/wall-offset-damping.toml"
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
# A gap set as wall coordinates (the edge − the gap) and read back (the edge − the coordinate):
# two roundings of pt values in double, far below anything drawn.
GAP_READ_BACK_PT = 1e-9
LEFT = "experiments/scenes/castro-tap-hint-left.toml"
RIGHT = "experiments/scenes/castro-tap-hint-right.toml"


def notebook_data(test, experiment):
    """`feel notebook EXPERIMENT`'s data for it (data/NAME.js), parsed: what the page reads a
    constant from."""
    out = os.path.join(test.root, "out-notebook")
    code, _, err = test.feel("notebook", experiment, "--output", out, "--quiet")
    test.assertEqual(code, 0, err.decode())
    name = os.path.basename(experiment)[:-len(".toml")]
    with open(os.path.join(out, "data", name + ".js")) as f:
        text = f.read()
    return json.loads(text[text.index("= {") + 2:].rstrip().rstrip(";"))


def stored(column, i):
    """Stored point i's value of a notebook data column: `{all: value}` or a list."""
    return column[i] if isinstance(column, list) else column["all"]


class GapTests(ServeTestCase):
    def setUp(self):
        self.server = self.start_server("--quiet")

    def gap(self, body):
        status, _, data = self.server.post("/api/gap", dict({"experiment": EXPERIMENT}, **body))
        return status, json.loads(data)

    def scene(self, path):
        with open(os.path.join(self.root, path), "rb") as f:
            return tomllib.load(f)

    def walls(self, path, ids):
        """{id: x} of the vertical boundaries of `path` named `ids`."""
        found = {}
        for behavior in self.scene(path)["behavior"]:
            for b in behavior.get("boundaries", []):
                if b["id"] in ids and b["from"][0] == b["to"][0]:
                    found[b["id"]] = b["from"][0]
        return found

    def test_closed_form_on_either_side_and_with_a_width_set(self):
        for path in (LEFT, RIGHT):
            scene = self.scene(path)
            snap = [b for b in scene["behavior"] if b["id"] == "scrub-snap"][0]["point"]
            walls = self.walls(path, ("wall", "left-wall", "right-wall"))
            self.assertTrue(walls, path)
            for width, gap in ((None, 12.5), (None, 0), (300, 7.25), (280, -3)):
                body = {"scene": path, "constant": "wall", "gap_pt": gap}
                w = scene["item"][0]["size"][0]
                if width is not None:
                    body["set"] = {"item.bar.size.0": width}
                    w = width
                status, answer = self.gap(body)
                self.assertEqual(status, 200, answer)
                expected = {}
                for wall_id, x in walls.items():
                    left = x <= snap[0]
                    value = (snap[0] - w / 2) - gap if left else (snap[0] + w / 2) + gap
                    expected[f"boundary.{wall_id}.from.0"] = value
                    expected[f"boundary.{wall_id}.to.0"] = value
                self.assertEqual(answer, {"constant": "wall", "gap_pt": gap, "set": expected}, (path, width, gap))

    def test_the_run_with_the_answer_equals_feel_run_set(self):
        status, answer = self.gap({"scene": LEFT, "constant": "wall", "gap_pt": 13.37})
        self.assertEqual(status, 200, answer)
        status, _, data = self.server.post("/api/run", {"scene": LEFT, "set": answer["set"]})
        self.assertEqual(status, 200, data)
        args = [a for k, v in sorted(answer["set"].items()) for a in ("--set", f"{k}={json.dumps(v)}")]
        code, out, err = self.feel("run", LEFT, *args)
        self.assertEqual(code, 0, err.decode())
        self.assertEqual(json.loads(data)["csv"], out.decode())
        code, base, _ = self.feel("run", LEFT)
        self.assertNotEqual(out, base, "the wall moved the motion")

    def test_without_a_snap_or_a_target_the_gap_reads_back_as_sent(self):
        # The bar falls left onto its wall and rests against it: no snap, no target. The gap is
        # read from, and set from, the bar's start (ControlConstant.gapRest_pt, one rule for
        # both): the notebook's reading of the walls /api/gap placed is the gap sent.
        scene_path = "experiments/scenes/bar-falls-to-wall.toml"
        experiment_path = "experiments/bar-falls-to-wall.toml"
        shutil.copy(os.path.join(FIXTURES, "bar-falls-to-wall-scene.toml"), os.path.join(self.root, scene_path))
        with open(os.path.join(FIXTURES, "bar-falls-to-wall.toml")) as f:
            experiment = f.read()
        with open(os.path.join(self.root, experiment_path), "w") as f:
            f.write(experiment)
        scene = self.scene(scene_path)
        bar = scene["item"][0]
        self.assertFalse([b for b in scene["behavior"] if b["type"] == "snap"])
        start_x = bar["center"][0]
        for gap in (8, 12.5, 3.25):
            status, answer = self.gap({"experiment": experiment_path, "scene": scene_path,
                                       "constant": "wall", "gap_pt": gap})
            self.assertEqual(status, 200, answer)
            # closed form: the wall `gap` left of the bar's left edge at its start
            wall_x = (start_x - bar["size"][0] / 2) - gap
            self.assertEqual(answer["set"], {"boundary.wall.from.0": wall_x, "boundary.wall.to.0": wall_x})
            # measured back: the notebook's reading of the constant with the wall there
            with open(os.path.join(self.root, experiment_path), "w") as f:
                f.write(experiment.replace("values = [-8]", f"values = [{wall_x!r}]"))
            data = notebook_data(self, experiment_path)
            # the stored point's (exact comps' motions may follow it)
            read = stored(data["points"]["constants"]["wall"], 0)
            self.assertLessEqual(abs(read - gap), GAP_READ_BACK_PT, (gap, read))
            # where the bar came to rest is not its start: a gap read from there would differ
            code, run, err = self.feel("run", scene_path, "--set", f"boundary.wall.from.0={wall_x!r}",
                                       "--set", f"boundary.wall.to.0={wall_x!r}")
            self.assertEqual(code, 0, err.decode())
            last = run.decode().strip().split("\n")[-1].split(",")
            self.assertLess(float(last[3]), start_x - 1, "the bar fell towards its wall")

    def test_bad_bodies(self):
        cases = [
            ({"scene": LEFT, "constant": "damping", "gap_pt": 1}, "gap_to"),
            ({"scene": LEFT, "constant": "wal", "gap_pt": 1}, "did you mean 'wall'"),
            ({"scene": LEFT, "constant": "wall", "gap_pt": "1"}, "key 'gap_pt'"),
            ({"scene": LEFT, "gap_pt": 1}, "key 'constant'"),
            ({"scene": LEFT, "constant": "wall"}, "key 'gap_pt'"),
            ({"scene": "experiments/scenes/castro-release-right-40.toml", "constant": "wall", "gap_pt": 1},
             "no vertical or horizontal boundary"),
            ({"scene": LEFT, "constant": "wall", "gap_pt": 1, "touches": []}, "unknown key"),
        ]
        for body, message in cases:
            status, answer = self.gap(body)
            self.assertEqual(status, 400, body)
            self.assertIn(message, answer["error"], body)
        status, _, _ = self.server.post("/api/gap", {"experiment": "../x.toml", "scene": LEFT,
                                                      "constant": "wall", "gap_pt": 1})
        self.assertEqual(status, 403)


SHEET = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Controls", "bottom-sheet")
SHEET_EXPERIMENT = "sheet/bottom-sheet-stop.toml"
SHEET_SCENE = "sheet/scenes/bottom-sheet.toml"


def without_touch(text, touch_id):
    """The scene's text without its [[touch]] section for `touch_id`: the form the studio's page
    opens a scene whose finger comes from the page in (live-panel.js, liveScene)."""
    out, skipping, lines = [], False, text.split("\n")
    for i, line in enumerate(lines):
        if line.lstrip().startswith("["):
            skipping = False
            if line.strip() == "[[touch]]":
                following = "\n".join(lines[i + 1:i + 4])
                skipping = f'id = "{touch_id}"' in following
        if not skipping:
            out.append(line)
    return "\n".join(out)


class BottomSheetGapTests(ServeTestCase):
    """A bottom sheet (Tests/Controls/bottom-sheet) whose experiment measures its finger
    (`[measure] touch`) and whose drag-ended rule picks the detent at the release: the stop's
    gap is read from the picked detent, not the file's snap point, from the page's form of the
    scene (its finger removed) as from the file; and the notebook's reading of each grid point,
    which the studio's re-sweep places its rows by, is the gap /api/gap sets."""

    def setUp(self):
        shutil.copytree(SHEET, os.path.join(self.root, "sheet"), dirs_exist_ok=True)
        self.server = self.start_server("--quiet")

    def gap(self, body):
        status, _, data = self.server.post("/api/gap", dict({"experiment": SHEET_EXPERIMENT}, **body))
        return status, json.loads(data)

    def picked_y(self, *sets):
        """The detent the release picks, as `feel run --events` reports the drag-ended rule."""
        args = [a for k, v in sets for a in ("--set", f"{k}={v}")]
        code, _, events = self.feel("run", SHEET_SCENE, "--events", *args)
        self.assertEqual(code, 0, events.decode())
        for line in events.decode().split("\n"):
            if "drag-ended" in line and " snap detent-snap point " in line:
                return float(line.split(" snap detent-snap point ")[1].split()[1])
        self.fail("no pick in the events")

    def test_from_the_page_and_from_the_file_at_the_picked_detent(self):
        with open(os.path.join(self.root, SHEET_SCENE)) as f:
            text = f.read()
        page = without_touch(text, "finger")
        self.assertNotIn("[[touch]]", page)
        picked = self.picked_y()
        file_point = tomllib.loads(text)["behavior"][1]["point"][1]
        self.assertNotEqual(picked, file_point, "the release picks another detent than the file's")
        for gap in (20, 7.5, 33.25):
            # closed form: the stop `gap` above the sheet's top edge at the picked detent
            y = (picked - 300) - gap
            expected = {"boundary.top-stop.from.1": y, "boundary.top-stop.to.1": y}
            for body in ({"scene": SHEET_SCENE}, {"scene_toml": page}):
                status, answer = self.gap(dict(body, constant="stop", gap_pt=gap))
                self.assertEqual(status, 200, answer)
                self.assertEqual(answer, {"constant": "stop", "gap_pt": gap, "set": expected}, body)

    def test_the_notebook_reads_the_gap_the_slider_sets(self):
        data = notebook_data(self, SHEET_EXPERIMENT)
        stops = data["axes"][1]["labels"]
        reads = data["points"]["constants"]["stop"]
        self.assertEqual(len(stops), 3)
        picked = self.picked_y()
        for damping in range(3):
            for k, label in enumerate(stops):
                stop_y = float(label)
                read = stored(reads, damping * 3 + k)
                # closed form: the stop above the sheet's top edge at the picked detent
                self.assertLessEqual(abs(read - ((picked - 300) - stop_y)), GAP_READ_BACK_PT, label)
                # the slider at this point's value sets the stop where the point has it
                status, answer = self.gap({"scene": SHEET_SCENE, "constant": "stop", "gap_pt": read})
                self.assertEqual(status, 200, answer)
                self.assertLessEqual(abs(answer["set"]["boundary.top-stop.from.1"] - stop_y),
                                     GAP_READ_BACK_PT, (label, read))


if __name__ == "__main__":
    unittest.main()
