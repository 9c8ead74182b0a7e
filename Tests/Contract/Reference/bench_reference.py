#!/usr/bin/env python3
"""Benchmark of the reference engine: nanoseconds per Box2D sub-step (pybox2d 2.3.10).

    python bench_reference.py [--min-seconds S] SCENE.toml ...

For each scene, plays the reference engine's model of it (reference_engine.ReferenceSimulation)
again and again until its world.Step calls have taken at least S seconds (default 0.5), timing
every world.Step call, and prints CSV on standard output (one line per scene after the header):

    scene,substeps_per_run,runs,ns_per_substep,mean_ns_per_substep,run_ns_per_substep,
    timer_overhead_ns

- ns_per_substep: time inside world.Step (the Python call into Box2D's C++ included), minus
  the cost of reading the clock, per Step call, in the fastest of at least five batches of
  plays (the figure least disturbed by other processes on a shared machine). This is the
  "pybox2d ns per sub-step" that `make bench` sets next to feel's figure, measured the same way.
- mean_ns_per_substep: the same over all batches.
- run_ns_per_substep: the whole play (the Python animator around the steps included) per
  Step call, for context.
- timer_overhead_ns: what one pair of clock reads costs here (already subtracted).

`make bench` runs this and `feel-bench` in the same run and prints their ratio.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference_engine  # noqa: E402  (after the path set-up above)


class _TimedWorld:
    """Stands in for a b2World: forwards everything, and times each Step call."""

    def __init__(self, world):
        object.__setattr__(self, "_world", world)
        object.__setattr__(self, "step_ns", 0)
        object.__setattr__(self, "steps", 0)

    def __getattr__(self, name):
        return getattr(self._world, name)

    def __setattr__(self, name, value):
        setattr(self._world, name, value)

    def Step(self, *arguments):  # noqa: N802 (Box2D's name)
        clock = time.perf_counter_ns
        start = clock()
        self._world.Step(*arguments)
        end = clock()
        object.__setattr__(self, "step_ns", self.step_ns + (end - start))
        object.__setattr__(self, "steps", self.steps + 1)


def timer_overhead_ns(samples: int = 200_000) -> float:
    """The median time between two consecutive clock reads (ns)."""
    clock = time.perf_counter_ns
    deltas = []
    for _ in range(samples):
        start = clock()
        end = clock()
        deltas.append(end - start)
    deltas.sort()
    return float(deltas[len(deltas) // 2])


def play(scene) -> tuple[int, int, int]:
    """One whole play of the scene: (ns inside Step, Step calls, ns for the whole play)."""
    start = time.perf_counter_ns()
    simulation = reference_engine.ReferenceSimulation(scene)
    world = _TimedWorld(simulation.world)
    simulation.world = world
    simulation.run()
    return world.step_ns, world.steps, time.perf_counter_ns() - start


def measure(path: str, min_seconds: float, overhead_ns: float) -> dict:
    """Plays the scene in batches of about a fiftieth of min_seconds of Step time until at least
    min_seconds were timed, in at least five batches."""
    scene = reference_engine.load_scene(path)
    play(scene)  # warm-up
    batch_ns = max(min_seconds / 50, 0.002) * 1e9
    step_ns = steps = run_ns = runs = 0
    batches = []
    while len(batches) < 5 or step_ns < min_seconds * 1e9:
        b_step_ns = b_steps = 0
        while b_steps == 0 or b_step_ns < batch_ns:
            s_ns, s_count, r_ns = play(scene)
            b_step_ns += s_ns
            b_steps += s_count
            run_ns += r_ns
            runs += 1
        step_ns += b_step_ns
        steps += b_steps
        batches.append(b_step_ns / b_steps - overhead_ns)
    if steps == 0:
        raise reference_engine.SceneError(f"{path}: the scene takes no sub-step")
    return {
        "scene": Path(path).stem,
        "substeps_per_run": steps // runs,
        "runs": runs,
        "ns_per_substep": min(batches),
        "mean_ns_per_substep": step_ns / steps - overhead_ns,
        "run_ns_per_substep": run_ns / steps,
        "timer_overhead_ns": overhead_ns,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="ns per sub-step of the pybox2d reference engine")
    parser.add_argument("scenes", nargs="+", help="scene files (TOML)")
    parser.add_argument("--min-seconds", type=float, default=0.5, help="Step time per scene (s)")
    args = parser.parse_args(argv)
    overhead = timer_overhead_ns()
    columns = [
        "scene", "substeps_per_run", "runs", "ns_per_substep", "mean_ns_per_substep",
        "run_ns_per_substep", "timer_overhead_ns",
    ]
    print(",".join(columns))
    gc.disable()  # no collection pauses inside the timed plays
    try:
        for path in args.scenes:
            try:
                row = measure(path, args.min_seconds, overhead)
            except reference_engine.SceneError as error:
                print(f"error: {error}", file=sys.stderr)
                return 2
            print(
                ",".join(
                    str(row[c]) if isinstance(row[c], (str, int)) else f"{row[c]:.1f}" for c in columns
                ),
                flush=True,
            )
    finally:
        gc.enable()
    return 0


if __name__ == "__main__":
    sys.exit(main())
