"""POST /api/gap (docs/studio.md): the boundary coordinates a `gap_to` constant's value stands
for (Castro's wall offset). Expected coordinates from the closed form (the wall `gap` beyond the
bar's edge at rest: its snap point ∓ half its width), never from the server; the run with those
values set equals `feel run --set`; `feel notebook`'s own reading of the constant (in the
control's data) is not involved. Bad bodies: 400 naming the key; a path out of the root: 403."""

import json
import tomllib
import os
import unittest

from serve_process import ServeTestCase

EXPERIMENT = "experiments/wall-offset-damping.toml"
LEFT = "experiments/scenes/castro-tap-hint-left.toml"
RIGHT = "experiments/scenes/castro-tap-hint-right.toml"


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


if __name__ == "__main__":
    unittest.main()
