"""A live session's client for the tests (docs/studio.md, "Live sessions"): websocket-client
(Tests/Serve/requirements.txt) on feel-serve's /api/live, with helpers that collect the frames
a session streams and compare them with `feel run` of the scene `save` wrote."""

import csv
import io
import json
import re

import websocket

from serve_process import REQUEST_TIMEOUT_S

# A `[[touch]]` section of a scene file, up to the next section: removed to make a scene whose
# drags wait for a live finger.
TOUCH_SECTION = re.compile(r"^\[\[touch\]\]\n(?:(?!\[).*\n|\n)*", re.M)


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

    def close(self):
        self.ws.close()

    def send(self, message):
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self):
        return json.loads(self.ws.recv())

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
            before = self.frames[message["from_frame"] - 1]
            for k in range(message["from_frame"], message["to_frame"] + 1):
                copy = dict(before)
                copy["frame"] = k
                copy["still"] = True
                self.frames[k] = copy
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

    def probe_error(self, raw):
        """Sends `raw` (text or a message) and returns the error it is answered with (a save
        with no path is sent after it as a marker: its own error ends the wait)."""
        self.send(raw)
        return self.until(lambda m: m["type"] == "error")["message"]


def number(text):
    return float(text)


def run_rows(csv_text):
    """`feel run`'s CSV as {frame: {item: row}} with the number texts as written."""
    frames = {}
    for row in csv.DictReader(io.StringIO(csv_text)):
        frames.setdefault(int(row["frame"]), {})[row["item"]] = row
    return frames


def json_text(value):
    """A JSON number as the text it was written with (json.loads keeps floats exactly; the
    comparison is of values: the text is the CSV's, so equal values mean equal digits)."""
    return value
