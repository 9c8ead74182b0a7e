"""The HTTP API against the command line (docs/http-api.md): /api/run and
/api/metrics on every committed scene, by path and as scene_toml, with touches added;
/api/sweep against `feel sweep -o -`. The expected bytes are feel's own, run as a process in
the same root: the server must answer with the very same text."""

import glob
import json
import os
import re
import socket
import time
import unittest

from serve_process import ServeTestCase, REQUEST_TIMEOUT_S

# Experiments swept in both ways: small grids (the debug build sweeps them in seconds), one of
# each kind: a scene experiment, a corpus (recognizer) experiment and a dial experiment.
SWEPT = ["experiments/phone-width-push.toml", "experiments/recognizer-slop-hold.toml",
         "experiments/dial-count-radius.toml"]


def scenes(root):
    return sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "experiments/scenes/*.toml")))


class APITest(ServeTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()

    def setUp(self):
        self.server = self.start_server("--quiet")

    def run_json(self, body):
        status, headers, data = self.server.post("/api/run", body)
        self.assertEqual(headers.get("Content-Type"), "application/json; charset=utf-8", data[:200])
        return status, json.loads(data)

    def test_run_every_scene_by_path_and_text(self):
        for scene in scenes(self.root):
            with self.subTest(scene=scene):
                code, out, err = self.feel("run", scene, "--events")
                status, answer = self.run_json({"scene": scene})
                if code != 0:
                    self.assertEqual(status, 400, answer)
                    self.assertEqual("feel: error: " + answer["error"] + "\n", err.decode())
                    continue
                self.assertEqual(status, 200, answer)
                self.assertEqual(answer["csv"].encode(), out)
                self.assertEqual(answer["events_csv"].encode(), err)
                # The same text given whole: relative paths in it resolve against the root,
                # as they do for a file at the root.
                with open(os.path.join(self.root, scene)) as f:
                    text = f.read()
                status, answer = self.run_json({"scene_toml": text})
                self.assertEqual(status, 200, answer)
                self.assertEqual(answer["csv"].encode(), out)
                self.assertEqual(answer["events_csv"].encode(), err)

    def test_metrics_every_scene_by_path_and_text(self):
        for scene in scenes(self.root):
            with self.subTest(scene=scene):
                code, out, err = self.feel("metrics", scene, "--json")
                status, _, data = self.server.post("/api/metrics", {"scene": scene})
                if code != 0:
                    self.assertEqual(status, 400, data)
                    self.assertEqual("feel: error: " + json.loads(data)["error"] + "\n", err.decode())
                    continue
                self.assertEqual(status, 200, data)
                self.assertEqual(json.loads(data), json.loads(out))
                self.assertEqual(data, out)
                with open(os.path.join(self.root, scene)) as f:
                    text = f.read()
                status, _, data = self.server.post("/api/metrics", {"scene_toml": text})
                self.assertEqual(status, 200, data)
                expected = json.loads(out)
                expected["scene"] = "<request>"
                self.assertEqual(json.loads(data), expected)

    def scene_text_without_touch(self, scene):
        with open(os.path.join(self.root, scene)) as f:
            text = f.read()
        stripped = re.sub(r"\[\[touch\]\]\nid = \"finger\"\n(#[^\n]*\n)*drag = [^\n]*\n", "", text)
        self.assertNotEqual(stripped, text)
        return stripped

    @staticmethod
    def touch_toml(touch_id, samples):
        # The test writes the section itself, in Python's shortest number form (valid TOML).
        rows = ", ".join("[" + ", ".join(repr(x) for x in sample) + "]" for sample in samples)
        return f'\n[[touch]]\nid = "{touch_id}"\nsamples = [{rows}]\n'

    def test_touches_drive_the_scene_as_in_a_file(self):
        # Castro's bar dragged by a finger the request brings: 80 pt right in 0.3 s, then lift.
        scene = "experiments/scenes/castro-drag-right-80.toml"
        text = self.scene_text_without_touch(scene)
        samples = [[round(k / 60, 7), 200 + 80 * min(1.0, k / 18), 25.0] for k in range(19)]
        edited = os.path.join(self.root, "experiments/scenes/edited-by-hand.toml")
        with open(edited, "w") as f:
            f.write(text + ("" if text.endswith("\n") else "\n") + self.touch_toml("finger", samples))
        self.addCleanup(os.remove, edited)
        code, out, err = self.feel("run", "experiments/scenes/edited-by-hand.toml", "--events")
        self.assertEqual(code, 0, err)
        self.assertIn(b"touch:finger", out)
        status, answer = self.run_json(
            {"scene_toml": text, "touches": [{"id": "finger", "samples": samples}]})
        self.assertEqual(status, 200, answer)
        self.assertEqual(answer["csv"].encode(), out)
        self.assertEqual(answer["events_csv"].encode(), err)
        # Metrics of the same: the drag and the snap after it.
        code, mout, merr = self.feel("metrics", "experiments/scenes/edited-by-hand.toml", "--json")
        self.assertEqual(code, 0, merr)
        status, _, data = self.server.post(
            "/api/metrics", {"scene_toml": text, "touches": [{"id": "finger", "samples": samples}]})
        expected = json.loads(mout)
        expected["scene"] = "<request>"
        self.assertEqual(json.loads(data), expected)

    def test_touches_added_after_a_scene_files_own(self):
        scene = "experiments/scenes/castro-release-right-80.toml"
        tap = [[0.5, 40.0, 25.0], [0.55, 40.5, 25.25]]
        with open(os.path.join(self.root, scene)) as f:
            text = f.read()
        edited = os.path.join(self.root, "experiments/scenes/edited-tap.toml")
        with open(edited, "w") as f:
            f.write(text + ("" if text.endswith("\n") else "\n") + self.touch_toml("second", tap))
        self.addCleanup(os.remove, edited)
        code, out, err = self.feel("run", "experiments/scenes/edited-tap.toml", "--events")
        self.assertEqual(code, 0, err)
        self.assertIn(b"touch:second", out)
        status, answer = self.run_json({"scene": scene, "touches": [{"id": "second", "samples": tap}]})
        self.assertEqual(status, 200, answer)
        self.assertEqual(answer["csv"].encode(), out)
        self.assertEqual(answer["events_csv"].encode(), err)

    def test_bad_touches_get_the_readers_message(self):
        scene = "experiments/scenes/castro-release-right-80.toml"
        # Times not increasing: the scene reader's message, at the line the section would have.
        with open(os.path.join(self.root, scene)) as f:
            text = f.read()
        bad = [[0.2, 10.0, 10.0], [0.1, 10.0, 10.0]]
        edited = os.path.join(self.root, "experiments/scenes/edited-bad.toml")
        with open(edited, "w") as f:
            f.write(text + ("" if text.endswith("\n") else "\n") + self.touch_toml("f", bad))
        self.addCleanup(os.remove, edited)
        code, _, err = self.feel("run", "experiments/scenes/edited-bad.toml")
        self.assertEqual(code, 2)
        status, answer = self.run_json({"scene": scene, "touches": [{"id": "f", "samples": bad}]})
        self.assertEqual(status, 400)
        self.assertEqual(answer["error"], err.decode()[len("feel: error: "):].rstrip("\n").replace(
            "experiments/scenes/edited-bad.toml", scene))
        # Not numbers: refused before any scene is read.
        status, answer = self.run_json({"scene": scene, "touches": [{"id": "f", "samples": [["a"]]}]})
        self.assertEqual(status, 400)
        self.assertIn("touches[0].samples[0]", answer["error"])

    def test_set_as_feel_run_set(self):
        scene = "experiments/scenes/castro-tap-left.toml"
        settings = {"behavior.scrub-snap.damping": 0.5, "item.bar.size.0": 375,
                    "profile": "ios7", "behavior.scrub-rotation.allows_rotation": True,
                    "touch.finger.tap.point.0": 60}
        arguments = []
        for path, value in settings.items():
            written = json.dumps(value) if not isinstance(value, bool) else str(value).lower()
            arguments += ["--set", f"{path}={written}"]
        code, out, err = self.feel("run", scene, "--events", *arguments)
        self.assertEqual(code, 0, err)
        _, plain, _ = self.feel("run", scene)
        self.assertNotEqual(out, plain)
        status, answer = self.run_json({"scene": scene, "set": settings})
        self.assertEqual(status, 200, answer)
        self.assertEqual(answer["csv"].encode(), out)
        self.assertEqual(answer["events_csv"].encode(), err)
        code, mout, merr = self.feel("metrics", scene, "--json", *arguments)
        self.assertEqual(code, 0, merr)
        status, _, data = self.server.post("/api/metrics", {"scene": scene, "set": settings})
        self.assertEqual(status, 200, data)
        self.assertEqual(json.loads(data), json.loads(mout))
        # Refused values: the text feel run --set prints, the option written as TOML.
        for path, value, written in [("behavior.scrub-snap.dampng", 0.5, "0.5"),
                                     ("behavior.scrub-snap.damping", -1, "-1"),
                                     ("profile", "ios8", '"ios8"'),
                                     ("duration", 1e9, "1000000000")]:
            with self.subTest(path=path):
                code, _, err = self.feel("run", scene, "--set", f"{path}={written}")
                self.assertEqual(code, 2)
                status, answer = self.run_json({"scene": scene, "set": {path: value}})
                self.assertEqual(status, 400, answer)
                self.assertEqual("feel: error: " + answer["error"] + "\n", err.decode())
        status, answer = self.run_json({"scene": scene, "set": {"duration": [1, 2]}})
        self.assertEqual(status, 400)
        self.assertIn("key 'set.duration'", answer["error"])

    def test_bad_bodies(self):
        cases = [
            (b"not json", "expected a JSON object"),
            (b"[1, 2]", "expected a JSON object"),
            (json.dumps({"scene": 3}).encode(), "key 'scene'"),
            (json.dumps({"scene": "a.toml", "scene_toml": "x"}).encode(), "got both"),
            (json.dumps({}).encode(), "got nothing"),
            (json.dumps({"scenes": "a.toml"}).encode(), "did you mean 'scene'?"),
            (json.dumps({"scene_toml": ""}).encode(), "<request>: cannot read the scene file: it is empty"),
        ]
        for body, needle in cases:
            with self.subTest(body=body):
                status, _, data = self.server.post("/api/run", body)
                self.assertEqual(status, 400, data)
                self.assertIn(needle, json.loads(data)["error"])
        status, _, data = self.server.post(
            "/api/run", {"scene": "experiments/scenes/no-such-scene.toml"})
        self.assertEqual(status, 400)
        code, _, err = self.feel("run", "experiments/scenes/no-such-scene.toml")
        self.assertEqual("feel: error: " + json.loads(data)["error"] + "\n", err.decode())
        status, headers, _ = self.server.request("GET", "/api/run")
        self.assertEqual(status, 405)
        self.assertEqual(headers.get("Allow"), "POST")
        status, _, _ = self.server.request("GET", "/no/such/page")
        self.assertEqual(status, 404)

    def test_sweep_streams_feel_sweeps_bytes(self):
        for experiment in SWEPT:
            with self.subTest(experiment=experiment):
                code, out, err = self.feel("sweep", experiment, "-o", "-", "--quiet")
                self.assertEqual(code, 0, err)
                status, headers, data = self.server.post("/api/sweep", {"experiment": experiment})
                self.assertEqual(status, 200, data[:300])
                self.assertEqual(headers.get("Transfer-Encoding"), "chunked")
                self.assertEqual(headers.get("Content-Type"), "text/csv; charset=utf-8")
                self.assertEqual(data, out)
        status, _, data = self.server.post("/api/sweep", {"experiment": "experiments/scenes/apple-snap.toml"})
        self.assertEqual(status, 400)
        code, _, err = self.feel("sweep", "experiments/scenes/apple-snap.toml", "-o", "-")
        self.assertEqual("feel: error: " + json.loads(data)["error"] + "\n", err.decode())

    def test_sweep_around_given_constants(self):
        """`set` and `axes` against `feel sweep --set --axis`, and both against `feel sweep` of
        the experiment file edited by hand to hold them (a [fixed] table, the axes' new values).
        A `set` of a path an axis moves (the push's magnitude) is ignored: the axis wins."""
        experiment = "experiments/phone-width-push.toml"
        body = {"experiment": experiment,
                "set": {"behavior.scrub-snap.damping": 0.5, "behavior.hint-push.magnitude": 3,
                        "profile": "ios7"},
                "axes": {"push": {"from": 2, "to": 3, "step": 0.25}, "width_pt": [375, 390]}}
        arguments = ["--set", "behavior.hint-push.magnitude=3", "--set", "behavior.scrub-snap.damping=0.5",
                     "--set", "profile=ios7", "--axis", "push=2:3:0.25", "--axis", "width_pt=[375, 390]"]
        code, out, err = self.feel("sweep", experiment, "-o", "-", "--quiet", *arguments)
        self.assertEqual(code, 0, err)
        status, headers, data = self.server.post("/api/sweep", body)
        self.assertEqual(status, 200, data[:300])
        self.assertEqual(headers.get("Transfer-Encoding"), "chunked")
        self.assertEqual(data, out)
        path = os.path.join(self.root, experiment)
        with open(path) as f:
            original = f.read()
        edited = original.replace("values = [320, 375, 390, 393, 430]", "values = [375, 390]")
        edited = edited.replace("range = { from = 0.5, to = 8, step = 0.125 }",
                                "range = { from = 2, to = 3, step = 0.25 }")
        first_axis = edited.index("[[axis]]")
        edited = (edited[:first_axis] + '[fixed]\n"behavior.scrub-snap.damping" = 0.5\n'
                  + 'profile = "ios7"\n\n' + edited[first_axis:])
        self.assertEqual(edited.count("values = [375, 390]") + edited.count("step = 0.25 }"), 2)
        try:
            with open(path, "w") as f:
                f.write(edited)
            code, by_hand, err = self.feel("sweep", experiment, "-o", "-", "--quiet")
        finally:
            with open(path, "w") as f:
                f.write(original)
        self.assertEqual(code, 0, err)
        self.assertEqual(out, by_hand)
        self.assertIn(b"# fixed: behavior.scrub-snap.damping = 0.5\n", out)
        self.assertEqual(len(out.decode().split("width_pt,push,")[1].splitlines()), 1 + 2 * 5)
        # A count range and a dial experiment's axis by its values.
        code, out, err = self.feel("sweep", experiment, "-o", "-", "--quiet",
                                   "--axis", "push={ from = 1, to = 2, count = 3 }")
        self.assertEqual(code, 0, err)
        status, _, data = self.server.post(
            "/api/sweep", {"experiment": experiment, "axes": {"push": {"from": 1, "to": 2, "count": 3}}})
        self.assertEqual((status, data), (200, out))

    def test_sweep_around_given_constants_refused(self):
        experiment = "experiments/phone-width-push.toml"
        # `set` as `feel sweep --set` (the option's message, as /api/run's).
        for path, value, written in [("behavior.scrub-snap.dampng", 0.5, "0.5"),
                                     ("behavior.scrub-snap.damping", -1, "-1"),
                                     ("profile", "ios8", '"ios8"')]:
            with self.subTest(path=path):
                code, _, err = self.feel("sweep", experiment, "-o", "-", "--set", f"{path}={written}")
                self.assertEqual(code, 2)
                status, _, data = self.server.post(
                    "/api/sweep", {"experiment": experiment, "set": {path: value}})
                self.assertEqual(status, 400, data)
                self.assertEqual("feel: error: " + json.loads(data)["error"] + "\n", err.decode())
        cases = [
            ({"axes": {"psh": [1, 2]}}, "<request>: key 'axes.psh': expected the name of an axis of "
             "experiments/phone-width-push.toml (width_pt, push), got \"psh\"; did you mean 'push'?"),
            ({"axes": {"push": {"from": 1, "to": 2, "step": 0}}}, "<request>: key 'axes.push.step': "
             "expected a step from 1 towards 2 (> 0), got 0: the range is empty"),
            ({"axes": {"push": {"from": 1, "to": 2, "stp": 1}}}, "did you mean 'step'?"),
            ({"axes": {"push": {"from": 1, "to": "2", "step": 1}}}, "key 'axes.push.to': expected a number"),
            ({"axes": {"push": []}}, "key 'axes.push': expected a non-empty array"),
            ({"axes": {"push": [1, "a"]}}, "values of one kind"),
            ({"axes": {"width_pt": [-375]}}, "key 'axes.width_pt': expected values that item.bar.size.0 accepts"),
            ({"axes": [1]}, "key 'axes': expected an object of axis names"),
            ({"set": [1]}, "key 'set': expected an object"),
            ({"axes": {"push": {"from": 0, "to": 1, "step": 1e-6}}}, "at most 2000000 grid points"),
            ({"axis": {}}, "did you mean 'axes'?"),
        ]
        for extra, needle in cases:
            with self.subTest(body=extra):
                status, _, data = self.server.post("/api/sweep", {"experiment": experiment, **extra})
                self.assertEqual(status, 400, data)
                self.assertIn(needle, json.loads(data)["error"])
        code, _, err = self.feel("sweep", experiment, "-o", "-", "--axis", "push=0:1:1e-6")
        self.assertEqual(code, 2)
        self.assertIn("at most 2000000 grid points", err.decode())
        # The server still sweeps.
        code, out, _ = self.feel("sweep", experiment, "-o", "-", "--quiet")
        status, _, data = self.server.post("/api/sweep", {"experiment": experiment})
        self.assertEqual((status, data), (200, out))


class SweepCancelTest(ServeTestCase):
    def test_closing_the_connection_stops_the_sweep(self):
        server = self.start_server()
        body = json.dumps({"experiment": "experiments/bench/release-100k.toml"}).encode()
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=REQUEST_TIMEOUT_S)
        sock.sendall(
            b"POST /api/sweep HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAuthorization: Bearer %s\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
            % (server.port, server.token.encode(), len(body), body))
        received = b""
        while b"\r\n\r\n" not in received or len(received) < 4096:
            chunk = sock.recv(65536)
            self.assertTrue(chunk, "the server closed before sending rows")
            received += chunk
        self.assertTrue(received.startswith(b"HTTP/1.1 200"), received[:200])
        sock.close()
        deadline = time.monotonic() + 60
        while "stopped after" not in server.stderr() and time.monotonic() < deadline:
            time.sleep(0.1)
        log = server.stderr()
        match = re.search(r"stopped after (\d+) of (\d+) points \(client gone\)", log)
        self.assertIsNotNone(match, log)
        self.assertLess(int(match[1]), int(match[2]))
        # The server still answers.
        status, _, _ = server.post("/api/run", {"scene": "experiments/scenes/apple-snap.toml"})
        self.assertEqual(status, 200)


if __name__ == "__main__":
    unittest.main()
