"""POST /api/export (docs/http-api.md): `feel export`'s report of a scene, by path and with `set`: the text byte for byte what `feel export` prints for the same
scene file, the report what `feel export --json` prints; a scene with nothing to export gets
`feel export`'s message."""

import json
import os
import unittest

from serve_process import ServeTestCase

SCENES = ["experiments/scenes/castro-release-right-80.toml", "experiments/scenes/dial-detent-release.toml",
          "experiments/scenes/castro-drag-right-80.toml"]


class ExportTests(ServeTestCase):
    def setUp(self):
        self.server = self.start_server("--quiet")

    def export(self, *args):
        code, out, err = self.feel("export", *args)
        self.assertEqual(code, 0, err.decode())
        return out.decode()

    def test_by_path_equals_feel_export(self):
        for scene in SCENES:
            status, _, data = self.server.post("/api/export", {"scene": scene})
            self.assertEqual(status, 200, data)
            answer = json.loads(data)
            self.assertEqual(answer["text"], self.export(scene), scene)
            self.assertEqual(answer["report"], json.loads(self.export(scene, "--json")), scene)

    def test_set_equals_the_file_edited_to_hold_it(self):
        scene = "experiments/scenes/castro-release-right-80.toml"
        with open(os.path.join(self.root, scene)) as f:
            text = f.read()
        edited = text.replace("damping = 0.35", "damping = 0.6")
        self.assertNotEqual(edited, text)
        # the same file name in another folder: the report names the scene by its file name
        os.makedirs(os.path.join(self.root, "edited"), exist_ok=True)
        path = os.path.join(self.root, "edited", os.path.basename(scene))
        with open(path, "w") as f:
            f.write(edited)
        self.addCleanup(os.remove, path)
        status, _, data = self.server.post(
            "/api/export", {"scene": scene, "set": {"behavior.scrub-snap.damping": 0.6}})
        self.assertEqual(status, 200, data)
        self.assertEqual(json.loads(data)["report"], json.loads(self.export(os.path.relpath(path, self.root), "--json")))

    def test_nothing_to_export_is_feel_exports_message(self):
        toml = 'title = "no items"\nframe_rate = 60\nduration = 1\n'
        status, _, data = self.server.post("/api/export", {"scene_toml": toml})
        self.assertEqual(status, 400)
        path = os.path.join(self.root, "empty.toml")
        with open(path, "w") as f:
            f.write(toml)
        self.addCleanup(os.remove, path)
        code, _, err = self.feel("export", "empty.toml")
        self.assertEqual(code, 2)
        expected = err.decode().removeprefix("feel: error: ").strip().replace("empty.toml", "<request>")
        self.assertEqual(json.loads(data)["error"], expected)


if __name__ == "__main__":
    unittest.main()
