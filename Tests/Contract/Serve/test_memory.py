"""The server's memory does not grow with the requests it answers (docs/server-measurements.md,
"Staying up"): its resident memory after N requests of one kind against after 10 N, on
loopback, in a few seconds. The TOML library FeelLab used until issue 36 kept about 1.5 to
4 KB of every scene it read (3.4 MB over the 900 requests here, in the debug build); `make soak` measures the
targets on release builds over minutes. And under 100,000 hostile live messages while a session
drags, its resident memory afterwards within 1.5 times what it was before (the answers and the
session's frames are also held in-process, Tests/FeelServeTests/ServeLiveRobustTests.swift;
the memory is the process's)."""

import json
import os
import random
import threading

from live_client import Live, Pointer, compare_with_run, scene_text, without_touches
from serve_process import ServeTestCase, resident_kib

# Requests before the first reading (the allocator's pools filled) and after it.
WARM_UP = 100
MEASURED = 9 * WARM_UP
# The most the server may grow over the measured requests: about 1.1 KB a request, a third of
# what the old reader kept of this scene.
MAX_GROWTH_KB = 1024


HOSTILE_TOTAL = 100_000
CONNECTIONS = 4
# Messages sent before their answers are read back (the server answers each bad one).
BATCH = 250


def hostile_messages(rng, count):
    """`count` bad messages of every kind the contract names."""
    kinds = [
        lambda: "{" * rng.randint(1, 50),
        lambda: "not json at all " + str(rng.random()),
        lambda: json.dumps([rng.random() for _ in range(rng.randint(0, 20))]),
        lambda: '{"type": "touch", "id": "f", "phase": "move", "t_s": NaN, "x_pt": 1, "y_pt": 2}',
        lambda: '{"type": "advance", "to_t_s": Infinity}',
        lambda: json.dumps({"type": "advance", "to_t_s": 1e308}),
        lambda: json.dumps({"type": "touch", "id": "f", "phase": "move", "t_s": 0.5,
                            "x_pt": 1e308, "y_pt": -1e308}),
        lambda: json.dumps({"type": rng.choice(["opn", "fly", "", "frame", "saved", None, 3])}),
        lambda: json.dumps({"type": "touch", "id": rng.choice([3, None, [], {}]), "phase": "down",
                            "t_s": 0, "x_pt": 0, "y_pt": 0}),
        lambda: json.dumps({"type": "touch", "id": "g", "phase": rng.choice(["down", "move", "up"]),
                            "t_s": "soon", "x_pt": True, "y_pt": None}),
        lambda: json.dumps({"type": "set", "set": {"behavior.x.y": "z" * rng.randint(0, 100)}}),
        lambda: json.dumps({"type": "set", "set": {"frame_rate": -1}}),
        lambda: json.dumps({"type": "save", "path": rng.choice(["../x.toml", "/etc/x.toml", "", 7])}),
        lambda: json.dumps({"type": "open", "scene": "experiments/scenes/missing-%d.toml" % rng.randint(0, 9)}),
        # Out-of-order samples of the finger that is down on every hostile connection.
        lambda: json.dumps({"type": "touch", "id": "h", "phase": "move", "t_s": -rng.random(),
                            "x_pt": 100, "y_pt": 25}),
        lambda: json.dumps({"type": "touch", "id": "h", "phase": "down", "t_s": 0.1,
                            "x_pt": 100, "y_pt": 25}),
    ]
    huge = json.dumps({"type": "set", "set": [0.5] * 150_000})  # about 750 KB, under 1 MiB
    for n in range(count):
        if n % 5000 == 4999:
            yield huge
        else:
            yield rng.choice(kinds)()


class MemoryTest(ServeTestCase):
    def test_runs_of_a_scene_text_keep_the_server_the_same_size(self):
        server = self.start_server("--quiet")
        with open(os.path.join(self.root, "experiments/scenes/castro-tap-hint-left.toml")) as f:
            # Castro's tap hint, every kind of its behaviors, run for three frames: the request
            # is mostly the reading of the scene's text.
            text = f.read().replace("duration = ", "duration = 0.05 # ", 1)
        body = json.dumps({"scene_toml": text}).encode()
        headers = {"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"}
        connection = server.connection()
        self.addCleanup(connection.close)

        def send(count):
            for _ in range(count):
                connection.request("POST", "/api/run", body=body, headers=headers)
                response = connection.getresponse()
                answer = response.read()
                self.assertEqual(response.status, 200, answer[:300])

        send(WARM_UP)
        before = resident_kib(server.process.pid)
        send(MEASURED)
        after = resident_kib(server.process.pid)
        growth = after - before
        self.assertLessEqual(
            growth, MAX_GROWTH_KB,
            f"the server grew by {growth} kB over {MEASURED} requests "
            f"({growth * 1024 / MEASURED:.0f} bytes a request; {before} kB after {WARM_UP})")

    def test_hostile_messages_while_a_session_drags(self):
        server = self.start_server("--quiet")
        os.makedirs(os.path.join(self.root, "out"), exist_ok=True)
        live = Live(server)
        self.addCleanup(live.close)
        live.open(scene_toml=without_touches(scene_text(self.root, "castro-drag-right-80.toml")))
        # Warm up: a whole session first, so that what the server allocates once is in
        # `before`.
        warm = Pointer(live, seed=10, max_latency_s=0.02)
        warm.stroke("finger", 0.0, 0.3, lambda u: (200 + 60 * u, 25))
        warm.play(1.0)
        live.open(scene_toml=without_touches(scene_text(self.root, "castro-drag-right-80.toml")))

        failures = []
        answered = [0] * CONNECTIONS

        def attack(index, total):
            try:
                rng = random.Random(100 + index)
                hostile = Live(server)
                try:
                    hostile.open(scene_toml=without_touches(scene_text(self.root, "castro-drag-right-80.toml")))
                    hostile.touch("h", "down", 0.0, 100, 25)
                    pending = 0
                    for message in hostile_messages(rng, total):
                        hostile.ws.send(message)
                        pending += 1
                        if pending == BATCH:
                            for _ in range(pending):
                                answer = json.loads(hostile.ws.recv())
                                if answer["type"] != "error":
                                    raise AssertionError(f"not an error: {answer}")
                                answered[index] += 1
                            pending = 0
                    for _ in range(pending):
                        answer = json.loads(hostile.ws.recv())
                        if answer["type"] != "error":
                            raise AssertionError(f"not an error: {answer}")
                        answered[index] += 1
                finally:
                    hostile.close()
            except Exception as error:  # reported by the main thread
                failures.append(f"connection {index}: {error!r}")

        # Warm up the hostile side too (one connection, a huge message among them): what the
        # server and its allocator keep once is in `before`.
        attack(0, 5000)
        self.assertEqual(failures, [])
        answered[0] = 0
        before = resident_kib(server.process.pid)

        threads = [threading.Thread(target=attack, args=(i, HOSTILE_TOTAL // CONNECTIONS))
                   for i in range(CONNECTIONS)]
        for thread in threads:
            thread.start()
        # Meanwhile the session drags, with late samples.
        pointer = Pointer(live, seed=11, max_latency_s=0.03)
        pointer.stroke("finger", 0.05, 0.6, lambda u: (200 + 100 * u, 25 + 2 * u))
        pointer.play(2.0)
        while any(thread.is_alive() for thread in threads):
            live.idle(1.0)
        for thread in threads:
            thread.join()
        self.assertEqual(failures, [])
        self.assertEqual(sum(answered), HOSTILE_TOTAL // CONNECTIONS * CONNECTIONS)
        self.assertIsNone(server.process.poll(), "the server is still up")

        path = "out/live-robust.toml"
        self.assertEqual(live.request({"type": "save", "path": path, "replace": True})["type"], "saved")
        code, out, err = self.feel("run", path, "--events")
        self.assertEqual(code, 0, err)
        compare_with_run(self, live, out.decode(), err.decode())
        after = resident_kib(server.process.pid)
        self.assertLessEqual(after, 1.5 * before, f"resident memory {before} KiB before, {after} KiB after")
        print(f"\n  hostile messages: {sum(answered)}, resident memory {before} KiB before, "
              f"{after} KiB after ({after / before:.2f}x)")
