"""`make soak` (docs/server-measurements.md, "Staying up"): feel-serve's resident memory under
load, on loopback, in three parts (each on a server of its own, so one part's memory does not
hide in another's):

- `requests`: POST /api/metrics with one committed scene, one request in ten a scene text with
  a TOML syntax error; the server's resident memory after `--warmup` requests, then after
  `--requests` more. Target: at most 4 MB of growth over 20,000 requests after 2,000.
- `live`: 8 live sessions of feel-live-load (120 Hz, a new `open` every 3 s of scene time, two
  `set`s a round) for `--live-seconds`; resident memory every 10 s. Target: at most 1 MB of
  growth between 30 s and 180 s.
- `soak`: 8 live sessions and a mix of API requests at once (run, metrics, sweep, export, the
  page; one request in ten with a malformed scene) for `--soak-seconds`; resident memory every
  10 s, and the least-squares slope of it after `--soak-warmup` seconds.

Resident memory is VmRSS of /proc/PID/status (Linux). FEEL_SERVE and FEEL_LIVE_LOAD name the
executables (the Makefile passes the release builds). Exit status 1 when a target is missed."""

import argparse
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from serve_process import REPO, Server, resident_kib  # noqa: E402
from live_client import without_touches  # noqa: E402

LIVE_LOAD = os.path.abspath(os.environ.get(
    "FEEL_LIVE_LOAD", os.path.join(REPO, ".build/release/feel-live-load")))
SCENE = "experiments/scenes/castro-release-right-80.toml"
LIVE_SCENE = "experiments/scenes/castro-drag-right-80.toml"
EXPORT_SCENE = "experiments/scenes/castro-release-left-40.toml"
SWEEP = "experiments/snap-damping-release.toml"
REQUESTS_TARGET_MB = 4.0
LIVE_TARGET_MB = 1.0
LIVE_FROM_S, LIVE_TO_S = 30.0, 180.0

# TOML syntax errors of the kinds a hand-edited file has, each appended to a valid scene's text
# (so the reader has read the whole scene before it finds the error) or replacing a line of it.
SYNTAX_ERRORS = [
    lambda text: text + "\n[[item]\nid = \"late\"\n",            # an unclosed header
    lambda text: text + "\nbroken = [1, 2,\n",                   # an unclosed array
    lambda text: text.replace("frame_rate = 60\n", "frame_rate = 6o\n", 1),  # not a number
    lambda text: text + "\nname = \"an unclosed string\n",       # a string without its end
    lambda text: text.replace("duration = 3.0\n", "duration = 3.0\nduration = 2\n", 1),  # twice
]


def mb(kb):
    return kb / 1024.0


def slope_mb_per_hour(samples):
    """The least-squares slope of (t_s, kB) samples, in MB per hour."""
    n = len(samples)
    if n < 2:
        return float("nan")
    mean_t = sum(t for t, _ in samples) / n
    mean_r = sum(r for _, r in samples) / n
    var = sum((t - mean_t) ** 2 for t, _ in samples)
    cov = sum((t - mean_t) * (r - mean_r) for t, r in samples)
    return mb(cov / var) * 3600.0


class Client:
    """One keep-alive connection to the server, reopened when the server closes it."""

    def __init__(self, server):
        self.server = server
        self.connection = None

    def request(self, method, path, body=None):
        headers = {"Authorization": f"Bearer {self.server.token}"}
        if body is not None:
            body = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.server.port,
                                                             timeout=300)
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                data = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.close()
                return response.status, data
            except (http.client.HTTPException, ConnectionError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def metrics_bodies(root):
    """The good body and the bad ones of the requests part."""
    with open(os.path.join(root, SCENE)) as f:
        text = f.read()
    good = {"scene": SCENE}
    bad = [{"scene_toml": make(text)} for make in SYNTAX_ERRORS]
    return good, bad


def send_metrics(client, good, bad, count, offset):
    """`count` requests: request k (from `offset`) is a syntax error when k % 10 == 9."""
    for k in range(offset, offset + count):
        if k % 10 == 9:
            status, data = client.request("POST", "/api/metrics", bad[(k // 10) % len(bad)])
            if status != 400 or b"TOML syntax" not in data:
                raise SystemExit(f"request {k}: expected 400 with a TOML syntax error, got "
                                 f"{status} {data[:200]!r}")
        else:
            status, data = client.request("POST", "/api/metrics", good)
            if status != 200:
                raise SystemExit(f"request {k}: expected 200, got {status} {data[:200]!r}")


def requests_part(root, warmup, requests):
    print(f"\nrequests: POST /api/metrics {SCENE}, one in ten a TOML syntax error; "
          f"{warmup} of warm-up, then {requests} (target: at most {REQUESTS_TARGET_MB:g} MB of "
          f"growth over 20,000)")
    server = Server(["--quiet", "--root", root], cwd=root)
    try:
        client = Client(server)
        good, bad = metrics_bodies(root)
        start_kb = resident_kib(server.process.pid)
        t0 = time.monotonic()
        send_metrics(client, good, bad, warmup, 0)
        warm_kb = resident_kib(server.process.pid)
        print(f"  resident memory: {mb(start_kb):.1f} MB at the start, {mb(warm_kb):.1f} MB after "
              f"{warmup} requests")
        step = max(1, requests // 10)
        done = 0
        while done < requests:
            count = min(step, requests - done)
            send_metrics(client, good, bad, count, warmup + done)
            done += count
            print(f"  after {done:>6} more: {mb(resident_kib(server.process.pid)):.1f} MB")
        end_kb = resident_kib(server.process.pid)
        client.close()
        seconds = time.monotonic() - t0
        growth = mb(end_kb - warm_kb)
        per_request = (end_kb - warm_kb) * 1024.0 / requests
        scaled = growth * 20000.0 / requests
        met = scaled <= REQUESTS_TARGET_MB
        print(f"  growth over {requests} requests: {growth:.2f} MB ({per_request:.0f} bytes a "
              f"request; {scaled:.2f} MB per 20,000: {scaled / REQUESTS_TARGET_MB:.2f} of the "
              f"target, {'met' if met else 'MISSED'}); {(warmup + requests) / seconds:.0f} "
              "requests/s")
        return met
    finally:
        server.stop()


def start_live_load(server, sessions, seconds, seed=0):
    with open(os.path.join(REPO, LIVE_SCENE)) as f:
        text = without_touches(f.read())
    handle = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    with handle as f:
        json.dump({"type": "open", "scene_toml": text}, f)
    process = subprocess.Popen(
        [LIVE_LOAD, "--port", str(server.port), "--token", server.token, "--sessions",
         str(sessions), "--seconds", str(seconds), "--open-message", handle.name, "--set-path",
         "behavior.scrub-snap.damping", "--seed", str(seed)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return process, handle.name


def finish_live_load(process, open_file):
    out, err = process.communicate()
    os.unlink(open_file)
    if process.returncode != 0:
        raise SystemExit(f"feel-live-load: status {process.returncode}: {err.strip()}")
    frames = sum(1 for line in out.splitlines() if '"kind": "frame"' in line
                 or '"kind":"frame"' in line)
    return frames


def sample_until(server, seconds, every_s, report, stop=None):
    """Resident memory every `every_s` from now until `seconds` have passed (or `stop` is
    set): [(t_s, kB)], each printed with `report`."""
    start = time.monotonic()
    samples = [(0.0, resident_kib(server.process.pid))]
    report(*samples[0])
    k = 1
    while True:
        wake = start + k * every_s
        if wake > start + seconds + 1e-9:
            break
        while time.monotonic() < wake:
            if stop is not None and stop.is_set():
                return samples
            time.sleep(min(0.2, max(0.0, wake - time.monotonic())))
        samples.append((time.monotonic() - start, resident_kib(server.process.pid)))
        report(*samples[-1])
        k += 1
    return samples


def at(samples, t_s):
    """The sample closest to `t_s`."""
    return min(samples, key=lambda s: abs(s[0] - t_s))


def live_part(root, sessions, seconds, every_s):
    print(f"\nlive: {sessions} sessions of feel-live-load (120 Hz, an open every 3 s of scene "
          f"time) for {seconds:g} s (target: at most {LIVE_TARGET_MB:g} MB of growth between "
          f"{LIVE_FROM_S:g} s and {LIVE_TO_S:g} s)")
    server = Server(["--quiet", "--root", root], cwd=root)
    try:
        process, open_file = start_live_load(server, sessions, seconds)
        samples = sample_until(server, seconds, every_s,
                               lambda t, kb: print(f"  {t:6.0f} s  {mb(kb):7.2f} MB", flush=True))
        frames = finish_live_load(process, open_file)
        print(f"  {frames} frames")
        if seconds + 1 < LIVE_TO_S:
            print(f"  (shorter than {LIVE_TO_S:g} s: no target)")
            return True
        first, last = at(samples, LIVE_FROM_S), at(samples, LIVE_TO_S)
        growth = mb(last[1] - first[1])
        met = growth <= LIVE_TARGET_MB
        print(f"  growth from {first[0]:.0f} s to {last[0]:.0f} s: {growth:.2f} MB "
              f"({growth / LIVE_TARGET_MB:.2f} of the target, {'met' if met else 'MISSED'}); "
              f"slope after {LIVE_FROM_S:g} s: "
              f"{slope_mb_per_hour([s for s in samples if s[0] >= LIVE_FROM_S - 1]):.2f} MB/h")
        return met
    finally:
        server.stop()


def api_mix(server, root, stop, counts):
    """Requests one after another until `stop`: run, metrics, sweep, export and the page, one
    in ten with a malformed scene (a TOML syntax error, or a key the scene reader refuses)."""
    client = Client(server)
    with open(os.path.join(root, SCENE)) as f:
        text = f.read()
    malformed = [{"scene_toml": make(text)} for make in SYNTAX_ERRORS] + [
        {"scene_toml": text.replace("damping = ", "dampng = ", 1)},
        {"scene_toml": text + "\n[[item]]\nid = \"bar\"\n"},
    ]
    good = [
        ("/api/run", {"scene": SCENE}),
        ("/api/metrics", {"scene": SCENE}),
        ("/api/run", {"scene": SCENE, "set": {"behavior.scrub-snap.damping": 0.42}}),
        ("/api/sweep", {"experiment": SWEEP, "axes": {"damping": [0.3, 0.5],
                                                      "release_pt": [40, 80]}}),
        ("/api/export", {"scene": EXPORT_SCENE}),
        ("GET", "/api/nothing-here"),
        ("/api/metrics", {"scene_toml": text}),
        ("/api/run", {"scene": SCENE, "touches": [{"id": "extra", "samples": [[0.5, 40, 25]]}]}),
        ("/api/metrics", {"scene": "experiments/scenes/apple-snap.toml"}),
    ]
    k = 0
    try:
        while not stop.is_set():
            if k % 10 == 9:
                body = malformed[(k // 10) % len(malformed)]
                status, data = client.request("POST", ("/api/run", "/api/metrics")[k % 2], body)
                if status != 400:
                    raise SystemExit(f"malformed request {k}: expected 400, got {status}")
                counts["malformed"] += 1
            else:
                path, body = good[k % len(good)]
                if path == "GET":
                    status, _ = client.request("GET", body)
                    expected = 404
                else:
                    status, data = client.request("POST", path, body)
                    expected = 200
                if status != expected:
                    raise SystemExit(f"request {k} {path}: expected {expected}, got {status} "
                                     f"{data[:200]!r}")
                counts["good"] += 1
            k += 1
    finally:
        client.close()


def soak_part(root, sessions, seconds, warmup_s, every_s):
    print(f"\nsoak: {sessions} live sessions and a mix of API requests (one in ten malformed) for "
          f"{seconds:g} s; resident memory every {every_s:g} s, the slope after {warmup_s:g} s")
    server = Server(["--quiet", "--root", root], cwd=root)
    try:
        process, open_file = start_live_load(server, sessions, seconds, seed=7)
        stop = threading.Event()
        counts = {"good": 0, "malformed": 0}
        failure = []

        def mix():
            try:
                api_mix(server, root, stop, counts)
            except BaseException as error:  # reported below, the part fails
                failure.append(error)
                stop.set()

        thread = threading.Thread(target=mix, daemon=True)
        thread.start()
        samples = sample_until(
            server, seconds, every_s,
            lambda t, kb: print(f"  {t:6.0f} s  {mb(kb):7.2f} MB  ({counts['good']} requests, "
                                f"{counts['malformed']} malformed)", flush=True), stop)
        stop.set()
        thread.join()
        frames = finish_live_load(process, open_file) if not failure else 0
        if failure:
            process.kill()
            raise SystemExit(f"the API mix failed: {failure[0]}")
        after = [s for s in samples if s[0] >= warmup_s - 1]
        slope = slope_mb_per_hour(after)
        growth = mb(after[-1][1] - after[0][1]) if after else float("nan")
        print(f"  {counts['good'] + counts['malformed']} requests ({counts['malformed']} "
              f"malformed), {frames} live frames; after {warmup_s:g} s: {growth:+.2f} MB over "
              f"{after[-1][0] - after[0][0]:.0f} s, slope {slope:+.2f} MB/h")
        return True
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=["requests", "live", "soak"], action="append",
                        help="only these parts (default: all three, in that order)")
    parser.add_argument("--warmup", type=int, default=2000, help="requests of warm-up")
    parser.add_argument("--requests", type=int, default=20000, help="requests measured")
    parser.add_argument("--sessions", type=int, default=8, help="live sessions at once")
    parser.add_argument("--live-seconds", type=float, default=180.0,
                        help="how long the live part runs (s)")
    parser.add_argument("--soak-seconds", type=float, default=300.0,
                        help="how long the soak part runs (s)")
    parser.add_argument("--soak-warmup", type=float, default=60.0,
                        help="seconds of the soak before its slope is taken")
    parser.add_argument("--every", type=float, default=10.0,
                        help="seconds between two readings of resident memory")
    args = parser.parse_args()
    parts = args.only or ["requests", "live", "soak"]
    root = tempfile.mkdtemp(prefix="feel-soak-")
    shutil.copytree(os.path.join(REPO, "experiments"), os.path.join(root, "experiments"))
    print(f"feel-serve {os.environ.get('FEEL_SERVE', '')}; {os.cpu_count()} cores; root {root}")
    met = True
    try:
        if "requests" in parts:
            met &= requests_part(root, args.warmup, args.requests)
        if "live" in parts:
            met &= live_part(root, args.sessions, args.live_seconds, args.every)
        if "soak" in parts:
            met &= soak_part(root, args.sessions, args.soak_seconds, args.soak_warmup, args.every)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    if not met:
        print("\na target was missed")
        sys.exit(1)


if __name__ == "__main__":
    main()
