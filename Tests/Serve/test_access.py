"""Who may use the server and what it refuses (docs/studio.md, "Security" and "Limits"): the
token, the Host and Origin checks, the root confinement, the size limits. Each refusal must
come with the contract's status and leave the root as it was; a good request still works
afterwards. The 403 on every path for every wrong token, and each right way of carrying it,
are tested in-process (Tests/FeelServeTests/ServeHTTPTests.swift); here what needs the real
process: the Host header on the wire, the WebSocket upgrade's 403, the page's cookie.

The files outside the root are named pipes: opening one for reading blocks until a writer
comes, so a server that so much as opened it would never answer, and the test would fail on
its time-out instead of getting the 403."""

import json
import os
import socket
import tempfile
import shutil
import unittest

from serve_process import ServeTestCase, REQUEST_TIMEOUT_S

SCENE = "experiments/scenes/apple-snap.toml"


class AccessTest(ServeTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.outside = tempfile.mkdtemp(prefix="feel-serve-outside-")
        cls.fifo = os.path.join(cls.outside, "secret.toml")
        os.mkfifo(cls.fifo)
        # A symlink inside the root to the pipe outside it, an experiment whose base scene is
        # outside, and a scene whose trace file is outside.
        os.symlink(cls.fifo, os.path.join(cls.root, "experiments/scenes/link-out.toml"))
        with open(os.path.join(cls.root, "experiments/reaches-out.toml"), "w") as f:
            with open(os.path.join(cls.root, "experiments/phone-width-push.toml")) as g:
                text = g.read()
            f.write(text.replace('scene = "scenes/', f'scene = "{os.path.relpath(cls.outside, os.path.join(cls.root, "experiments"))}/', 1))
        with open(os.path.join(cls.root, "experiments/huge-grid.toml"), "w") as f:
            f.write(text.replace("range = { from = 0.5, to = 8, step = 0.125 }",
                                 "range = { from = 0.5, to = 8, count = 200000 }"))
        with open(os.path.join(cls.root, "experiments/scenes/trace-out.toml"), "w") as f:
            f.write('title = "trace outside"\nframe_rate = 60\nduration = 1\n\n[[item]]\nid = "b"\n'
                    'size = [10, 10]\ncenter = [0, 0]\n\n[[touch]]\nid = "f"\n'
                    f'file = "{os.path.relpath(cls.fifo, os.path.join(cls.root, "experiments/scenes"))}"\n')

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.outside, ignore_errors=True)

    def setUp(self):
        # The page shows one experiment: the others planted here reach out of the root, which
        # the server refuses at start for the page as it does for a request.
        self.server = self.start_server("experiments/phone-width-push.toml")
        self.before = self.listing()

    def tearDown(self):
        self.assertEqual(self.listing(), self.before, "the root changed")
        status, _, data = self.server.post("/api/run", {"scene": SCENE})
        self.assertEqual(status, 200, data[:200])

    def assertForbidden(self, answer):
        status, headers, data = answer
        self.assertEqual(status, 403, data[:300])
        self.assertEqual(json.loads(data), {"error": self.forbidden_text()})
        self.assertNotIn("Access-Control-Allow-Origin", headers)

    def forbidden_text(self):
        _, _, data = self.server.post("/api/run", {"scene": SCENE}, token=False)
        return json.loads(data)["error"]

    def test_the_page_sets_the_cookie_its_requests_then_carry(self):
        s = self.server
        status, headers, page = s.request("GET", "/?token=" + s.token, token=False)
        self.assertEqual(status, 200)
        self.assertIn(b"<html", page[:200].lower())
        cookie = headers["Set-Cookie"]
        self.assertIn("HttpOnly", cookie)
        self.assertIn("SameSite=Strict", cookie)
        pair = cookie.split(";")[0]
        status, headers, script = s.request("GET", "/js/base.js", token=False, headers={"Cookie": pair})
        self.assertEqual(status, 200)
        self.assertEqual(headers["Content-Type"], "text/javascript; charset=utf-8")
        status, _, _ = s.request("GET", "/js/base.js", token=False)
        self.assertEqual(status, 403)

    def test_a_foreign_host_is_refused(self):
        s = self.server
        for host in ["evil.example:%d" % s.port, "127.0.0.1:1", "localhost", "127.0.0.2:%d" % s.port]:
            with self.subTest(host=host):
                self.assertForbidden(s.post("/api/run", {"scene": SCENE}, headers={"Host": host}))
        for host in ["127.0.0.1:%d" % s.port, "localhost:%d" % s.port, "[::1]:%d" % s.port,
                     "LOCALHOST:%d" % s.port]:
            with self.subTest(host=host):
                status, _, _ = s.post("/api/run", {"scene": SCENE}, headers={"Host": host})
                self.assertEqual(status, 200)

    def test_a_foreign_origin_is_refused_on_a_post(self):
        s = self.server
        for origin in ["http://evil.example", "null", "http://127.0.0.1:%d.evil" % s.port,
                       "https://127.0.0.1:%d" % s.port, "http://127.0.0.1:%d" % (s.port + 1)]:
            with self.subTest(origin=origin):
                self.assertForbidden(s.post("/api/run", {"scene": SCENE}, headers={"Origin": origin}))
        for origin in ["http://127.0.0.1:%d" % s.port, "http://localhost:%d" % s.port]:
            with self.subTest(origin=origin):
                status, headers, _ = s.post("/api/run", {"scene": SCENE}, headers={"Origin": origin})
                self.assertEqual(status, 200)
                self.assertNotIn("Access-Control-Allow-Origin", headers)

    def upgrade(self, origin, token=True):
        """The status line a WebSocket upgrade of /api/live gets."""
        s = self.server
        sock = socket.create_connection(("127.0.0.1", s.port), timeout=REQUEST_TIMEOUT_S)
        try:
            path = "/api/live" + (f"?token={s.token}" if token else "")
            sock.sendall(
                (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n").encode())
            data = b""
            while b"\r\n" not in data:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                data += chunk
            return data.split(b"\r\n")[0].decode()
        finally:
            sock.close()

    def test_a_foreign_origin_is_refused_on_a_websocket_upgrade(self):
        port = self.server.port
        self.assertEqual(self.upgrade("http://evil.example"), "HTTP/1.1 403 Forbidden")
        self.assertEqual(self.upgrade(f"http://127.0.0.1:{port}", token=False), "HTTP/1.1 403 Forbidden")
        self.assertEqual(self.upgrade(f"http://127.0.0.1:{port}"), "HTTP/1.1 101 Switching Protocols")

    def test_paths_leaving_the_root_are_refused_unread(self):
        s = self.server
        outside = os.path.relpath(self.fifo, self.root)
        for body in [{"scene": outside}, {"scene": "experiments/../" + outside}, {"scene": self.fifo},
                     {"scene": "experiments/scenes/link-out.toml"},
                     {"scene": "experiments/scenes/trace-out.toml"}, {"scene": "~/x.toml"}]:
            for path in ["/api/run", "/api/metrics"]:
                with self.subTest(path=path, body=body):
                    self.assertForbidden(s.post(path, body))
        for body in [{"experiment": outside}, {"experiment": self.fifo},
                     {"experiment": "experiments/reaches-out.toml"},
                     {"experiment": "experiments/scenes/link-out.toml"}]:
            with self.subTest(body=body):
                self.assertForbidden(s.post("/api/sweep", body))
        # A `..` that stays inside is refused too (a request path has none), and a missing
        # file outside gets the same 403 as an existing one.
        self.assertForbidden(s.post("/api/run", {"scene": "experiments/../" + SCENE}))
        self.assertForbidden(s.post("/api/run", {"scene": "../no-such-file.toml"}))

    def test_a_body_over_1_mib_is_refused(self):
        s = self.server
        body = json.dumps({"scene_toml": "#" * (2 << 20)}).encode()
        status, _, data = s.post("/api/run", body)
        self.assertEqual(status, 413)
        self.assertIn("1 MiB", json.loads(data)["error"])
        # Without a Content-Length (chunked): refused once 1 MiB has come.
        connection = s.connection()
        try:
            connection.putrequest("POST", "/api/run")
            connection.putheader("Authorization", f"Bearer {s.token}")
            connection.putheader("Transfer-Encoding", "chunked")
            connection.endheaders()
            piece = b"#" * 65536
            try:
                for _ in range(32):
                    connection.send(b"%x\r\n%s\r\n" % (len(piece), piece))
                connection.send(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
            response = connection.getresponse()
            self.assertEqual(response.status, 413)
        finally:
            connection.close()

    def test_an_answer_over_64_mib_is_refused_naming_the_limit(self):
        # 60 still items for 1,000,000 frames: about 2.4 KB a frame, far over 64 MiB.
        items = "".join(f'[[item]]\nid = "i{k}"\nsize = [10, 10]\ncenter = [{k}, 0]\n\n' for k in range(60))
        text = f'title = "huge"\nframe_rate = 60\nduration = 16666\n\n{items}'
        status, _, data = self.server.post("/api/run", {"scene_toml": text})
        self.assertEqual(status, 413, data[:300])
        self.assertIn("64 MiB", json.loads(data)["error"])
        # A sweep whose CSV could pass the limit is refused before any point is run: a
        # million grid points of six metrics (the debug build would take hours to run them).
        status, _, data = self.server.post("/api/sweep", {"experiment": "experiments/huge-grid.toml"})
        self.assertEqual(status, 413, data[:300])
        self.assertIn("64 MiB", json.loads(data)["error"])


if __name__ == "__main__":
    unittest.main()
