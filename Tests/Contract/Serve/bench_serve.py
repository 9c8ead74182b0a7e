"""`make bench-serve` (docs/server-measurements.md, "Speed"): the server against the command
line, in one run on the same machine.

- /api/run: requests per second from Debian's load generator `hey` (1 and 8 clients), against
  spawning `feel run SCENE --events` once per request (`xargs -P` with 1 and 8 at a time).
- /api/sweep: grid points per second of whole sweeps streamed to `hey` (1 and 8 clients),
  against `feel sweep`'s own rate (its timing line) on the same experiment, the medians of
  `--sweep-rounds` rounds, each running feel sweep and then every server (one sweep of
  snap-damping-release takes tens of milliseconds: a single one swings with the machine's
  load); and the CPU time a sweep costs each (the server process's over its requests, feel
  sweep's whole process), which the load does not change. Target: the server at least 80 % of
  feel sweep's rate.

- /api/live: 1 and 8 live sessions, each dragging Castro's bar at 120 Hz in real time (a touch
  and an advance every 1/120 s, a frame every other tick at 60 Hz): the time from sending the
  touch + advance to receiving its frame (p50, p99), against the engine's own time for that
  frame in the same run (the `step_s` a session opened with `"timing": true` reports); and a
  `set` every second of the drag: the time to the `restarted` frame 0, and to the frame the
  session had reached (the new motion caught up). Targets: round trip p99 at most 4 ms with 8
  sessions, `set` to its first frame p99 at most 10 ms. The server's own clock splits the round
  trip (`queue_s`, `server_s`, `prev_flush_s` of a timed frame: from the socket read to the
  message taken, to the frame made, to the socket written), and three load generators run in
  the same run: feel-live-load (native, every session in one thread), a websocket-client
  process per session, and every session in one asyncio process (`--live-client`); after the
  native rows, two floors: a plain TCP echo pinged on the same schedule, one message at a time
  (`echo` rows: the kernel's part), and feel-live-load's own sessions against a stand-in server
  that answers in order and steps nothing, a thread per connection (`stub` rows: the kernel's
  and this client's part; what a live round trip adds to it is the server's). `--pin` pins the
  server and the client(s) to different CPUs.
- /api/live, a long session: one session drags for 3 s, then advances to 10 minutes (36,000
  frames at 60 Hz), then sends `--long-sets` sets one at a time: the time to each one's frame 0
  (target: p99 at most 10 ms) and to the frame reached (target: at most 1 s).

With `--baseline FEEL_SERVE` (FEEL_SERVE_BASE; `make bench-serve SERVE_BASE=REV` builds one),
a second server, an earlier build, is measured in the same run, figure by figure after this
one, its rows marked `server=base`.

Each answer is first checked against the command line's bytes, so the speed measured is that
of the right answer. FEEL, FEEL_SERVE and FEEL_LIVE_LOAD name the executables (the Makefile
passes the release builds)."""

import argparse
import csv
import json
import math
import multiprocessing
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from serve_process import REPO, Server  # noqa: E402

FEEL = os.path.abspath(os.environ.get("FEEL", os.path.join(REPO, ".build/release/feel")))
TARGET_RATIO = 0.80


def hey(server, path, body_file, requests, clients):
    """hey's summary of `requests` POSTs from `clients` workers: requests/s, p50 and p99 (s)."""
    url = f"http://127.0.0.1:{server.port}{path}"
    done = subprocess.run(
        ["hey", "-n", str(requests), "-c", str(clients), "-m", "POST", "-t", "0",
         "-T", "application/json", "-D", body_file,
         "-H", f"Authorization: Bearer {server.token}", url],
        capture_output=True, text=True, check=True)
    out = done.stdout
    statuses = re.findall(r"\[(\d+)\]\s+(\d+) responses", out)
    if statuses != [("200", str(requests))]:
        raise SystemExit(f"hey: not every answer was 200: {statuses}\n{out}")
    total = float(re.search(r"Total:\s+([\d.]+) secs", out)[1])
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])
    # hey prints no latency distribution for a handful of requests (a sweep per client).
    p50 = re.search(r"50% in ([\d.]+) secs", out)
    p99 = re.search(r"99% in ([\d.]+) secs", out)
    p50 = float(p50[1]) if p50 else None
    p99 = float(p99[1]) if p99 else None
    return {"total_s": total, "requests_s": rate, "p50_s": p50, "p99_s": p99}


def spawned_runs(scene, runs, parallel):
    """Runs `feel run SCENE --events` `runs` times, `parallel` at a time (xargs -P): runs/s."""
    start = time.monotonic()
    subprocess.run(
        f"seq {runs} | xargs -P {parallel} -I{{}} '{FEEL}' run '{scene}' --events "
        "> /dev/null 2>&1", shell=True, check=True, cwd=REPO)
    return runs / (time.monotonic() - start)


def feel_sweep_rate(experiment):
    """feel sweep's own points/s (its timing line), writing the CSV to /dev/null; and the CPU
    time (s) of the whole process (reading the experiment and starting included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([FEEL, "sweep", experiment, "-o", "/dev/null"], cwd=REPO,
                          capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    match = re.search(r"(\d+) points in ([\d.]+) s \((\d+) points/s, (\d+) threads?\)", done.stderr)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return int(match[1]), float(match[3]), int(match[4]), cpu


def process_cpu_s(pid):
    """A process's CPU time so far (user + system, s), from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def post(server, path, body):
    request = urllib.request.Request(
        f"http://127.0.0.1:{server.port}{path}", data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=600) as response:
        return response.read()


LIVE_RT_TARGET_MS = 4.0
LIVE_SET_TARGET_MS = 10.0
LIVE_SCENE = "experiments/scenes/castro-drag-right-80.toml"


def percentile(values, q):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(math.ceil(q * len(ordered))) - 1)]


def drag_ticks():
    """One round's messages at 120 Hz: (tick, t_s, touch message); a frame every other tick."""
    ticks = 3 * 120
    for i in range(ticks + 1):
        t = i / 120
        x = 200 + 60 * math.sin(2 * math.pi * t / 1.5)
        phase = "down" if i == 0 else "up" if i == ticks else "move"
        yield i, t, phase, x


class LiveFigures:
    """What one session measured: round trips (s), the engine's time of those frames (s), the
    server's time from the socket read of the advance to its frame handed to the writer (s)
    and, within it, to the advance taken by the session (s), and to the frame written
    to the socket (s, reported with the next frame), the set latencies (s)."""

    def __init__(self):
        self.trips, self.steps, self.server, self.queue, self.flushed = [], [], [], [], []
        self.set_first, self.set_caught_up = [], []

    def frame(self, sent, message):
        self.trips.append(time.perf_counter() - sent)
        if message["type"] == "frame":
            self.steps.append(message["step_s"])
            if "server_s" in message:
                self.server.append(message["server_s"])
                self.queue.append(message["queue_s"])
            if "prev_flush_s" in message:
                self.flushed.append(message["prev_flush_s"])

    @staticmethod
    def merged(results):
        """One figure of every session's (each as `vars` of its figures: picklable)."""
        total = LiveFigures()
        for f in results:
            for key in vars(total):
                getattr(total, key).extend(f[key])
        return total


def is_frame(k):
    return lambda m: m["type"] == "frame" and m["frame"] == k or m["type"] == "still" and m["to_frame"] >= k


def receive_until(ws, predicate):
    """Receives messages on `ws` (websocket-client) until one satisfies `predicate`; returns
    it. An `error` message ends the benchmark."""
    while True:
        message = json.loads(ws.recv())
        if message["type"] == "error":
            raise SystemExit(f"live session: {message['message']}")
        if predicate(message):
            return message


def live_session(job):
    """One live session (a process of its own, websocket-client) dragging at 120 Hz for
    `seconds` of wall time, in rounds of 3 s of scene time (open, finger down, a back-and-forth
    drag with a set at 1 s and 2 s, up)."""
    import websocket  # Tests/Contract/Serve/requirements.txt
    sys.path.insert(0, os.path.dirname(__file__))
    from live_client import without_touches

    port, token, seconds, seed, cpu = job
    if cpu is not None:
        os.sched_setaffinity(0, {cpu})
    rng = random.Random(seed)
    with open(os.path.join(REPO, LIVE_SCENE)) as f:
        text = without_touches(f.read())
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/api/live?token={token}", timeout=60)
    figures = LiveFigures()

    def until(predicate):
        return receive_until(ws, predicate)

    end = time.monotonic() + seconds
    round_number = 0
    while time.monotonic() < end:
        ws.send(json.dumps({"type": "open", "scene_toml": text, "timing": True}))
        until(lambda m: m["type"] == "frame")
        finger = f"f{round_number}"
        round_number += 1
        start_wall = time.monotonic()
        for i, t, phase, x in drag_ticks():
            delay = start_wall + t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            sent = time.perf_counter()
            ws.send(json.dumps({"type": "touch", "id": finger, "phase": phase, "t_s": t,
                                "x_pt": x, "y_pt": 25}))
            ws.send(json.dumps({"type": "advance", "to_t_s": t}))
            if i % 2 == 0 and i > 0:
                figures.frame(sent, until(is_frame(i // 2)))
            if i in (120, 240):
                reached = i // 2
                sent = time.perf_counter()
                ws.send(json.dumps({"type": "set", "set": {
                    "behavior.scrub-snap.damping": round(rng.uniform(0.2, 0.9), 3)}}))
                until(lambda m: m["type"] == "restarted")
                until(lambda m: m["type"] == "frame" and m["frame"] == 0)
                figures.set_first.append(time.perf_counter() - sent)
                until(is_frame(reached))
                figures.set_caught_up.append(time.perf_counter() - sent)
    ws.close()
    return vars(figures)


LONG_SESSION_S = 600.0
LONG_SET_CAUGHT_UP_TARGET_S = 1.0


def live_long_sets(server, sets, seed=0):
    """`set` on a session 10 minutes long (36,000 frames at 60 Hz): one session drags for 3 s of
    scene time, advances to LONG_SESSION_S, then sends `sets` sets one at a time, each awaited
    until caught up. Returns the times (s) from each set to its frame 0 and to the frame reached."""
    import websocket  # Tests/Contract/Serve/requirements.txt
    sys.path.insert(0, os.path.dirname(__file__))
    from live_client import without_touches

    rng = random.Random(seed)
    with open(os.path.join(REPO, LIVE_SCENE)) as f:
        text = without_touches(f.read())
    ws = websocket.create_connection(f"ws://127.0.0.1:{server.port}/api/live?token={server.token}",
                                     timeout=600)

    def until(predicate):
        return receive_until(ws, predicate)

    ws.send(json.dumps({"type": "open", "scene_toml": text}))
    until(lambda m: m["type"] == "frame")
    for i, t, phase, x in drag_ticks():
        ws.send(json.dumps({"type": "touch", "id": "f", "phase": phase, "t_s": t, "x_pt": x,
                            "y_pt": 25}))
    reached = round(LONG_SESSION_S * 60)
    ws.send(json.dumps({"type": "advance", "to_t_s": LONG_SESSION_S}))
    until(is_frame(reached))
    first, caught_up = [], []
    for _ in range(sets):
        sent = time.perf_counter()
        ws.send(json.dumps({"type": "set", "set": {
            "behavior.scrub-snap.damping": round(rng.uniform(0.2, 0.9), 3)}}))
        until(lambda m: m["type"] == "frame" and m["frame"] == 0)
        first.append(time.perf_counter() - sent)
        until(is_frame(reached))
        caught_up.append(time.perf_counter() - sent)
    ws.close()
    return first, caught_up


def long_set_bench(servers, sets, rows):
    print(f"\n/api/live: set on a session {LONG_SESSION_S / 60:g} minutes long "
          f"({round(LONG_SESSION_S * 60)} frames, a 3 s drag then still) to its frame 0 "
          f"(target: p99 at most {LIVE_SET_TARGET_MS:g} ms) and to the frame reached "
          f"(target: at most {LONG_SET_CAUGHT_UP_TARGET_S:g} s), {sets} sets one at a time")
    print(f"{'server':>9} {'sets':>5} {'first p50 ms':>12} {'first p99 ms':>12} "
          f"{'caught up p50 ms':>16} {'caught up p99 ms':>16}")
    for label, server in servers:
        first, caught_up = live_long_sets(server, sets)
        figures = {"set_p50_ms": percentile(first, 0.50) * 1e3,
                   "set_p99_ms": percentile(first, 0.99) * 1e3,
                   "caught_up_p50_ms": percentile(caught_up, 0.50) * 1e3,
                   "caught_up_p99_ms": percentile(caught_up, 0.99) * 1e3}
        print(f"{label:>9} {sets:>5} {figures['set_p50_ms']:>12.3f} {figures['set_p99_ms']:>12.3f} "
              f"{figures['caught_up_p50_ms']:>16.3f} {figures['caught_up_p99_ms']:>16.3f}")
        rows.append({"what": "live-long-set", "server": label, "input": LIVE_SCENE, "clients": 1,
                     "live_client": "processes", "pinned": 0, "server_per_s": "", "p50_ms": "",
                     "p99_ms": "", "reference_per_s": "", "ratio": "",
                     **{key: round(value, 4) for key, value in figures.items()}})


class AsyncWebSocket:
    """The client side of RFC 6455, as much as a live session needs (text frames, masked; pings
    answered), on asyncio streams with TCP_NODELAY: many sessions in one process and thread."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, port, token):
        import asyncio
        import base64
        import socket
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write((f"GET /api/live?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                      "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise SystemExit(f"live session: the upgrade was refused: {head[:200]!r}")
        return cls(reader, writer)

    def _frame(self, opcode, payload):
        n = len(payload)
        if n < 126:
            header = bytes([0x80 | opcode, 0x80 | n])
        elif n < 65536:
            header = bytes([0x80 | opcode, 0x80 | 126]) + n.to_bytes(2, "big")
        else:
            header = bytes([0x80 | opcode, 0x80 | 127]) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        keys = (mask * (n // 4 + 1))[:n]
        masked = (int.from_bytes(payload, "little") ^ int.from_bytes(keys, "little")).to_bytes(n, "little")
        self.writer.write(header + mask + masked)

    def send(self, message):
        self._frame(0x1, json.dumps(message).encode())

    async def recv(self):
        data = b""
        while True:
            head = await self.reader.readexactly(2)
            opcode, n = head[0] & 0x0F, head[1] & 0x7F
            if n == 126:
                n = int.from_bytes(await self.reader.readexactly(2), "big")
            elif n == 127:
                n = int.from_bytes(await self.reader.readexactly(8), "big")
            payload = await self.reader.readexactly(n)
            if opcode == 0x9:
                self._frame(0xA, payload)
                continue
            if opcode == 0x8:
                raise SystemExit("live session: the server closed the connection")
            data += payload
            if head[0] & 0x80:
                return json.loads(data)

    def close(self):
        self.writer.close()


async def live_session_async(port, token, seconds, seed, text):
    """`live_session`'s drag on an `AsyncWebSocket`: the same messages at the same times."""
    import asyncio
    rng = random.Random(seed)
    ws = await AsyncWebSocket.connect(port, token)
    figures = LiveFigures()

    async def until(predicate):
        while True:
            message = await ws.recv()
            if message["type"] == "error":
                raise SystemExit(f"live session: {message['message']}")
            if predicate(message):
                return message

    end = time.monotonic() + seconds
    round_number = 0
    while time.monotonic() < end:
        ws.send({"type": "open", "scene_toml": text, "timing": True})
        await until(lambda m: m["type"] == "frame")
        finger = f"f{round_number}"
        round_number += 1
        start_wall = time.monotonic()
        for i, t, phase, x in drag_ticks():
            delay = start_wall + t - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            sent = time.perf_counter()
            ws.send({"type": "touch", "id": finger, "phase": phase, "t_s": t, "x_pt": x, "y_pt": 25})
            ws.send({"type": "advance", "to_t_s": t})
            if i % 2 == 0 and i > 0:
                figures.frame(sent, await until(is_frame(i // 2)))
            if i in (120, 240):
                reached = i // 2
                sent = time.perf_counter()
                ws.send({"type": "set", "set": {
                    "behavior.scrub-snap.damping": round(rng.uniform(0.2, 0.9), 3)}})
                await until(lambda m: m["type"] == "restarted")
                await until(lambda m: m["type"] == "frame" and m["frame"] == 0)
                figures.set_first.append(time.perf_counter() - sent)
                await until(is_frame(reached))
                figures.set_caught_up.append(time.perf_counter() - sent)
    ws.close()
    return vars(figures)


def live_asyncio(job):
    """All `sessions` in this one process and thread (asyncio), started 1/(120 × sessions) s
    apart so that their ticks interleave."""
    import asyncio
    sys.path.insert(0, os.path.dirname(__file__))
    from live_client import without_touches
    port, token, seconds, sessions, cpu = job
    if cpu is not None:
        os.sched_setaffinity(0, {cpu})
    with open(os.path.join(REPO, LIVE_SCENE)) as f:
        text = without_touches(f.read())

    async def all_sessions():
        async def staggered(n):
            await asyncio.sleep(n / (120 * sessions))
            return await live_session_async(port, token, seconds, n, text)
        return await asyncio.gather(*(staggered(n) for n in range(sessions)))
    return asyncio.run(all_sessions())


LIVE_LOAD = os.path.abspath(os.environ.get(
    "FEEL_LIVE_LOAD", os.path.join(REPO, ".build/release/feel-live-load")))


def live_native(server, seconds, sessions, cpu):
    """Every session in feel-live-load, the native load generator (one thread, plain sockets):
    the same drag, and each frame's round trip with the frame as the server sent it."""
    sys.path.insert(0, os.path.dirname(__file__))
    from live_client import without_touches
    with open(os.path.join(REPO, LIVE_SCENE)) as f:
        text = without_touches(f.read())
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"type": "open", "scene_toml": text, "timing": True}, f)
        open_file = f.name
    try:
        command = [LIVE_LOAD, "--port", str(server.port), "--token", server.token,
                   "--sessions", str(sessions), "--seconds", str(seconds),
                   "--open-message", open_file, "--set-path", "behavior.scrub-snap.damping"]
        if cpu is not None:
            command = ["taskset", "-c", str(cpu)] + command
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"feel-live-load: {done.stderr.strip()}")
    finally:
        os.unlink(open_file)
    figures = LiveFigures()
    for line in done.stdout.splitlines():
        record = json.loads(line)
        if record["kind"] == "frame":
            figures.frame(time.perf_counter() - record["rt_s"], json.loads(record["message"]))
        else:
            figures.set_first.append(record["first_s"])
            figures.set_caught_up.append(record["caught_up_s"])
    return vars(figures)


def floor(kind, seconds, sessions):
    """A round trip's floor in this run, (p50, p99) in s: feel-live-load's `--serve-KIND` server
    (a process of its own) and, for `echo`, its echo pings on the live load's schedule, one
    message at a time; for `stub`, its live sessions (the same client as the native rows)."""
    server = subprocess.Popen([LIVE_LOAD, f"--serve-{kind}"], stdout=subprocess.PIPE, text=True)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"type": "open", "scene_toml": "", "timing": True}, f)
    try:
        port = server.stdout.readline().strip()
        client = (["--echo"] if kind == "echo" else
                  ["--token", "stub", "--open-message", f.name, "--set-path", "stub"])
        done = subprocess.run([LIVE_LOAD, *client, "--port", port, "--sessions", str(sessions),
                               "--seconds", str(seconds)], capture_output=True, text=True, check=True)
    finally:
        os.unlink(f.name)
        server.kill()
        server.wait()
    trips = [record["rt_s"] for record in map(json.loads, done.stdout.splitlines())
             if record["kind"] in ("echo", "frame")]
    return percentile(trips, 0.50), percentile(trips, 0.99)


def pin_server(server, cpus):
    """Pins every thread of the server to `cpus` (taskset -a)."""
    subprocess.run(["taskset", "-a", "-p", "-c", ",".join(map(str, cpus)), str(server.process.pid)],
                   check=True, capture_output=True)


def live_bench(servers, seconds, rows, clients, pin):
    print("\n/api/live: touch + advance to its frame at 120 Hz, against the engine's time for "
          f"that frame; set to its first frame (targets: p99 at most {LIVE_RT_TARGET_MS:g} ms with "
          f"8 sessions, set p99 at most {LIVE_SET_TARGET_MS:g} ms)")
    print("client: 'processes' = one websocket-client process per session; 'asyncio' = every "
          "session in one process (asyncio); 'native' = every session in feel-live-load (one "
          "thread, plain sockets: the least a client adds); server ms = from the socket read of the advance to "
          "its frame handed to the WebSocket writer (the server's own clock); queue ms = from "
          "that read to the advance taken by the session (messages before it answered first); "
          "written ms = from that read to the frame written to the socket (the server's whole "
          "part; the rest of the round trip is the kernel's and the client's); CPU µs/frame = "
          "the server process's CPU time over the row, a timed frame"
          + ("; pinned: the server on CPU 0, the client(s) on the last CPU" if pin else ""))
    print(f"{'client':>9} {'sessions':>8} {'frames':>7} {'rt p50 ms':>9} {'rt p99 ms':>9} "
          f"{'server p50':>10} {'server p99':>10} {'queue p99':>9} {'written p50':>11} "
          f"{'written p99':>11} {'engine p50 ms':>13} {'engine p99 ms':>13} "
          f"{'p99 ratio':>9} {'sets':>5} {'set p99 ms':>10} {'caught up p99 ms':>16} "
          f"{'CPU µs/frame':>12}")
    cpus = os.cpu_count()
    client_cpu = cpus - 1 if pin and cpus > 1 else None
    if client_cpu is not None:
        for _, server in servers:
            pin_server(server, range(0, cpus - 1))
    context = multiprocessing.get_context("spawn")
    try:
        for client in clients:
            for sessions, (label, server) in ((n, s) for n in (1, 8) for s in servers):
                cpu_before = process_cpu_s(server.process.pid)
                if client == "native":
                    results = [live_native(server, seconds, sessions, client_cpu)]
                elif client == "processes":
                    jobs = [(server.port, server.token, seconds, n, client_cpu) for n in range(sessions)]
                    with context.Pool(sessions) as pool:
                        results = pool.map(live_session, jobs)
                else:
                    with context.Pool(1) as pool:
                        results = pool.map(live_asyncio, [(server.port, server.token, seconds,
                                                           sessions, client_cpu)])[0]
                cpu_s = process_cpu_s(server.process.pid) - cpu_before
                live_row(label, client, sessions, LiveFigures.merged(results), rows, pin, cpu_s)
            if client == "native":
                for kind, what in (("echo", "a plain TCP echo on loopback, same schedule"),
                                   ("stub", "this client against a server that steps nothing")):
                    for sessions in (1, 8):
                        p50, p99 = floor(kind, seconds, sessions)
                        print(f"{kind:>9} {sessions:>8} {'':>7} {p50 * 1e3:>9.3f} "
                              f"{p99 * 1e3:>9.3f}   (the floor: {what})")
                        rows.append({"what": f"live-{kind}-floor", "server": "", "input": "",
                                     "clients": sessions, "live_client": "native",
                                     "pinned": int(pin), "server_per_s": "",
                                     "p50_ms": round(p50 * 1e3, 3), "p99_ms": round(p99 * 1e3, 3),
                                     "reference_per_s": "", "ratio": ""})
    finally:
        if client_cpu is not None:
            for _, server in servers:
                pin_server(server, range(cpus))


def live_row(label, client, sessions, f, rows, pin, cpu_s):
    """One row of live figures; `cpu_s`: the server's CPU time over the run, shown a frame."""
    figures = {
        "rt_p50_ms": percentile(f.trips, 0.50) * 1e3, "rt_p99_ms": percentile(f.trips, 0.99) * 1e3,
        "server_p50_ms": percentile(f.server, 0.50) * 1e3,
        "server_p99_ms": percentile(f.server, 0.99) * 1e3,
        "queue_p50_ms": percentile(f.queue, 0.50) * 1e3,
        "queue_p99_ms": percentile(f.queue, 0.99) * 1e3,
        "flushed_p50_ms": percentile(f.flushed, 0.50) * 1e3,
        "flushed_p99_ms": percentile(f.flushed, 0.99) * 1e3,
        "engine_p50_ms": percentile(f.steps, 0.50) * 1e3,
        "engine_p99_ms": percentile(f.steps, 0.99) * 1e3,
        "set_p50_ms": percentile(f.set_first, 0.50) * 1e3,
        "set_p99_ms": percentile(f.set_first, 0.99) * 1e3,
        "caught_up_p99_ms": percentile(f.set_caught_up, 0.99) * 1e3,
        "server_cpu_us_frame": cpu_s / max(1, len(f.trips)) * 1e6,
    }
    ratio = figures["rt_p99_ms"] / figures["engine_p99_ms"]
    print(f"{label + ' ' + client:>11} {sessions:>6} {len(f.trips):>7} {figures['rt_p50_ms']:>9.3f} "
          f"{figures['rt_p99_ms']:>9.3f} {figures['server_p50_ms']:>10.3f} "
          f"{figures['server_p99_ms']:>10.3f} {figures['queue_p99_ms']:>9.3f} "
          f"{figures['flushed_p50_ms']:>11.3f} {figures['flushed_p99_ms']:>11.3f} "
          f"{figures['engine_p50_ms']:>13.4f} "
          f"{figures['engine_p99_ms']:>13.4f} {ratio:>8.0f}x {len(f.set_first):>5} "
          f"{figures['set_p99_ms']:>10.3f} {figures['caught_up_p99_ms']:>16.3f} "
          f"{figures['server_cpu_us_frame']:>12.1f}")
    if sessions == 8:
        print(f"{label:>9} with 8 sessions: round trip p99 {figures['rt_p99_ms']:.3f} ms is "
              f"{figures['rt_p99_ms'] / LIVE_RT_TARGET_MS:.2f} of the {LIVE_RT_TARGET_MS:g} ms "
              f"target; set to first frame p99 {figures['set_p99_ms']:.3f} ms is "
              f"{figures['set_p99_ms'] / LIVE_SET_TARGET_MS:.2f} of the {LIVE_SET_TARGET_MS:g} ms target")
    rows.append({"what": "live", "server": label, "input": LIVE_SCENE, "clients": sessions, "live_client": client,
                 "pinned": int(pin), "server_per_s": "", "p50_ms": round(figures["rt_p50_ms"], 3),
                 "p99_ms": round(figures["rt_p99_ms"], 3), "reference_per_s": "",
                 "ratio": round(ratio, 3),
                 **{key: round(value, 4) for key, value in figures.items()
                    if key not in ("rt_p50_ms", "rt_p99_ms")}})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--csv", help="also write the figures here")
    parser.add_argument("--scene", action="append",
                        help="scenes for /api/run (default: a Castro release and a drag)")
    parser.add_argument("--sweep", action="append",
                        help="experiments for /api/sweep (default: experiment 1 and the 100k grid)")
    parser.add_argument("--requests", type=int, default=400, help="requests per /api/run figure")
    parser.add_argument("--sweep-rounds", type=int, default=7,
                        help="alternated rounds per /api/sweep figure (medians are reported)")
    parser.add_argument("--spawns", type=int, default=200, help="feel runs per spawning figure")
    parser.add_argument("--live-seconds", type=float, default=12.0,
                        help="wall time each live session drags, per figure")
    parser.add_argument("--only", choices=["run", "sweep", "live", "long"], action="append",
                        help="only these parts (default: all)")
    parser.add_argument("--live-client", choices=["native", "processes", "asyncio"],
                        action="append",
                        help="the live load generator: feel-live-load (native, one thread), a "
                        "process per session, or every session in one asyncio process (default: "
                        "all three, in that order)")
    parser.add_argument("--baseline", default=os.environ.get("FEEL_SERVE_BASE") or None,
                        help="another feel-serve (an earlier build) measured in the same run")
    parser.add_argument("--long-sets", type=int, default=30,
                        help="sets on the 10-minute session, per server")
    parser.add_argument("--pin", action="store_true",
                        help="pin the server to every CPU but the last, the live client(s) to the last")
    args = parser.parse_args()
    parts = set(args.only or ["run", "sweep", "live", "long"])
    scenes = args.scene or ["experiments/scenes/castro-release-right-80.toml",
                            "experiments/scenes/castro-drag-right-80.toml"]
    sweeps = args.sweep or ["experiments/snap-damping-release.toml",
                            "experiments/bench/release-100k.toml"]
    if not shutil.which("hey") and parts & {"run", "sweep"}:
        raise SystemExit("hey is missing: make load-generator installs it")

    work = tempfile.mkdtemp(prefix="feel-bench-serve-")
    servers = [("new", Server(["--quiet", "--root", REPO], cwd=REPO))]
    if args.baseline:
        # The base serves its own commit's files: an older reader refuses newer scene keys.
        base_root = os.path.abspath(os.environ.get("FEEL_SERVE_BASE_ROOT", REPO))
        servers.append(("base", Server(["--quiet", "--root", base_root], cwd=base_root,
                                       command=[os.path.abspath(args.baseline)])))
    rows = []
    try:
        for label, server in servers:
            path = os.environ.get('FEEL_SERVE', '') if label == "new" else args.baseline
            print(f"{label}: feel-serve {os.path.relpath(path, REPO) or ''} on port "
                  f"{server.port}; {os.cpu_count()} cores")
        if "run" in parts:
            print("\n/api/run against spawning feel run for each request")
            print(f"{'scene':44} {'clients':>7} {'server req/s':>12} {'p50 ms':>7} {'p99 ms':>7} "
                  f"{'spawn runs/s':>12} {'ratio':>6}")
        for scene in (scenes if "run" in parts else []):
            done = subprocess.run([FEEL, "run", scene, "--events"], cwd=REPO, capture_output=True,
                                  check=True)
            for label, server in servers:
                answer = json.loads(post(server, "/api/run", {"scene": scene}))
                if answer["csv"].encode() != done.stdout or answer["events_csv"].encode() != done.stderr:
                    raise SystemExit(f"{scene}: /api/run of the {label} server differs from feel run")
            body = os.path.join(work, "run.json")
            with open(body, "w") as f:
                json.dump({"scene": scene}, f)
            for clients, (label, server) in ((c, s) for c in (1, 8) for s in servers):
                figures = hey(server, "/api/run", body, args.requests, clients)
                spawned = spawned_runs(scene, args.spawns, clients)
                ratio = figures["requests_s"] / spawned
                print(f"{label + ' ' + os.path.basename(scene):44} {clients:>7} {figures['requests_s']:>12.1f} "
                      f"{figures['p50_s'] * 1e3:>7.2f} {figures['p99_s'] * 1e3:>7.2f} "
                      f"{spawned:>12.1f} {ratio:>5.1f}x")
                rows.append({"what": "run", "server": label, "input": scene, "clients": clients,
                             "server_per_s": round(figures["requests_s"], 2),
                             "p50_ms": round(figures["p50_s"] * 1e3, 3),
                             "p99_ms": round(figures["p99_s"] * 1e3, 3),
                             "reference_per_s": round(spawned, 2), "ratio": round(ratio, 3)})

        if "sweep" in parts:
            print("\n/api/sweep points/s against feel sweep's (target: at least "
                  f"{TARGET_RATIO:.0%}); medians of {args.sweep_rounds} rounds (3 for a sweep of "
                  "over a second), each round feel sweep then every server; CPU ms a sweep, "
                  "the mean over the rounds (the server process's over its requests; feel "
                  "sweep's whole process)")
            print(f"{'experiment':44} {'clients':>7} {'server pts/s':>12} {'feel sweep pts/s':>16} "
                  f"{'ratio':>6} {'CPU ms':>7} {'feel CPU':>8} {'CPU ratio':>9}")
        below = []
        threads = None
        for experiment in (sweeps if "sweep" in parts else []):
            done = subprocess.run([FEEL, "sweep", experiment, "-o", "-", "--quiet"], cwd=REPO,
                                  capture_output=True, check=True)
            for label, server in servers:
                streamed = post(server, "/api/sweep", {"experiment": experiment})
                if streamed != done.stdout:
                    raise SystemExit(f"{experiment}: /api/sweep of the {label} server differs from "
                                     "feel sweep -o -")
            body = os.path.join(work, "sweep.json")
            with open(body, "w") as f:
                json.dump({"experiment": experiment}, f)
            for clients in (1, 8):
                # One figure is a sweep of tens of milliseconds: each round measures feel sweep
                # and then every server, and the medians of the rounds are compared.
                measured = {label: [] for label, _ in servers}
                references, reference_cpu = [], []
                rounds = args.sweep_rounds
                while len(references) < rounds:
                    points, reference, threads, cpu = feel_sweep_rate(experiment)
                    if points / reference > 1:  # a sweep of seconds varies less: 3 rounds
                        rounds = min(rounds, 3)
                    references.append(reference)
                    reference_cpu.append(cpu)
                    for label, server in servers:
                        cpu_before = process_cpu_s(server.process.pid)
                        figures = hey(server, "/api/sweep", body, clients, clients)
                        cpu_s = (process_cpu_s(server.process.pid) - cpu_before) / clients
                        measured[label].append((points * clients / figures["total_s"], cpu_s))
                # CPU: the mean (the server's is counted in 10 ms ticks: over every round).
                reference = statistics.median(references)
                cpu_reference = statistics.mean(reference_cpu)
                for label, _ in servers:
                    rate = statistics.median(r for r, _ in measured[label])
                    cpu_s = statistics.mean(c for _, c in measured[label])
                    ratio = rate / reference
                    if ratio < TARGET_RATIO:
                        below.append(f"{label}: {experiment} with {clients} client(s)")
                    print(f"{label + ' ' + os.path.basename(experiment):44} {clients:>7} {rate:>12.0f} "
                          f"{reference:>16.0f} {ratio:>6.0%} {cpu_s * 1e3:>7.1f} "
                          f"{cpu_reference * 1e3:>8.1f} {cpu_s / cpu_reference:>9.2f}")
                    rows.append({"what": "sweep", "server": label, "input": experiment,
                                 "clients": clients, "server_per_s": round(rate), "p50_ms": "",
                                 "p99_ms": "", "reference_per_s": round(reference),
                                 "ratio": round(ratio, 3), "rounds": rounds,
                                 "server_cpu_ms": round(cpu_s * 1e3, 2),
                                 "reference_cpu_ms": round(cpu_reference * 1e3, 2),
                                 "load": os.getloadavg()[0]})
        if threads:
            print(f"\nfeel sweep ran on {threads} threads, as each sweep of the server does.")
        if below:
            print("below the target: " + "; ".join(below))
        if "live" in parts:
            live_bench(servers, args.live_seconds, rows,
                       args.live_client or ["native", "processes", "asyncio"], args.pin)
        if "long" in parts:
            long_set_bench(servers, args.long_sets, rows)
    finally:
        for _, server in servers:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            fields = []
            for row in rows:
                fields += [key for key in row if key not in fields]
            writer = csv.DictWriter(f, fieldnames=fields, restval="")
            writer.writeheader()
            writer.writerows(rows)
        print(f"-> {args.csv}")


if __name__ == "__main__":
    main()
