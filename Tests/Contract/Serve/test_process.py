"""feel-serve as a program (docs/studio.md, "Usage"): the one URL line, the token, the
options' errors, `feel serve` running feel-serve. Stopping on SIGTERM or SIGINT is
test_signals.py's."""

import json
import os
import shutil
import signal
import subprocess
import tempfile
import unittest

from serve_process import FEEL, FEEL_SERVE, START_TIMEOUT_S, ServeTestCase


class ProcessTest(ServeTestCase):
    def test_one_url_line_and_a_new_token_each_start(self):
        first = self.start_server()
        second = self.start_server()
        self.assertEqual(first.host, "127.0.0.1")
        self.assertNotEqual(first.port, second.port)
        # At least 128 random bits: 64 hex digits (256 bits), different at every start.
        self.assertRegex(first.token, r"^[0-9a-f]{64}$")
        self.assertNotEqual(first.token, second.token)
        first.stop()
        self.assertEqual(first.rest_of_stdout(), "", "more than one line on standard output")
        self.assertEqual(first.process.returncode, 0)

    def test_token_from_the_option_or_the_environment(self):
        server = self.start_server("--token", "given-token_1")
        self.assertEqual(server.token, "given-token_1")
        env = dict(os.environ, FEEL_SERVE_TOKEN="from.environment~2")
        server = self.start_server(env=env)
        self.assertEqual(server.token, "from.environment~2")
        status, _, _ = server.post("/api/run", {"scene": "experiments/scenes/apple-snap.toml"})
        self.assertEqual(status, 200)

    def test_bad_options_exit_2_naming_the_option(self):
        cases = [
            (["--port", "70000"], "--port: expected a port from 0 to 65535"),
            (["--token", "has space"], "--token: expected a token of letters"),
            (["--root", "/no/such/folder"], "--root: expected an existing folder"),
            (["experiments/no-such.toml"], "experiments/no-such.toml"),
            (["experiments/controls/no-such.toml"], "experiments/controls/no-such.toml"),
        ]
        for args, needle in cases:
            with self.subTest(args=args):
                done = subprocess.run([FEEL_SERVE, "--port", "0", *args], cwd=self.root,
                                      capture_output=True, timeout=START_TIMEOUT_S)
                self.assertEqual(done.returncode, 2, done.stderr)
                self.assertEqual(done.stdout, b"")
                self.assertIn("feel: error: ", done.stderr.decode())
                self.assertIn(needle, done.stderr.decode())

    def test_a_scene_given_alone_is_the_studio_s_first(self):
        # a scene or a control file is shown too (docs/studio.md, "Usage"), no experiment
        server = self.start_server("experiments/scenes/apple-snap.toml")
        status, _, body = server.request("GET", "/api/studio")
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["first"], "experiments/scenes/apple-snap.toml")

    def test_a_host_beyond_loopback_gets_a_warning(self):
        server = self.start_server("--host", "0.0.0.0")
        self.assertEqual(server.host, "0.0.0.0")
        server.stop()
        self.assertIn("warning: --host 0.0.0.0 is not a loopback address", server.stderr())
        loopback = self.start_server("--host", "127.0.0.1")
        loopback.stop()
        self.assertNotIn("warning", loopback.stderr())

    def test_feel_serve_runs_feel_serve(self):
        # Beside feel (the build folder): the server's URL line, its exit status.
        process = subprocess.Popen([FEEL, "serve", "--port", "0", "--root", self.root],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            line = process.stdout.readline().decode()
            self.assertRegex(line, r"^feel serve: http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{64}\n$")
        finally:
            process.send_signal(signal.SIGTERM)
            self.assertEqual(process.wait(timeout=10), 0)
            process.stdout.close()
            process.stderr.close()
        # Alone, with no feel-serve beside it or on PATH: says where it looked.
        alone = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, alone)
        shutil.copy(FEEL, os.path.join(alone, "feel"))
        done = subprocess.run([os.path.join(alone, "feel"), "serve"], capture_output=True,
                              env={"PATH": "/usr/bin:/bin"}, timeout=60)
        self.assertEqual(done.returncode, 2)
        message = done.stderr.decode()
        self.assertIn("feel-serve", message)
        self.assertIn(os.path.join(alone, "feel-serve"), message)
        self.assertIn("PATH", message)
        # On PATH.
        bin_folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, bin_folder)
        os.symlink(FEEL_SERVE, os.path.join(bin_folder, "feel-serve"))
        done = subprocess.run([os.path.join(alone, "feel"), "serve", "--port", "70000"],
                              capture_output=True, env={"PATH": bin_folder + ":/usr/bin:/bin"},
                              timeout=60)
        self.assertEqual(done.returncode, 2)
        self.assertIn("--port: expected a port", done.stderr.decode())


if __name__ == "__main__":
    unittest.main()
