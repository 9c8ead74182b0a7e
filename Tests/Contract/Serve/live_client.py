"""A live session's client for the tests (docs/live-protocol.md): websocket-client
(Tests/Contract/Serve/requirements.txt) on feel-serve's /api/live, with helpers that collect the frames
a session streams and compare them with `feel run` of the scene `save` wrote."""

import csv
import io
import json
import os
import random
import re
import time

import websocket

from serve_process import REQUEST_TIMEOUT_S

# A `[[touch]]` section of a scene file, up to the next section: removed to make a scene whose
# drags wait for a live finger.
TOUCH_SECTION = re.compile(r"^\[\[touch\]\]\n(?:(?!\[).*\n|\n)*", re.M)


FRAME_RATE = 60


def scene_text(root, name):
    """A committed scene's text, from the root's copy of experiments/scenes."""
    with open(os.path.join(root, "experiments/scenes", name)) as f:
        return f.read()


def without_touches(text):
    """The scene's text without its [[touch]] sections."""
    return TOUCH_SECTION.sub("", text)


class Live:
    """One WebSocket connection to /api/live."""

    def __init__(self, server, timeout=REQUEST_TIMEOUT_S):
        self.ws = websocket.create_connection(
            f"ws://127.0.0.1:{server.port}/api/live?token={server.token}", timeout=timeout)
        # Every frame row received since the last (re)start, by frame number, and events.
        self.frames = {}
        self.events = []
        self.opened = None
        self.errors = []
        self.received = []

    def close(self):
        self.ws.close()

    def send(self, message):
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self):
        text = self.ws.recv()
        message = json.loads(text)
        if message.get("type") == "frame":
            # The numbers as the text they were written with: the CSV's very digits.
            message["raw"] = json.loads(text, parse_float=str, parse_int=str)
        self.received.append(message["type"])
        return message

    def take(self, message):
        """Records a server message; returns it."""
        kind = message["type"]
        if kind in ("opened", "restarted"):
            self.frames = {}
            self.events = []
            if kind == "opened":
                self.opened = message
        elif kind == "frame":
            self.frames[message["frame"]] = message
        elif kind == "still":
            # Each frame equal to the one before the run, at its own time (k / frame rate, the
            # CSV's t_s as Python's repr writes it, Swift's shortest form).
            before = self.frames[message["from_frame"] - 1]
            rate = self.opened["frame_rate"]
            for k in range(message["from_frame"], message["to_frame"] + 1):
                raw = dict(before["raw"], frame=str(k), t_s=repr(k / rate))
                self.frames[k] = dict(before, frame=k, still=True, raw=raw)
        elif kind == "event":
            self.events.append(message)
        elif kind == "error":
            self.errors.append(message["message"])
        return message

    def until(self, predicate):
        """Receives messages until one satisfies `predicate`; returns it."""
        while True:
            message = self.take(self.receive())
            if predicate(message):
                return message

    def idle(self, seconds):
        """Reads (and keeps) whatever comes for `seconds`, answering the server's pings as a
        browser does: a client that reads nothing is closed by the server's keep-alive."""
        deadline = time.monotonic() + seconds
        self.ws.settimeout(0.2)
        try:
            while time.monotonic() < deadline:
                try:
                    self.take(self.receive())
                except websocket.WebSocketTimeoutException:
                    pass
        finally:
            self.ws.settimeout(REQUEST_TIMEOUT_S)

    def frame_reached(self):
        return max(self.frames) if self.frames else -1

    def open(self, **body):
        self.send({"type": "open", **body})
        answer = self.until(lambda m: m["type"] in ("frame", "error"))
        return answer

    def touch(self, id, phase, t, x, y):
        self.send({"type": "touch", "id": id, "phase": phase, "t_s": t, "x_pt": x, "y_pt": y})

    def advance(self, t, frame_rate=60):
        """Sends an advance and waits for its last frame (frames up to floor(t × rate))."""
        target = int(t * frame_rate + 1e-9)
        self.send({"type": "advance", "to_t_s": t})
        if target > self.frame_reached():
            self.until(lambda m: m["type"] in ("frame", "still", "error") and (
                m["type"] == "error" or m.get("frame", m.get("to_frame")) >= target))

    def request(self, message):
        """Sends a message that is answered with one message (or an error); returns it."""
        self.send(message)
        return self.until(lambda m: m["type"] in ("saved", "error", "opened"))

    PROBE = '{"type": "probe-marker"}'

    def probe_error(self, raw):
        """Sends `raw` (text or a message), then a message of an unknown type as a marker;
        returns the error `raw` was answered with (fails if it was answered with none)."""
        self.send(raw)
        self.send(self.PROBE)
        errors = []
        while True:
            message = self.take(self.receive())
            if message["type"] == "error":
                if "probe-marker" in message["message"]:
                    break
                errors.append(message["message"])
        assert len(errors) == 1, f"{raw!r} was answered with {len(errors)} errors: {errors}"
        return errors[0]


def run_frames(csv_text):
    """`feel run`'s CSV as {frame: [row, ...]} with the number texts as written."""
    frames = {}
    for row in csv.DictReader(io.StringIO(csv_text)):
        frames.setdefault(int(row["frame"]), []).append(row)
    return frames


def run_events(events_text):
    """`feel run --events`' CSV as (frame, t_s, event, detail) rows."""
    return [(int(r["frame"]), r["t_s"], r["event"], r["detail"])
            for r in csv.DictReader(io.StringIO(events_text))]


# The pause events a live session cannot know ahead (the contract's invariant: the animator's
# pause and resume while no finger is down, since feel run knows a touch is still to come).
UNKNOWABLE_EVENTS = {"pause"}


def compare_with_run(test, live, run_csv, events_csv):
    """Asserts that the frames and events `live` received since its last (re)start are, row for
    row and number for number, `feel run`'s (CSV text and events text of the saved scene),
    but for the `running` column and the pause events."""
    expected = run_frames(run_csv)
    test.assertEqual(sorted(live.frames), sorted(expected), "the frames streamed and feel run's")
    for k, rows in expected.items():
        message = live.frames[k]["raw"]
        test.assertEqual(message["frame"], str(k))
        items = [r for r in rows if not r["item"].startswith("touch:")]
        touches = [r for r in rows if r["item"].startswith("touch:")]
        test.assertEqual(message["t_s"], rows[0]["t_s"], f"frame {k}: t_s")
        got_items = [(i["id"], i["x_pt"], i["y_pt"], i["angle_rad"], i["vx_pt_s"], i["vy_pt_s"],
                      i["omega_rad_s"]) for i in message["items"]]
        want_items = [(r["item"], r["x_pt"], r["y_pt"], r["angle_rad"], r["vx_pt_s"], r["vy_pt_s"],
                       r["omega_rad_s"]) for r in items]
        test.assertEqual(got_items, want_items, f"frame {k}: items")
        got_touches = [(t["id"], t["x_pt"], t["y_pt"]) for t in message["touches"]]
        want_touches = [(r["item"][len("touch:"):], r["x_pt"], r["y_pt"]) for r in touches]
        test.assertEqual(got_touches, want_touches, f"frame {k}: touches")
    want_events = [e for e in run_events(events_csv) if e[2] not in UNKNOWABLE_EVENTS]
    got_events = [(e["frame"], repr_time(e["t_s"]), e["event"], e["detail"]) for e in live.events
                  if e["event"] not in UNKNOWABLE_EVENTS]
    test.assertEqual(got_events, want_events, "events")


def repr_time(t):
    """A time as the CSV writes it (Swift's shortest round-trip form, as Python's repr)."""
    return "0" if t == 0 else repr(float(t))


class Pointer:
    """A page's pointer in scene time: samples at `rate_hz` with a little jitter, each sent
    `latency_s` (random up to `max_latency_s`) after its time, while the display sends an
    advance every frame: a sample whose frame already stepped comes late (the contract's rule
    moves it to the next frame)."""

    def __init__(self, live, seed, rate_hz=120, max_latency_s=0.0):
        self.live = live
        self.random = random.Random(seed)
        self.rate_hz = rate_hz
        self.max_latency_s = max_latency_s
        self.queue = []  # (arrival time, order, message)
        self.order = 0
        self.clock_s = 0.0
        self.last_arrival = {}

    def sample(self, id, phase, t, x, y):
        # A finger's samples arrive in the order they were taken (a page sends each pointer's
        # events in order); samples of different fingers may cross.
        latency = self.random.uniform(0, self.max_latency_s)
        arrival = max(t + latency, self.last_arrival.get(id, 0.0))
        self.last_arrival[id] = arrival
        self.queue.append((arrival, self.order, ("touch", (id, phase, t, x, y))))
        self.order += 1

    def stroke(self, id, t0, t1, path):
        """A finger down at t0, moving along path(u) (u from 0 to 1), up at t1."""
        n = max(2, int((t1 - t0) * self.rate_hz))
        for i in range(n + 1):
            u = i / n
            t = t0 + (t1 - t0) * u
            if 0 < i < n:
                t += self.random.uniform(-0.2, 0.2) / self.rate_hz
            phase = "down" if i == 0 else "up" if i == n else "move"
            x, y = path(u)
            self.sample(id, phase, round(t, 6), x, y)

    def play(self, until_s):
        """Sends everything queued in arrival order, with an advance at every display frame
        up to `until_s`, and waits for the last frame."""
        frames = int(until_s * FRAME_RATE + 1e-9)
        for k in range(1, frames + 1):
            self.queue.append((k / FRAME_RATE, self.order, ("advance", k / FRAME_RATE)))
            self.order += 1
        self.queue.sort()
        for _, _, (kind, payload) in self.queue:
            if kind == "touch":
                self.live.touch(*payload)
            else:
                self.live.send({"type": "advance", "to_t_s": payload})
        self.queue = []
        self.live.until(lambda m: m["type"] in ("frame", "still") and
                        m.get("frame", m.get("to_frame")) >= frames)
