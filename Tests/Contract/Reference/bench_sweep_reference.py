#!/usr/bin/env python3
"""pybox2d's rate on sampled grid points of experiments (the sweep section of `make bench`).

    python bench_sweep_reference.py [--min-seconds S] SAMPLES_FOLDER

SAMPLES_FOLDER holds one folder per experiment, NAME/*.toml, the grid points `feel-bench
--write-samples` wrote (evenly spaced over the grid). Each scene is played whole by the
reference engine (reference_engine.ReferenceSimulation: pybox2d 2.3.10 with the Python animator
around it, as the differential test runs it), one scene after the other on one thread; the
folder is played again until at least S seconds (default 0.5) were timed, and the fastest pass
counts. Prints CSV on standard output:

    experiment,samples,seconds

- seconds: the fastest pass over the folder's `samples` scenes, so samples / seconds is the
  reference's grid points per second on one thread.

A paused reference animator steps nothing for the rest of the scene, so its frames after the
pause cost next to nothing, as `feel sweep`'s early stop at rest saves them.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference_engine  # noqa: E402  (after the path set-up above)


def play_all(scenes) -> float:
    """One pass: every scene played whole; the time in seconds."""
    start = time.perf_counter()
    for scene in scenes:
        reference_engine.ReferenceSimulation(scene).run()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="pybox2d grid points per second on samples")
    parser.add_argument("folder", help="folder of NAME/*.toml samples (feel-bench --write-samples)")
    parser.add_argument("--min-seconds", type=float, default=0.5, help="time per experiment (s)")
    args = parser.parse_args(argv)
    print("experiment,samples,seconds")
    gc.disable()
    try:
        for folder in sorted(p for p in Path(args.folder).iterdir() if p.is_dir()):
            files = sorted(folder.glob("*.toml"))
            if not files:
                continue
            try:
                scenes = [reference_engine.load_scene(f) for f in files]
            except reference_engine.SceneError as error:
                print(f"error: {error}", file=sys.stderr)
                return 2
            play_all(scenes[:2])  # warm-up
            best = float("inf")
            total = 0.0
            passes = 0
            while passes < 2 or total < args.min_seconds:
                seconds = play_all(scenes)
                best = min(best, seconds)
                total += seconds
                passes += 1
            print(f"{folder.name},{len(scenes)},{best:.6f}", flush=True)
    finally:
        gc.enable()
    return 0


if __name__ == "__main__":
    sys.exit(main())
