"""`make bench-serve` (docs/studio.md, "Speed"): the server against the command line, in one
run on the same machine.

- /api/run: requests per second from Debian's load generator `hey` (1 and 8 clients), against
  spawning `feel run SCENE --events` once per request (`xargs -P` with 1 and 8 at a time).
- /api/sweep: grid points per second of whole sweeps streamed to `hey` (1 and 8 clients),
  against `feel sweep`'s own rate (its timing line) on the same experiment. Target: the server
  at least 80 % of feel sweep's rate.

Each answer is first checked against the command line's bytes, so the speed measured is that
of the right answer. FEEL and FEEL_SERVE name the executables (the Makefile passes the release
builds)."""

import argparse
import csv
import json
import os
import re
import shutil
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
    """feel sweep's own points/s (its timing line), writing the CSV to /dev/null."""
    done = subprocess.run([FEEL, "sweep", experiment, "-o", "/dev/null"], cwd=REPO,
                          capture_output=True, text=True, check=True)
    match = re.search(r"(\d+) points in ([\d.]+) s \((\d+) points/s, (\d+) threads?\)", done.stderr)
    return int(match[1]), int(match[3]), int(match[4])


def post(server, path, body):
    request = urllib.request.Request(
        f"http://127.0.0.1:{server.port}{path}", data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=600) as response:
        return response.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--csv", help="also write the figures here")
    parser.add_argument("--scene", action="append",
                        help="scenes for /api/run (default: a Castro release and a drag)")
    parser.add_argument("--sweep", action="append",
                        help="experiments for /api/sweep (default: experiment 1 and the 100k grid)")
    parser.add_argument("--requests", type=int, default=400, help="requests per /api/run figure")
    parser.add_argument("--spawns", type=int, default=200, help="feel runs per spawning figure")
    args = parser.parse_args()
    scenes = args.scene or ["experiments/scenes/castro-release-right-80.toml",
                            "experiments/scenes/castro-drag-right-80.toml"]
    sweeps = args.sweep or ["experiments/snap-damping-release.toml",
                            "experiments/bench/release-100k.toml"]
    if not shutil.which("hey"):
        raise SystemExit("hey is missing: make load-generator installs it")

    work = tempfile.mkdtemp(prefix="feel-bench-serve-")
    server = Server(["--quiet", "--root", REPO], cwd=REPO)
    rows = []
    try:
        print(f"feel-serve {os.path.relpath(os.environ.get('FEEL_SERVE', ''), REPO) or ''} on port "
              f"{server.port}; {os.cpu_count()} cores")
        print("\n/api/run against spawning feel run for each request")
        print(f"{'scene':44} {'clients':>7} {'server req/s':>12} {'p50 ms':>7} {'p99 ms':>7} "
              f"{'spawn runs/s':>12} {'ratio':>6}")
        for scene in scenes:
            answer = json.loads(post(server, "/api/run", {"scene": scene}))
            done = subprocess.run([FEEL, "run", scene, "--events"], cwd=REPO, capture_output=True,
                                  check=True)
            if answer["csv"].encode() != done.stdout or answer["events_csv"].encode() != done.stderr:
                raise SystemExit(f"{scene}: /api/run differs from feel run")
            body = os.path.join(work, "run.json")
            with open(body, "w") as f:
                json.dump({"scene": scene}, f)
            for clients in (1, 8):
                figures = hey(server, "/api/run", body, args.requests, clients)
                spawned = spawned_runs(scene, args.spawns, clients)
                ratio = figures["requests_s"] / spawned
                print(f"{os.path.basename(scene):44} {clients:>7} {figures['requests_s']:>12.1f} "
                      f"{figures['p50_s'] * 1e3:>7.2f} {figures['p99_s'] * 1e3:>7.2f} "
                      f"{spawned:>12.1f} {ratio:>5.1f}x")
                rows.append({"what": "run", "input": scene, "clients": clients,
                             "server_per_s": round(figures["requests_s"], 2),
                             "p50_ms": round(figures["p50_s"] * 1e3, 3),
                             "p99_ms": round(figures["p99_s"] * 1e3, 3),
                             "reference_per_s": round(spawned, 2), "ratio": round(ratio, 3)})

        print("\n/api/sweep points/s against feel sweep's (target: at least "
              f"{TARGET_RATIO:.0%})")
        print(f"{'experiment':44} {'clients':>7} {'server pts/s':>12} {'feel sweep pts/s':>16} "
              f"{'ratio':>6}")
        below = []
        for experiment in sweeps:
            streamed = post(server, "/api/sweep", {"experiment": experiment})
            done = subprocess.run([FEEL, "sweep", experiment, "-o", "-", "--quiet"], cwd=REPO,
                                  capture_output=True, check=True)
            if streamed != done.stdout:
                raise SystemExit(f"{experiment}: /api/sweep differs from feel sweep -o -")
            body = os.path.join(work, "sweep.json")
            with open(body, "w") as f:
                json.dump({"experiment": experiment}, f)
            for clients in (1, 8):
                points, reference, threads = feel_sweep_rate(experiment)
                figures = hey(server, "/api/sweep", body, clients, clients)
                rate = points * clients / figures["total_s"]
                ratio = rate / reference
                if ratio < TARGET_RATIO:
                    below.append(f"{experiment} with {clients} client(s)")
                print(f"{os.path.basename(experiment):44} {clients:>7} {rate:>12.0f} "
                      f"{reference:>16.0f} {ratio:>6.0%}")
                rows.append({"what": "sweep", "input": experiment, "clients": clients,
                             "server_per_s": round(rate), "p50_ms": "", "p99_ms": "",
                             "reference_per_s": reference, "ratio": round(ratio, 3)})
        print(f"\nfeel sweep ran on {threads} threads, as each sweep of the server does.")
        if below:
            print("below the target: " + "; ".join(below))
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        print(f"-> {args.csv}")


if __name__ == "__main__":
    main()
