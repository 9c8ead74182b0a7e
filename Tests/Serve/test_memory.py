"""The server's memory does not grow with the requests it answers (docs/server-measurements.md,
"Staying up"): its resident memory after N requests of one kind against after 10 N, on
loopback, in a few seconds. The TOML library FeelLab used until issue 36 kept about 1.5 to
4 KB of every scene it read (3.4 MB over the 900 requests here, in the debug build); `make soak` measures the
targets on release builds over minutes."""

import json
import os

from serve_process import ServeTestCase, resident_kib

# Requests before the first reading (the allocator's pools filled) and after it.
WARM_UP = 100
MEASURED = 9 * WARM_UP
# The most the server may grow over the measured requests: about 1.1 KB a request, a third of
# what the old reader kept of this scene.
MAX_GROWTH_KB = 1024


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
