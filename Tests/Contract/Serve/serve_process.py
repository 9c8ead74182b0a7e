"""feel-serve as a process for the tests: started on a free port (--port 0), its URL line read,
stopped with SIGTERM (then SIGKILL) by the test that started it, also when the test fails.

FEEL_SERVE and FEEL name the executables (the Makefile passes the debug builds)."""

import http.client
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time
import re
import unittest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
FEEL_SERVE = os.path.abspath(os.environ.get("FEEL_SERVE", os.path.join(REPO, ".build/debug/feel-serve")))
FEEL = os.path.abspath(os.environ.get("FEEL", os.path.join(REPO, ".build/debug/feel")))

# How long a server may take to print its URL line, and one request to be answered (debug
# builds on a loaded two-core machine).
START_TIMEOUT_S = 60
REQUEST_TIMEOUT_S = 300

URL_LINE = re.compile(r"^feel serve: http://(?P<host>[^/]+):(?P<port>\d+)/\?token=(?P<token>\S+)$")


def resident_kib(pid):
    """A process's resident memory (KiB): VmRSS of /proc/PID/status (Linux)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


class Server:
    """One running feel-serve. `stop()` sends SIGTERM and waits; it is registered as the
    test's cleanup by `start_server`."""

    def __init__(self, args, cwd, env=None, command=None):
        """`command`: how the server is started (default: feel-serve; `[FEEL, "serve"]`)."""
        self.stderr_file = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [*(command or [FEEL_SERVE]), "--port", "0", *args], cwd=cwd, env=env, stdout=subprocess.PIPE,
            stderr=self.stderr_file, stdin=subprocess.DEVNULL)
        self.line = self._read_line(START_TIMEOUT_S)
        match = URL_LINE.match(self.line)
        if not match:
            self.kill()
            raise AssertionError(f"not the URL line: {self.line!r}; stderr: {self.stderr()}")
        self.host = match["host"]
        self.port = int(match["port"])
        self.token = match["token"]

    def _read_line(self, timeout_s):
        deadline = time.monotonic() + timeout_s
        data = b""
        fd = self.process.stdout.fileno()
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                raise AssertionError(f"no URL line within {timeout_s} s (got {data!r}); stderr: {self.stderr()}")
            ready, _, _ = select.select([fd], [], [], min(left, 0.5))
            if ready:
                chunk = os.read(fd, 1)
                if not chunk:
                    self.kill()
                    raise AssertionError(
                        f"the server ended without its URL line (got {data!r}, status "
                        f"{self.process.returncode}); stderr: {self.stderr()}")
                data += chunk
        return data.decode().rstrip("\n")

    def stderr(self):
        self.stderr_file.seek(0)
        return self.stderr_file.read().decode(errors="replace")

    def rest_of_stdout(self):
        """What the server printed on standard output after its URL line (after `stop()`)."""
        return self.rest.decode(errors="replace")

    def connection(self, timeout=REQUEST_TIMEOUT_S):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def request(self, method, path, body=None, headers=None, token=True):
        """(status, headers, body bytes). `token`: send the Bearer token."""
        headers = dict(headers or {})
        if token:
            headers.setdefault("Authorization", f"Bearer {self.token}")
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            headers.setdefault("Content-Type", "application/json")
        connection = self.connection()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            # The headers read case-insensitively (an email.message.Message).
            return response.status, response.headers, response.read()
        finally:
            connection.close()

    def post(self, path, body, **kwargs):
        return self.request("POST", path, body, **kwargs)

    def signal(self, number):
        self.process.send_signal(number)

    def wait(self, timeout_s):
        return self.process.wait(timeout=timeout_s)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        if not self.process.stdout.closed:
            self.rest = self.process.stdout.read()
            self.process.stdout.close()

    def __del__(self):
        self.stderr_file.close()

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class ServeTestCase(unittest.TestCase):
    """A test case with a temporary root holding a copy of the repository's experiments/."""

    root = None

    @classmethod
    def setUpClass(cls):
        cls.root = tempfile.mkdtemp(prefix="feel-serve-test-")
        shutil.copytree(os.path.join(REPO, "experiments"), os.path.join(cls.root, "experiments"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.root, ignore_errors=True)

    def start_server(self, *args, env=None, cwd=None, command=None):
        server = Server(list(args) + ["--root", self.root], cwd=cwd or self.root, env=env,
                        command=command)
        self.addCleanup(server.stop)
        return server

    def feel(self, *args, cwd=None):
        """`feel ARGS` in the root: (status, stdout bytes, stderr bytes)."""
        done = subprocess.run([FEEL, *args], cwd=cwd or self.root, capture_output=True,
                              timeout=REQUEST_TIMEOUT_S)
        return done.returncode, done.stdout, done.stderr

    def listing(self):
        """Every file and folder under the root with its size and modification time."""
        found = []
        for folder, names, files in os.walk(self.root):
            for name in sorted(names + files):
                path = os.path.join(folder, name)
                info = os.lstat(path)
                found.append((os.path.relpath(path, self.root), info.st_size, info.st_mtime_ns))
        return sorted(found)
