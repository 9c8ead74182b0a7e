"""feel-serve as a program (docs/studio.md, "Command"): the one URL line, the token, the
options' errors, `feel serve` running feel-serve, and stopping on SIGTERM or SIGINT (exit 0
within 2 s, nothing left behind)."""

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import unittest

from serve_process import FEEL, FEEL_SERVE, REQUEST_TIMEOUT_S, START_TIMEOUT_S, ServeTestCase

# The contract's bound on stopping.
STOP_LIMIT_S = 2.0


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
            (["experiments/scenes/apple-snap.toml"], "expected an experiment file"),
        ]
        for args, needle in cases:
            with self.subTest(args=args):
                done = subprocess.run([FEEL_SERVE, "--port", "0", *args], cwd=self.root,
                                      capture_output=True, timeout=START_TIMEOUT_S)
                self.assertEqual(done.returncode, 2, done.stderr)
                self.assertEqual(done.stdout, b"")
                self.assertIn("feel: error: ", done.stderr.decode())
                self.assertIn(needle, done.stderr.decode())

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

    def stop_during_a_sweep(self, number):
        server = self.start_server()
        before = self.listing()
        body = json.dumps({"experiment": "experiments/bench/release-100k.toml"}).encode()
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=REQUEST_TIMEOUT_S)
        self.addCleanup(sock.close)
        sock.sendall(
            b"POST /api/sweep HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAuthorization: Bearer %s\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (server.port, server.token.encode(), len(body), body))
        received = b""
        while len(received) < 4096:
            chunk = sock.recv(65536)
            self.assertTrue(chunk)
            received += chunk
        self.assertTrue(received.startswith(b"HTTP/1.1 200"))
        start = time.monotonic()
        server.signal(number)
        status = server.wait(timeout_s=10)
        elapsed = time.monotonic() - start
        self.assertEqual(status, 0, server.stderr())
        self.assertLess(elapsed, STOP_LIMIT_S)
        # The client sees the answer cut off: no last chunk.
        sock.settimeout(10)
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            received += chunk
        self.assertFalse(received.endswith(b"\r\n0\r\n\r\n"), "a cut sweep must not look complete")
        self.assertEqual(self.listing(), before, "files left behind")
        # Nothing in the temporary folder either (the page is built in memory).
        return server

    def test_sigterm_during_a_sweep(self):
        self.stop_during_a_sweep(signal.SIGTERM)

    def test_sigint_during_a_sweep(self):
        self.stop_during_a_sweep(signal.SIGINT)

    def test_sigterm_while_idle(self):
        server = self.start_server()
        start = time.monotonic()
        server.signal(signal.SIGTERM)
        self.assertEqual(server.wait(timeout_s=10), 0)
        self.assertLess(time.monotonic() - start, STOP_LIMIT_S)


if __name__ == "__main__":
    unittest.main()
