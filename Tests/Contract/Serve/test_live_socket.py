"""The live sessions' WebSocket layer on the wire (docs/live-protocol.md): what the in-process
tests (Tests/FeelServeTests/LiveSocketTests.swift, which cover fragments, a binary message,
the close, 1009 for fragments past the limit and the order of answers) cannot see through
HummingbirdWSTesting's client: a ping gets a pong with its payload, a single frame over the
size limit closes the connection with 1009, and a long advance on one connection does not hold
another session's frames until it ends."""

import json
import multiprocessing
import os
import struct
import time
import unittest

import websocket

from live_client import Live, without_touches
from serve_process import REQUEST_TIMEOUT_S, ServeTestCase

# The largest message a session reads (docs/live-protocol.md, "Limits of a session": 1 MiB).
MAX_MESSAGE_BYTES = 1 << 20
RELEASE = "experiments/scenes/castro-release-right-80.toml"


class LiveSocketTest(ServeTestCase):
    def setUp(self):
        self.server = self.start_server("--quiet")

    def connect(self):
        live = Live(self.server)
        self.addCleanup(live.close)
        return live

    def test_ping_is_answered_with_its_payload(self):
        live = self.connect()
        live.ws.ping(b"feel-ping-42")
        frame = live.ws.recv_data_frame(control_frame=True)
        self.assertEqual(frame[0], websocket.ABNF.OPCODE_PONG)
        self.assertEqual(frame[1].data, b"feel-ping-42")

    def assert_closed_with(self, ws, status):
        # recv_frame: the frame as it came (recv_data_frame would answer the close itself, on
        # a socket the server has closed).
        frame = ws.recv_frame()
        self.assertEqual(frame.opcode, websocket.ABNF.OPCODE_CLOSE)
        self.assertEqual(struct.unpack("!H", frame.data[:2])[0], status)

    def test_a_message_over_the_limit_closes_with_1009(self):
        # One frame over the limit: the server closes as soon as it reads the frame's length,
        # while the client may still be sending it (then its send fails; what matters is that
        # the server goes on, below).
        live = self.connect()
        try:
            live.ws.send("x" * (MAX_MESSAGE_BYTES + 1))
            self.assert_closed_with(live.ws, 1009)
        except (ConnectionResetError, BrokenPipeError):
            pass
        # Fragments each within the limit that together pass it: the server reads them whole,
        # then closes with 1009.
        live = self.connect()
        half = "y" * (MAX_MESSAGE_BYTES // 2 + 1)
        live.ws.send_frame(websocket.ABNF.create_frame(half, websocket.ABNF.OPCODE_TEXT, fin=0))
        live.ws.send_frame(websocket.ABNF.create_frame(half, websocket.ABNF.OPCODE_CONT, fin=1))
        self.assert_closed_with(live.ws, 1009)
        # The server goes on.
        other = self.connect()
        self.assertEqual(other.open(scene=RELEASE)["type"], "frame")

    def test_a_long_advance_does_not_hold_another_sessions_frames(self):
        # Session A steps to the frame limit, 1,000,000 frames with a finger down (the engine
        # steps every frame, still or not), far more than a slice of 256 frames. The server's
        # connections share its event loops (one a core, handed out in turn), so of one more
        # session than there are cores at least one runs on A's loop: each one's advance, sent
        # while A's answer streams, is answered before A's ends. A is read in a process of its
        # own, so that reading its stream does not slow this one's reads (Python's GIL).
        others = [self.connect() for _ in range((os.cpu_count() or 1) + 1)]
        for other in others:
            other.open(scene=RELEASE)
        with open(os.path.join(self.root, "experiments/scenes/castro-drag-right-80.toml")) as f:
            scene = without_touches(f.read())
        context = multiprocessing.get_context("fork")
        streaming = context.Event()
        results = context.Queue()
        reader = context.Process(
            target=long_advance, args=(self.server.port, self.server.token, scene, streaming, results))
        reader.start()
        self.addCleanup(reader.kill)
        self.assertTrue(streaming.wait(REQUEST_TIMEOUT_S), "A's advance began")
        answered = []
        for other in others:
            other.send({"type": "advance", "to_t_s": 0.5})
        for other in others:
            other.until(lambda m: m["type"] in ("frame", "still")
                        and m.get("frame", m.get("to_frame")) >= 30)
            answered.append(time.monotonic())
        outcome = results.get(timeout=600)
        reader.join(timeout=REQUEST_TIMEOUT_S)
        self.assertNotIn("error", outcome, outcome.get("error"))
        self.assertLess(max(answered), outcome["ended"],
                        f"every other session was answered before A's advance ended "
                        f"(A's advance took {outcome['ended'] - outcome['began']:.3f} s)")


def long_advance(port, token, scene, streaming, results):
    """Session A (a process of its own): opens `scene`, puts a finger down, advances to the
    frame limit; signals `streaming` at its first frame; puts the time its last frame came."""
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/api/live?token={token}",
                                     timeout=REQUEST_TIMEOUT_S)
    ws.send(json.dumps({"type": "open", "scene_toml": scene}))
    limit = None
    while True:
        message = json.loads(ws.recv())
        if message["type"] == "opened":
            limit = message["frame_limit"]
        elif message["type"] == "frame":
            break
    ws.send(json.dumps({"type": "touch", "id": "finger", "phase": "down", "t_s": 0,
                        "x_pt": 200, "y_pt": 25}))
    began = time.monotonic()
    ws.send(json.dumps({"type": "advance", "to_t_s": limit / 60}))
    first = True
    while True:
        text = ws.recv()
        if first:
            streaming.set()
            first = False
        if '"to_frame":%d' % limit in text or '"frame":%d,' % limit in text:
            results.put({"began": began, "ended": time.monotonic()})
            break
        if '"type":"error"' in text:
            results.put({"error": text})
            break
    ws.close()

if __name__ == "__main__":
    unittest.main()
