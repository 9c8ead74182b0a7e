"""SIGTERM and SIGINT at the moments a server is busy (docs/studio.md, "Stopping"): right after
its URL line, while a live session's `open` is being answered, while a live session streams the
frames of an advance, while a sweep streams its rows; for `feel-serve` run directly and for
`feel serve` (the same process, which `feel` replaced). Each must exit with status 0 within 2 s,
a live session seeing the server's close (1001, going away) and a sweep its answer cut off.
And SIGKILL while a live session saves: no partial file at the path.

A race shows only now and then: SIGNAL_REPEAT (default 1) runs every moment that many times
(docs/server-measurements.md, "Measured", gives runs of 50 and 10 while release builds kept
the cores busy)."""

import json
import os
import signal
import socket
import time

import websocket

from live_client import Live, Pointer, without_touches
from serve_process import FEEL, REQUEST_TIMEOUT_S, ServeTestCase

STOP_LIMIT_S = 2.0
REPEAT = int(os.environ.get("SIGNAL_REPEAT", "1"))
SCENE = "experiments/scenes/castro-drag-right-80.toml"


class SignalTest(ServeTestCase):
    def stop(self, server, number, meanwhile):
        """Sends `number`, calls `meanwhile` (a client reading what comes), and waits: the
        exit status and the seconds it took."""
        start = time.monotonic()
        server.signal(number)
        if meanwhile:
            meanwhile()
        status = server.wait(timeout_s=10)
        return status, time.monotonic() - start

    def check_stops(self, server, number, what, meanwhile=None):
        status, seconds = self.stop(server, number, meanwhile)
        name = signal.Signals(number).name
        self.assertEqual(status, 0, f"{what}, {name}: status {status}; {server.stderr()}")
        self.assertLess(seconds, STOP_LIMIT_S, f"{what}, {name}: {seconds:.2f} s")

    def live(self, server):
        ws = websocket.create_connection(
            f"ws://127.0.0.1:{server.port}/api/live?token={server.token}",
            timeout=REQUEST_TIMEOUT_S)
        # Cleanups run last first: the close, then the socket's end (websocket-client's close
        # leaves the socket open once it has answered the server's close itself).
        self.addCleanup(ws.shutdown)
        self.addCleanup(ws.close)
        return ws

    def scene_text(self):
        with open(os.path.join(self.root, SCENE)) as f:
            return without_touches(f.read())

    def expect_going_away(self, ws, n):
        """Reads what is left: the server's close frame says 1001 (going away)."""
        ws.settimeout(10)
        while True:
            try:
                opcode, data = ws.recv_data(control_frame=True)
            except (websocket.WebSocketConnectionClosedException, ConnectionError):
                self.fail(f"#{n}: the connection ended without the server's close frame")
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                self.assertEqual(int.from_bytes(data[:2], "big"), 1001)
                return

    def at_every_moment(self, command, number):
        for n in range(REPEAT):
            # Right after the URL line.
            self.check_stops(self.start_server("--quiet", command=command), number, f"idle (#{n})")

            # While `open` is read and answered.
            server = self.start_server("--quiet", command=command)
            ws = self.live(server)
            ws.send(json.dumps({"type": "open", "scene_toml": self.scene_text()}))
            self.check_stops(server, number, f"during open (#{n})")

            # While an advance's frames stream (10 s of scene time, 600 frames): the session,
            # read on as a page reads it, is closed with 1001 after the frames sent before. (A
            # client that does not read cannot see the close behind what it left unread: the
            # deadline ends the server then.)
            server = self.start_server("--quiet", command=command)
            ws = self.live(server)
            ws.send(json.dumps({"type": "open", "scene_toml": self.scene_text()}))
            self.assertEqual(json.loads(ws.recv())["type"], "opened")
            ws.send(json.dumps({"type": "advance", "to_t_s": 10}))
            self.assertEqual(json.loads(ws.recv())["type"], "frame")
            self.check_stops(server, number, f"during a live stream (#{n})",
                             lambda: self.expect_going_away(ws, n))

            # While a sweep streams its rows: cut off, never complete, nothing left behind (the
            # page is built in memory).
            server = self.start_server("--quiet", command=command)
            before = self.listing()
            body = json.dumps({"experiment": "experiments/bench/release-100k.toml"}).encode()
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=REQUEST_TIMEOUT_S)
            self.addCleanup(sock.close)
            sock.sendall(
                b"POST /api/sweep HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAuthorization: Bearer %s\r\n"
                b"Content-Length: %d\r\n\r\n%s"
                % (server.port, server.token.encode(), len(body), body))
            received = sock.recv(65536)
            self.assertTrue(received.startswith(b"HTTP/1.1 200"), received[:200])
            self.check_stops(server, number, f"during a sweep (#{n})")
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

    def test_feel_serve_executable_sigterm(self):
        self.at_every_moment(None, signal.SIGTERM)

    def test_feel_serve_executable_sigint(self):
        self.at_every_moment(None, signal.SIGINT)

    def test_feel_serve_command_sigterm(self):
        self.at_every_moment([FEEL, "serve"], signal.SIGTERM)

    def test_feel_serve_command_sigint(self):
        self.at_every_moment([FEEL, "serve"], signal.SIGINT)

    def test_sigkill_while_saving_leaves_no_partial_file(self):
        os.makedirs(os.path.join(self.root, "out"), exist_ok=True)
        text = self.scene_text()
        expected = None
        for attempt, delay_s in enumerate([None, 0, 0.0005, 0.001, 0.002, 0.005, 0.01]):
            server = self.start_server("--quiet")
            live = Live(server)
            live.open(scene_toml=text)
            pointer = Pointer(live, seed=12)
            # A long drag: a large file to write.
            pointer.stroke("finger", 0.0, 20.0, lambda u: (200 + 80 * u, 25))
            pointer.play(21.0)
            path = f"out/live-killed-{attempt}.toml"
            full = os.path.join(self.root, path)
            if delay_s is None:
                # The reference: a save that completes.
                self.assertEqual(live.request({"type": "save", "path": path})["type"], "saved")
                with open(full) as f:
                    expected = f.read()
                live.close()
                server.stop()
                continue
            live.send({"type": "save", "path": path})
            time.sleep(delay_s)
            server.process.send_signal(signal.SIGKILL)
            server.process.wait()
            live.ws.close()
            if os.path.exists(full):
                with open(full) as f:
                    self.assertEqual(f.read(), expected, "a file at the path is complete")
            leftovers = [n for n in os.listdir(os.path.dirname(full))
                         if n.startswith(f".live-killed-{attempt}.toml.")]
            for name in leftovers:
                # A temporary file may stay (hidden, never at the path): the next write removes it.
                self.assertTrue(name.endswith(".tmp"), name)
