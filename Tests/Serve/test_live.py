"""Live sessions on /api/live (docs/live-protocol.md): scripted sessions (follow,
attachment and rotate drags, taps, holds, `set` mid-drag, late samples, paused stretches) whose
streamed frames must equal `feel run` of the scene `save` wrote, number for number (the
contract's invariant); every bad message answered with `error` and the session unchanged;
`changed` when a file of the session changes on disk. The expected numbers are feel's own, run
as a process on the saved file: the session must have shown the very same text."""

import math
import os
import random
import shutil
import unittest

from live_client import Live, compare_with_run, without_touches
from serve_process import ServeTestCase

FRAME_RATE = 60


def scene_text(root, name):
    with open(os.path.join(root, "experiments/scenes", name)) as f:
        return f.read()


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


# Two fingers at once (docs/live-protocol.md, "Several fingers"): the left card grabbed by an
# attachment (finger "a"), the right card moved by a follow drag (finger "b", its velocity
# handed on at the lift); both fall under gravity and collide with each other and the bounds.
TWO_FINGERS = """# Two fingers at once: the left card grabbed by an attachment (finger "a"), the right card
# moved by a follow drag (finger "b"); both fall under gravity and collide.
title = "Two cards, two fingers"
profile = "modern"
frame_rate = 60
duration = 2.0
reference_size = [320, 480]

[[item]]
id = "left"
size = [100, 60]
center = [80, 449]

[[item]]
id = "right"
size = [100, 60]
center = [240, 449]

[[behavior]]
id = "gravity"
type = "gravity"
items = ["left", "right"]

[[behavior]]
id = "walls"
type = "collision"
items = ["left", "right"]
reference_bounds = true

[[behavior]]
id = "grab-left"
type = "drag"
items = ["left"]
touch = "a"
mode = "attachment"
start = false

[[behavior]]
id = "move-right"
type = "drag"
items = ["right"]
touch = "b"
mode = "follow"
start = false

[[rule]]
on = "drag-began"
touch = "a"
add = ["grab-left"]

[[rule]]
on = "drag-ended"
touch = "a"
remove = ["grab-left"]

[[rule]]
on = "drag-began"
touch = "b"
add = ["move-right"]

[[rule]]
on = "drag-ended"
touch = "b"
remove = ["move-right"]
release_velocity = true
"""


class LiveTest(ServeTestCase):
    def setUp(self):
        self.server = self.start_server("--quiet")
        os.makedirs(os.path.join(self.root, "out"), exist_ok=True)

    def connect(self):
        live = Live(self.server)
        self.addCleanup(live.close)
        return live

    def open_waiting(self, live, name, **extra):
        """Opens a committed scene with its [[touch]] sections removed: its drags and touch
        rules wait for the live fingers."""
        answer = live.open(scene_toml=without_touches(scene_text(self.root, name)), **extra)
        self.assertEqual(answer["type"], "frame", answer)
        return live.opened

    def save_and_compare(self, live, name, refused_before=False):
        """Saves the session and compares it with `feel run` of the file. Unless the test sent
        bad messages on purpose (`refused_before`), none was refused: every sample the script
        sent is in the run (a refused one would leave the invariant true and the drag short)."""
        if not refused_before:
            self.assertEqual(live.errors, [], "messages refused during the scripted session")
        path = f"out/live-{name}.toml"
        answer = live.request({"type": "save", "path": path, "replace": True})
        self.assertEqual(answer, {"type": "saved", "path": path})
        code, out, err = self.feel("run", path, "--events")
        self.assertEqual(code, 0, err)
        self.assertEqual(err.decode().count("\n") > 0, True)
        compare_with_run(self, live, out.decode(), err.decode())
        return path

    def test_follow_drag_with_late_samples(self):
        live = self.connect()
        opened = self.open_waiting(live, "castro-drag-right-80.toml")
        self.assertEqual(opened["waiting_touches"], ["finger"])
        self.assertEqual(opened["items"], [{"id": "bar", "size": [320, 50]}])
        pointer = Pointer(live, seed=1, max_latency_s=0.03)
        pointer.stroke("finger", 0.05, 0.45, lambda u: (200 + 90 * u * u, 25 + 3 * math.sin(6 * u)))
        pointer.play(2.5)
        self.save_and_compare(live, "follow")
        events = [e["event"] for e in live.events]
        self.assertIn("drag-began", events)
        self.assertIn("drag-ended", events)

    def test_attachment_drag(self):
        live = self.connect()
        self.open_waiting(live, "attachment-drag.toml")
        pointer = Pointer(live, seed=2, max_latency_s=0.02)
        pointer.stroke("finger", 0.3, 0.9, lambda u: (185 + 45 * u, 440 - 240 * u))
        pointer.play(2.0)
        self.save_and_compare(live, "attachment")

    def test_rotate_drag_on_the_dial(self):
        live = self.connect()
        self.open_waiting(live, "dial-flick-uikit.toml")
        pointer = Pointer(live, seed=3, max_latency_s=0.02)

        def around(u):
            angle = math.radians(210) + 2.4 * u + 3 * u * u
            return (160 + 100 * math.cos(angle), 200 + 100 * math.sin(angle))

        pointer.stroke("finger", 0.1, 0.35, around)
        pointer.play(2.0)
        self.save_and_compare(live, "rotate")
        self.assertTrue(any(e["event"] == "drag-ended" and "omega" in e["detail"] for e in live.events))

    def test_tap_and_hold_on_the_dial(self):
        live = self.connect()
        self.open_waiting(live, "dial-tap-label.toml")
        pointer = Pointer(live, seed=4)
        pointer.stroke("finger", 0.5, 0.6, lambda u: (246.603, 150))
        pointer.stroke("thumb", 1.0, 1.8, lambda u: (200 + u, 230))
        pointer.play(3.0)
        self.save_and_compare(live, "tap-hold")
        events = [e["event"] for e in live.events]
        self.assertIn("tap", events)
        self.assertIn("hold", events)

    def test_two_fingers_at_once(self):
        """Two ids down together, their samples interleaved (and some late), the second lifting
        before the first; a `set` while both are down replays both."""
        live = self.connect()
        answer = live.open(scene_toml=TWO_FINGERS)
        self.assertEqual(answer["type"], "frame", answer)
        self.assertEqual(sorted(live.opened["waiting_touches"]), ["a", "b"])
        pointer = Pointer(live, seed=7, max_latency_s=0.02)
        pointer.stroke("a", 0.1, 0.9, lambda u: (90 + 30 * u, 440 - 240 * u))
        pointer.stroke("b", 0.25, 0.6, lambda u: (240 - 40 * u, 440 - 190 * u * u))
        # Up to 0.4 s (both down), a set, then the rest.
        first = [q for q in pointer.queue if q[0] <= 0.4]
        pointer.queue = [q for q in pointer.queue if q[0] > 0.4]
        for _, _, (kind, payload) in sorted(first):
            live.touch(*payload)
        live.advance(0.4)
        reached = live.frame_reached()
        self.assertEqual([t["id"] for t in live.frames[reached]["touches"]], ["a", "b"])
        live.send({"type": "set", "set": {"behavior.gravity.magnitude": 0.5}})
        live.until(lambda m: m["type"] == "restarted")
        live.until(lambda m: m["type"] in ("frame", "still") and m.get("frame", m.get("to_frame")) >= reached)
        pointer.play(1.5)
        path = self.save_and_compare(live, "two-fingers")
        with open(os.path.join(self.root, path)) as f:
            saved = f.read()
        self.assertEqual(saved.count("[[touch]]"), 2)
        self.assertLess(saved.index('id = "a"'), saved.index('id = "b"'))
        events = [(e["event"], e["detail"]) for e in live.events]
        for finger in ("a", "b"):
            self.assertIn(("drag-began", f"touch {finger}"), events)
        ups = [d for e, d in events if e == "touch-up"]
        self.assertEqual(ups, ["touch b", "touch a"])
        both = [k for k, f in live.frames.items() if len(f["touches"]) == 2]
        self.assertGreater(len(both), 15)

    def test_two_fingers_on_the_committed_two_finger_scene(self):
        """experiments/scenes/two-finger-drag.toml opened live: two fingers drag the two bars at
        once, the lower one coming down later and lifting first; the session equals `feel run`
        of the scene it saved, and each bar followed its own finger."""
        live = self.connect()
        opened = self.open_waiting(live, "two-finger-drag.toml")
        self.assertEqual(opened["waiting_touches"], ["upper", "lower"])
        pointer = Pointer(live, seed=11, max_latency_s=0.02)
        pointer.stroke("upper", 0.05, 0.8, lambda u: (120 + 90 * u, 35))
        pointer.stroke("lower", 0.2, 0.5, lambda u: (200 - 70 * u, 105))
        pointer.play(2.5)
        path = self.save_and_compare(live, "two-finger-drag")
        with open(os.path.join(self.root, path)) as f:
            saved = f.read()
        self.assertLess(saved.index('id = "upper"'), saved.index('id = "lower"'))
        events = [(e["event"], e["detail"]) for e in live.events]
        ups = [d for e, d in events if e == "touch-up"]
        self.assertEqual(ups, ["touch lower", "touch upper"])
        for finger in ("upper", "lower"):
            self.assertIn(("drag-began", f"touch {finger}"), events)
        both = [k for k, f in live.frames.items() if len(f["touches"]) == 2]
        self.assertGreater(len(both), 10)
        xs = {"top": [], "bottom": []}
        for _, frame in sorted(live.frames.items()):
            for item in frame.get("items", []):
                xs[item["id"]].append(float(item["x_pt"]))
        self.assertGreater(max(xs["top"]), 100 + 60, "the top bar followed the upper finger right")
        self.assertLess(min(xs["bottom"]), 220 - 50, "the bottom bar followed the lower finger left")

    def test_timing_is_opt_in_and_ordered(self):
        """`"timing": true` adds the engine's and the server's clocks to each frame (a benchmark
        aid): read → task ≤ read → frame made; the previous answer's flush after its read.
        Without it, a frame has only the contract's keys."""
        keys = {"type", "frame", "t_s", "items", "touches", "running"}
        for timing in (False, True):
            live = self.connect()
            answer = live.open(scene="experiments/scenes/castro-release-right-80.toml", timing=timing)
            self.assertEqual(answer["type"], "frame", answer)
            for k in range(1, 6):
                live.advance(k / FRAME_RATE)
            frames = [live.frames[k] for k in range(1, 6)]
            for frame in frames:
                extra = set(frame) - keys - {"raw"}
                if not timing:
                    self.assertEqual(extra, set())
                    continue
                self.assertLessEqual({"step_s", "queue_s", "server_s"}, extra)
                self.assertLessEqual(0, frame["queue_s"])
                self.assertLessEqual(frame["queue_s"], frame["server_s"])
                self.assertLess(0, frame["step_s"])
            if timing:
                flushes = [f["prev_flush_s"] for f in frames[1:]]
                self.assertTrue(all(x > 0 for x in flushes), flushes)
                self.assertNotIn("prev_flush_s", frames[0])

    def test_tap_on_castro(self):
        live = self.connect()
        self.open_waiting(live, "castro-tap-right.toml")
        pointer = Pointer(live, seed=5)
        pointer.stroke("finger", 0.0, 0.08, lambda u: (240, 25))
        pointer.play(2.0)
        self.save_and_compare(live, "tap")
        self.assertIn("tap", [e["event"] for e in live.events])

    def test_still_runs_of_a_paused_animator(self):
        live = self.connect()
        answer = live.open(scene="experiments/scenes/castro-release-right-80.toml")
        self.assertEqual(answer["type"], "frame")
        live.advance(3.5)
        self.assertIn("still", live.received, "a paused stretch is sent as still")
        # Nothing moves any more: one more advance far ahead is one still message.
        before = len(live.received)
        live.advance(60.0)
        self.assertEqual(live.received[before:], ["still"])
        self.save_and_compare(live, "still")

    def test_save_refusals(self):
        live = self.connect()
        self.open_waiting(live, "castro-drag-right-80.toml")
        self.assertIn("frame", live.probe_error({"type": "save", "path": "out/live-early.toml"}))
        live.advance(0.1)
        self.assertIn("finger", live.probe_error({"type": "save", "path": "out/live-early.toml"}))
        live.touch("finger", "down", 0.2, 200, 25)
        live.advance(0.3)
        self.assertIn("down", live.probe_error({"type": "save", "path": "out/live-early.toml"}))
        live.touch("finger", "up", 0.35, 201, 25)
        live.advance(0.4)
        path = os.path.join(self.root, "out/live-exists.toml")
        with open(path, "w") as f:
            f.write("keep me\n")
        self.assertIn("exists", live.probe_error({"type": "save", "path": "out/live-exists.toml"}))
        with open(path) as f:
            self.assertEqual(f.read(), "keep me\n")
        self.assertFalse(os.path.exists(os.path.join(self.root, "out/live-early.toml")))
        self.save_and_compare(live, "exists", refused_before=True)

    def test_changed_on_an_edit_and_an_edit_that_breaks_the_file(self):
        scene = "experiments/scenes/live-watched.toml"
        path = os.path.join(self.root, scene)
        shutil.copy(os.path.join(self.root, "experiments/scenes/castro-release-right-80.toml"), path)
        self.addCleanup(os.remove, path)
        live = self.connect()
        live.open(scene=scene)
        live.advance(0.2)
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace("frame_rate = 60", "frame_rate = 60  # edited"))
        changed = live.until(lambda m: m["type"] == "changed")
        self.assertEqual(changed["path"], scene)
        self.assertNotIn("error", changed)
        lines = text.split("\n")
        lines[5] = "frame_rate = \"sixty\""
        with open(path, "w") as f:
            f.write("\n".join(lines))
        changed = live.until(lambda m: m["type"] == "changed")
        self.assertRegex(changed["error"], r"^experiments/scenes/live-watched\.toml:6: ")
        # The session keeps its motion: it still steps.
        live.advance(0.3)
        self.assertEqual(live.frame_reached(), 18)

    def test_changed_for_the_experiment_and_its_control_file(self):
        control = os.path.join(self.root, "experiments/controls/castro.toml")
        with open(control) as f:
            original = f.read()

        def restore():
            with open(control, "w") as f:
                f.write(original)

        self.addCleanup(restore)
        live = self.connect()
        self.assertIn("experiment", live.probe_error(
            {"type": "open", "scene": "experiments/scenes/castro-release-right-80.toml",
             "experiment": "experiments/no-such.toml"}))
        answer = live.open(scene="experiments/scenes/castro-release-right-80.toml",
                           experiment="experiments/snap-damping-release.toml")
        self.assertEqual(answer["type"], "frame")
        with open(control, "w") as f:
            f.write(original + "\n# edited\n")
        changed = live.until(lambda m: m["type"] == "changed")
        self.assertEqual(changed["path"], "experiments/controls/castro.toml")
        self.assertNotIn("error", changed)
        with open(control, "w") as f:
            f.write(original.replace('title = "Castro playback scrubber"', "title = 3"))
        changed = live.until(lambda m: m["type"] == "changed")
        self.assertRegex(changed["error"], r"^experiments/controls/castro\.toml:4: ")


if __name__ == "__main__":
    unittest.main()
